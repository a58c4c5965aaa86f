// N recurring payment schedules of N homeowners, all due on one day, seeded with a few set-based
// statements (INSERT … SELECT generate_series): 100,000 take seconds, not the minutes the API would.
// The rows are shaped as the stores write them: a homeowner (users) owning an account with an
// Assessments sub-ledger that owes one charge (a ledger entry, so the balance trigger keeps
// sub_ledgers.balance_cents right), a card saved for the association's merchant (payment_methods,
// its token a method of the sandbox provider's own table that always succeeds), and an active
// monthly schedule of the full balance (recurring_payments, server/payments/recurring-store.ts)
// with the authorization it was confirmed with. Row n (1..N) has id n in every table with an
// identity, so the statements join on n without lookups; the identities are moved past N after.
// The first `warm` schedules may be due on another day (the bench's warm-up: they are charged first,
// so the instances' code and connections are warm when the measured ones come due).
import type { Db } from '../../../server/db/index.ts';

export const MERCHANT = 'acct_scale_bench';
/** What each sub-ledger owes: 150.00 to 300.00 in steps of 25.00, so the amounts differ. */
export const OWED_SQL = '15000 + (n % 7) * 2500';
const FIRST_ACCOUNT_NUMBER = 800_000_000;

export interface ScheduleGroups {
  /** Schedules due on `dueDate` (YYYY-MM-DD, the app's New York business date). */
  count: number;
  dueDate: string;
  /** Schedules (ids 1..warm, before the others) due on `warmDate`. */
  warm: number;
  warmDate: string;
}

/** Seeds warm + count schedules into a fresh, migrated database. */
export async function seedDueSchedules(db: Db, groups: ScheduleGroups, now: Date): Promise<void> {
  const { warm, warmDate, dueDate } = groups;
  const count = warm + groups.count;
  // Each schedule's date and day of the month, by its n.
  const date = `(CASE WHEN n <= ${warm} THEN '${warmDate}' ELSE '${dueDate}' END)::date`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(warmDate) || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || !Number.isInteger(warm)) throw new Error('seedDueSchedules: dates are YYYY-MM-DD');
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO management_companies (id, code, name) VALUES (1, 'scalebench', 'Scale Bench Management')`);
    await tx.query(
      `INSERT INTO associations (id, management_company_id, code, name, auto_draft_type, provider_account)
       VALUES (1, 1, 'scalebench', 'Scale Bench Commons', 'portal', $1)`,
      [MERCHANT],
    );
    const series = `FROM generate_series(1, $1::int) AS n`;
    // A password hash nothing verifies against: these homeowners never sign in.
    await tx.query(
      `INSERT INTO users (id, management_company_id, email, password_hash, first_name, last_name, created_at, password_changed_at)
       SELECT n, 1, 'owner' || n || '@scale.example', '!', 'Owner', 'No. ' || n, $2, $2 ${series}`,
      [count, now],
    );
    await tx.query(
      `INSERT INTO accounts (id, association_id, account_number, owner_user_id, address1, city, state_province, postal_code, registered_at, created_at)
       SELECT n, 1, ($2::bigint + n)::text, n, n || ' Scale Street', 'Raleigh', 'NC', '27601', $3, $3 ${series}`,
      [count, FIRST_ACCOUNT_NUMBER, now],
    );
    await tx.query(`INSERT INTO sub_ledgers (id, account_id, name, position, created_at) SELECT n, n, 'Assessments', 0, $2 ${series}`, [count, now]);
    await tx.query(
      `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at)
       SELECT n, 'charge', ${OWED_SQL}, 'Monthly assessment', ${date}, $2 ${series}`,
      [count, now],
    );
    await tx.query(
      `INSERT INTO sandbox_methods (id, merchant_account, customer_ref, kind, test_behavior, card_number, card_brand, exp_month, exp_year, holder_name, last4, created_at)
       SELECT 'pm_scale' || lpad(n::text, 16, '0'), $2, n::text, 'card', 'succeed', '4242424242424242', 'visa', 12, 2040, 'Owner No. ' || n, '4242', $3 ${series}`,
      [count, MERCHANT, now],
    );
    await tx.query(
      `INSERT INTO payment_methods (id, owner_user_id, provider_token, kind, brand, last4, exp_month, exp_year, association_id, merchant_account, created_at)
       SELECT n, n, 'pm_scale' || lpad(n::text, 16, '0'), 'card', 'visa', '4242', 12, 2040, 1, $2, $3 ${series}`,
      [count, MERCHANT, now],
    );
    await tx.query(
      `INSERT INTO recurring_payments (id, user_id, sub_ledger_id, payment_method_id, frequency, day_of_month, start_date, next_payment_date,
                                       amount_kind, status, created_at, updated_at)
       SELECT 'rec_' || lpad(n::text, 16, '0'), n, n, n, 'monthly', extract(day FROM ${date}), ${date}, ${date}, 'fullBalance', 'active', $2, $2 ${series}`,
      [count, now],
    );
    await tx.query(
      `INSERT INTO recurring_payment_authorizations (user_id, recurring_payment_id, text, sub_ledger_id, payment_method_id, frequency, day_of_month, amount_kind, created_at)
       SELECT n, 'rec_' || lpad(n::text, 16, '0'), 'I authorize monthly payments of the full balance (scale bench).', n, n, 'monthly', extract(day FROM ${date}), 'fullBalance', $2 ${series}`,
      [count, now],
    );
    for (const table of ['management_companies', 'associations', 'users', 'accounts', 'sub_ledgers', 'payment_methods']) {
      await tx.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
  });
  await db.query('ANALYZE');
}
