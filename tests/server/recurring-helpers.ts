// Shared by the recurring-*.test.ts suites: what a refused request must leave untouched in the
// recurring tables (and the payment tables: billing-helpers' snapshot), and reading the mailbox.
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
