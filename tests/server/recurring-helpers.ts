// Shared by the recurring-*.test.ts suites: what a refused request must leave untouched in the
// recurring tables (and the payment tables: billing-helpers' snapshot), reading the mailbox, and
// many due schedules written straight into the database with what became of each.
import type { Db } from '../../server/db/index.ts';
import { snapshot, type Api } from './billing-helpers.ts';

export async function recurringSnapshot(db: Db): Promise<Record<string, number | string>> {
  const { rows } = await db.query<{ schedules: string | null; authorizations: string; occurrences: string }>(
    `SELECT (SELECT string_agg(concat_ws(':', id, status, sub_ledger_id, payment_method_id, frequency, day_of_month, start_date, next_payment_date,
                                         amount_kind, amount_cents, basis_points, maximum_cents, consecutive_failures, updated_at), ',' ORDER BY id)
               FROM recurring_payments) AS schedules,
            (SELECT count(*) FROM recurring_payment_authorizations) AS authorizations,
            (SELECT count(*) FROM recurring_payment_occurrences) AS occurrences`,
  );
  return { ...(await snapshot(db)), schedules: rows[0].schedules ?? '', authorizations: Number(rows[0].authorizations), occurrences: Number(rows[0].occurrences) };
}

/** The mail sent to an address (newest last). */
export async function mailTo(db: Db, to: string): Promise<{ subject: string; text: string }[]> {
  const { rows } = await db.query<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id`, [to]);
  return rows.map((r) => ({ subject: r.subject, text: r.text_body }));
}

type ChangeBody = Parameters<Api['typed']['reviewRecurringPaymentChange']>[1];

/** Changes a confirmed schedule's terms as the portal does: reads the new authorization, then agrees to it word for word. */
export async function agreeToChange(client: Api, id: string, change: ChangeBody) {
  const review = await client.typed.reviewRecurringPaymentChange(id, change);
  if (review.status !== 200) return review;
  return client.typed.updateRecurringPayment(id, { ...change, agreedAuthorizationText: review.data.authorizationText });
}

/** Monthly fixed amount of the schedules seedDueSchedules writes. */
export const SEEDED_MONTHLY_CENTS = 10000;

/**
 * `n` accounts of one owner at an association (account numbers from `firstAccount`), each owing
 * `owedCents` on a sub-ledger with an active monthly schedule of SEEDED_MONTHLY_CENTS paid with
 * `methodId`, next due on `from` (its day of the month): one statement per table. Returns the schedules' ids.
 */
export async function seedDueSchedules(
  db: Db,
  s: { n: number; firstAccount: number; associationId: number; userId: number; methodId: number; from: string; owedCents: number },
): Promise<string[]> {
  const last = s.firstAccount + s.n - 1;
  await db.query(
    `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code)
     SELECT $1, ($3::integer + i)::text, $2, (i + 1) || ' Batch Way', 'Atlanta', 'GA', '30301' FROM generate_series(0, $4::integer - 1) i`,
    [s.associationId, s.userId, s.firstAccount, s.n],
  );
  const ledgers = `SELECT sl.id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE ac.account_number::integer BETWEEN $1 AND $2`;
  await db.query(`INSERT INTO sub_ledgers (account_id, name, position) SELECT id, 'Assessments', 0 FROM accounts WHERE account_number::integer BETWEEN $1 AND $2`, [s.firstAccount, last]);
  await db.query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) SELECT id, 'charge', $3, 'Assessment' FROM (${ledgers}) l`, [s.firstAccount, last, s.owedCents]);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO recurring_payments (id, user_id, sub_ledger_id, payment_method_id, frequency, day_of_month, start_date, next_payment_date, amount_kind, amount_cents, status)
     SELECT 'rec_batch' || lpad(id::text, 12, '0'), $3, id, $4, 'monthly', extract(day FROM $5::date), $5::date, $5::date, 'fixed', $6, 'active' FROM (${ledgers}) l
     RETURNING id`,
    [s.firstAccount, last, s.userId, s.methodId, s.from, SEEDED_MONTHLY_CENTS],
  );
  return rows.map((r) => r.id);
}

/** Per schedule (in id order): its occurrences, their payments, provider charges and ledger entries, and the payments still being charged. */
export async function occurrenceTally(db: Db, ids: string[]) {
  const { rows } = await db.query<{ id: string; occurrences: string; payments: string; charges: string; entries: string; processing: string }>(
    `SELECT r.id,
            (SELECT count(*) FROM recurring_payment_occurrences o WHERE o.recurring_payment_id = r.id) AS occurrences,
            (SELECT count(*) FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id WHERE o.recurring_payment_id = r.id) AS payments,
            (SELECT count(*) FROM recurring_payment_occurrences o JOIN sandbox_charges c ON c.description LIKE '% payment ' || o.payment_id WHERE o.recurring_payment_id = r.id) AS charges,
            (SELECT count(*) FROM recurring_payment_occurrences o JOIN ledger_entries e ON e.payment_id = o.payment_id WHERE o.recurring_payment_id = r.id) AS entries,
            (SELECT count(*) FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id WHERE o.recurring_payment_id = r.id AND p.status = 'processing') AS processing
       FROM recurring_payments r WHERE r.id = ANY($1::text[]) ORDER BY r.id`,
    [ids],
  );
  return rows.map((r) => ({ occurrences: Number(r.occurrences), payments: Number(r.payments), charges: Number(r.charges), entries: Number(r.entries), processing: Number(r.processing) }));
}
