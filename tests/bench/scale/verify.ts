// Exactly once, read back from the database after a run: for every seeded schedule one occurrence
// of its due date with an outcome, one payment, one charge in the sandbox provider's own table
// (sandbox_charges: what the provider would bill) for the payment's total, one ledger entry of the
// payment, the balance paid and the schedule moved on to its next month; and one notice of the
// occurrence per schedule, e-mailed once. Each check is a count that must be what it says.
import type { Queryable } from '../../../server/db/index.ts';

export interface Check {
  what: string;
  expected: number;
  actual: number;
}

/** The checks that do not hold, as sentences; empty when all of them do. */
export function failedChecks(checks: Check[]): string[] {
  return checks.filter((c) => c.actual !== c.expected).map((c) => `${c.what}: ${c.actual} (expected ${c.expected})`);
}

async function counts(db: Queryable, sql: string, params: unknown[]): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, string | number>>(sql, params);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

/** The due work's result for the `count` seeded schedules, each due on its start date (all of them paid by card). */
export async function dueChecks(db: Queryable, count: number): Promise<Check[]> {
  const c = await counts(db, `SELECT
      (SELECT count(*) FROM recurring_payment_occurrences) AS occurrences,
      (SELECT count(*) FROM recurring_payments r WHERE NOT EXISTS (
         SELECT 1 FROM recurring_payment_occurrences o WHERE o.recurring_payment_id = r.id AND o.occurrence_date = r.start_date)) AS missed,
      (SELECT count(*) FROM recurring_payment_occurrences WHERE outcome IS DISTINCT FROM 'succeeded' OR applied_at IS NULL) AS without_success,
      (SELECT count(*) FROM payments WHERE kind = 'recurring') AS payments,
      (SELECT count(*) FROM (SELECT sub_ledger_id FROM payments WHERE kind = 'recurring' GROUP BY 1 HAVING count(*) > 1) x) AS paid_twice,
      (SELECT count(*) FROM payments WHERE kind = 'recurring' AND status <> 'succeeded') AS payments_not_succeeded,
      (SELECT count(*) FROM recurring_payment_occurrences o WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = o.payment_id)) AS occurrences_without_payment,
      (SELECT count(*) FROM sandbox_charges) AS charges,
      (SELECT count(*) FROM (SELECT method_id FROM sandbox_charges GROUP BY 1 HAVING count(*) > 1) x) AS charged_twice,
      (SELECT count(*) FROM payments p WHERE p.kind = 'recurring' AND NOT EXISTS (
         SELECT 1 FROM sandbox_charges c WHERE c.id = p.provider_charge_id AND c.amount_cents = p.total_cents AND c.status = 'succeeded')) AS payments_without_charge,
      (SELECT count(*) FROM ledger_entries WHERE kind = 'payment') AS entries,
      (SELECT count(*) FROM (SELECT sub_ledger_id FROM ledger_entries WHERE kind = 'payment' GROUP BY 1 HAVING count(*) > 1) x) AS entered_twice,
      (SELECT count(*) FROM payments p WHERE p.kind = 'recurring' AND NOT EXISTS (
         SELECT 1 FROM ledger_entries l WHERE l.payment_id = p.id AND l.kind = 'payment' AND l.amount_cents = -p.amount_cents)) AS payments_without_entry,
      (SELECT count(*) FROM sub_ledgers WHERE balance_cents <> 0) AS still_owing,
      (SELECT count(*) FROM recurring_payments WHERE status <> 'active' OR next_payment_date <= start_date) AS not_moved_on,
      (SELECT count(*) FROM payments WHERE status = 'processing') AS still_processing`, []);
  return [
    { what: 'occurrence rows', expected: count, actual: c.occurrences },
    { what: 'schedules without an occurrence of their due date (missed)', expected: 0, actual: c.missed },
    { what: 'occurrences without a counted success', expected: 0, actual: c.without_success },
    { what: 'occurrences without their payment', expected: 0, actual: c.occurrences_without_payment },
    { what: 'recurring payments', expected: count, actual: c.payments },
    { what: 'sub-ledgers paid more than once', expected: 0, actual: c.paid_twice },
    { what: 'recurring payments not succeeded', expected: 0, actual: c.payments_not_succeeded },
    { what: 'payments still processing', expected: 0, actual: c.still_processing },
    { what: 'provider charges (sandbox_charges)', expected: count, actual: c.charges },
    { what: 'saved methods charged more than once', expected: 0, actual: c.charged_twice },
    { what: 'payments without their succeeded provider charge of their total', expected: 0, actual: c.payments_without_charge },
    { what: 'payment ledger entries', expected: count, actual: c.entries },
    { what: 'sub-ledgers with more than one payment entry', expected: 0, actual: c.entered_twice },
    { what: 'payments without their ledger entry', expected: 0, actual: c.payments_without_entry },
    { what: 'sub-ledgers whose balance is not zero after their full-balance payment', expected: 0, actual: c.still_owing },
    { what: 'schedules not moved on to their next date', expected: 0, actual: c.not_moved_on },
  ];
}

/** The notices of the `count` seeded schedules: one each of its start date, for the balance owed, e-mailed once. */
export async function noticeChecks(db: Queryable, count: number): Promise<Check[]> {
  const c = await counts(db, `SELECT
      (SELECT count(*) FROM recurring_debit_notices) AS notices,
      (SELECT count(*) FROM recurring_payments r WHERE NOT EXISTS (
         SELECT 1 FROM recurring_debit_notices n WHERE n.recurring_payment_id = r.id AND n.occurrence_date = r.start_date)) AS missed,
      -- What was owed when noticed: the seeded charge (the balance itself may have been paid since).
      (SELECT count(*) FROM recurring_debit_notices n JOIN recurring_payments r ON r.id = n.recurring_payment_id
        WHERE n.amount_cents <> (SELECT sum(amount_cents) FROM ledger_entries l WHERE l.sub_ledger_id = r.sub_ledger_id AND l.kind = 'charge')) AS wrong_amount,
      (SELECT count(*) FROM recurring_debit_notices WHERE NOT emailed OR sent_at IS NULL) AS not_sent,
      (SELECT count(*) FROM mail_outbox WHERE subject LIKE 'Your next recurring payment for account %') AS mails,
      (SELECT count(*) FROM (SELECT to_address FROM mail_outbox WHERE subject LIKE 'Your next recurring payment for account %' GROUP BY 1 HAVING count(*) > 1) x) AS mailed_twice`,
  []);
  return [
    { what: 'notice rows', expected: count, actual: c.notices },
    { what: 'schedules without a notice of their due date (missed)', expected: 0, actual: c.missed },
    { what: 'notices not for the balance owed', expected: 0, actual: c.wrong_amount },
    { what: 'notices not e-mailed', expected: 0, actual: c.not_sent },
    { what: 'notice e-mails', expected: count, actual: c.mails },
    { what: 'homeowners e-mailed the notice more than once', expected: 0, actual: c.mailed_twice },
  ];
}
