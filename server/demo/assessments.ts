// Demo assessment schedules, relative to the seed's date: the Maple Grove accounts of the demo's
// homeowners are charged a $200.00 monthly assessment from 10 days after the seed (that day of the
// month on), account 200411 at Cedar Point a one-time $350.00 special assessment in 20 days, and
// Demoville's account 300100 goes on with the $50.00 monthly assessment it was charged 5 days ago.
// Nothing posts at load: the first charges come when the clock passes their dates.
import type { Queryable } from '../db/index.ts';
import { addDays, appDate } from '../payments/billing.ts';
import { createAssessmentSchedule } from '../assessments/store.ts';
import { followingChargeDate } from '../assessments/schedule.ts';

export const DEMO_ASSESSMENT_SCHEDULES: { account: string; subLedger: string; description: string; cents: number; inDays: number; oneTime?: boolean; continues?: boolean }[] = [
  { account: '100234', subLedger: 'Assessments', description: 'Monthly assessment', cents: 20000, inDays: 10 },
  { account: '200411', subLedger: 'Assessments', description: 'Special assessment: roof repair', cents: 35000, inDays: 20, oneTime: true },
  { account: '100235', subLedger: 'Assessments', description: 'Monthly assessment', cents: 20000, inDays: 10 },
  { account: '100238', subLedger: 'Assessments', description: 'Monthly assessment', cents: 20000, inDays: 10 },
  // A month after its last charge (5 days before the seed; server/demo/seed.ts).
  { account: '300100', subLedger: 'Assessments', description: 'Monthly assessment', cents: 5000, inDays: -5, continues: true },
];

export async function seedDemoAssessmentSchedules(tx: Queryable, now: Date): Promise<void> {
  for (const s of DEMO_ASSESSMENT_SCHEDULES) {
    const { rows } = await tx.query<{ id: number }>(
      'SELECT sl.id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE ac.account_number = $1 AND sl.name = $2',
      [s.account, s.subLedger],
    );
    if (!rows[0]) continue;
    const day = addDays(appDate(now), s.inDays);
    const dayOfMonth = Number(day.slice(8));
    // `continues`: the charge on `day` is in the ledger already; the schedule starts with the next one.
    const startDate = s.continues ? followingChargeDate(day, dayOfMonth) : day;
    await createAssessmentSchedule(
      tx,
      { subLedgerId: Number(rows[0].id), description: s.description, amountCents: s.cents, dayOfMonth, startDate, endDate: s.oneTime ? startDate : null },
      now,
    );
  }
}
