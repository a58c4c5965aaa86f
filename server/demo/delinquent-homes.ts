// Three of Maple Grove's other homes fell behind (the seed's own 100234 and 100236 are 30 days past
// due), so the board's delinquency report has an account in each collection stage it tells apart
// (server/board/account-standing.ts): 60 days, 90+ days and attorney (120 days and more, the board's
// rule for handing the account over). Their charges are dated in days before the business day of the
// seed's now (New York's), so a demo seeded on any day, at any hour, shows the same stages.
import type { Queryable } from '../db/index.ts';
import { addDays, appDate } from '../payments/billing.ts';

interface OverdueCharge { kind: 'charge' | 'late_fee'; cents: number; description: string; daysAgo: number }

const QUARTER = (daysAgo: number): OverdueCharge => ({ kind: 'charge', cents: 20000, description: 'Quarterly assessment', daysAgo });
const LATE_FEE = (daysAgo: number): OverdueCharge => ({ kind: 'late_fee', cents: 2500, description: 'Late fee', daysAgo });

/** Accounts among 101001-101280 (maple-grove-homes.ts), with their unpaid charges. */
export const DELINQUENT_HOMES: { account: string; charges: OverdueCharge[] }[] = [
  { account: '101012', charges: [QUARTER(60), LATE_FEE(45)] }, // 60 days past due
  { account: '101027', charges: [QUARTER(95), LATE_FEE(80), QUARTER(5)] }, // 95 days: 90+ days
  { account: '101043', charges: [QUARTER(150), LATE_FEE(135), QUARTER(60), LATE_FEE(45)] }, // 150 days: attorney
];

export async function seedDelinquentHomes(tx: Queryable, maple: number, now: Date): Promise<void> {
  const today = appDate(now);
  for (const home of DELINQUENT_HOMES) {
    for (const c of home.charges) {
      await tx.query(
        `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at)
         SELECT sl.id, $3, $4, $5, $6, $7 FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id
          WHERE ac.association_id = $1 AND ac.account_number = $2 AND sl.name = 'Assessments'`,
        [maple, home.account, c.kind, c.cents, c.description, addDays(today, -c.daysAgo), new Date(now.getTime() - c.daysAgo * 24 * 3600 * 1000)],
      );
    }
  }
}
