// Counting the outcomes of recurring occurrences on their schedules (the due work
// 'payments.recurring', recurring-due-work.ts): once each (applied_at, settled_counted_at,
// return_counted_at, decided under the schedules' row locks), so repeated runs, concurrent workers
// and several instances count each outcome once. The payment keeps the status its schedule counted
// (payments.schedule_counted_status): the bank's answers to count are the payments whose status
// has moved on since, and only those are read on a tick. A success resets the schedule's failures; a
// failure adds one and the second in a row pauses it and mails the homeowner.
import type { Db, Queryable } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/index.ts';
import { ownerDate } from '../../flows/dates.ts';
import { money } from './recurring-amount.ts';
import { RECURRING_SELECT } from './recurring-store.ts';
import type { RecurringRow } from './recurring-row.ts';

/** Failed payments in a row that pause a schedule. */
export const FAILURES_BEFORE_PAUSE = 2;

export interface OutcomeDeps {
  db: Db;
  mailer: Mailer | null;
  log?: Logger;
}

/** An occurrence: its schedule and date. */
export interface OccurrenceKey {
  recurringId: string;
  occurrenceDate: string;
}

interface OpenOccurrence {
  recurring_payment_id: string;
  occurrence_date: string;
  outcome: string | null;
  payment_id: string | null;
  payment_status: string | null;
  failure_code: string | null;
}

/**
 * Counts finished occurrences on their schedules, once (applied_at), in one transaction with the
 * schedules' rows locked in id order (so concurrent counters never deadlock): a success resets the
 * failures, a failure adds one and the second in a row pauses the schedule (mailed after the
 * commit). Nothing for an occurrence whose payment is still being charged. A bank debit still
 * pending is applied (the next occurrence may be claimed) without counting anything: the bank's
 * answer is counted by applyBankResults (settled: success; returned: failure). Returns how many
 * were counted.
 */
export async function applyOutcomes(deps: OutcomeDeps, occurrences: OccurrenceKey[], now: Date): Promise<number> {
  if (!occurrences.length) return 0;
  const ids = [...new Set(occurrences.map((o) => o.recurringId))];
  const result = await deps.db.transaction(async (tx) => {
    const schedules = await tx.query<{ id: string; status: string; consecutive_failures: number }>(
      `SELECT id, status, consecutive_failures FROM recurring_payments WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    const state = new Map(schedules.rows.map((s) => [s.id, { status: s.status, failures: Number(s.consecutive_failures), changed: false, paused: false }]));
    const { rows } = await tx.query<OpenOccurrence>(
      `SELECT o.recurring_payment_id, to_char(o.occurrence_date, 'YYYY-MM-DD') AS occurrence_date, o.outcome, o.payment_id, p.status AS payment_status,
              COALESCE(o.failure_code, p.failure_code, CASE WHEN p.status = 'returned' THEN COALESCE(p.failure_message, 'returned') END) AS failure_code
         FROM unnest($1::text[], $2::date[]) k(recurring_payment_id, occurrence_date)
         JOIN recurring_payment_occurrences o ON o.recurring_payment_id = k.recurring_payment_id AND o.occurrence_date = k.occurrence_date
         LEFT JOIN payments p ON p.id = o.payment_id
        WHERE o.applied_at IS NULL ORDER BY o.recurring_payment_id, o.occurrence_date FOR UPDATE OF o`,
      [occurrences.map((o) => o.recurringId), occurrences.map((o) => o.occurrenceDate)],
    );
    const applied: { id: string; date: string; outcome: string; failureCode: string | null; settled: boolean; returned: boolean }[] = [];
    const counted: { paymentId: string; status: string }[] = [];
    for (const o of rows) {
      const schedule = state.get(o.recurring_payment_id);
      if (!schedule) continue;
      const outcome = o.outcome ?? outcomeOfPayment(o.payment_status);
      if (outcome === null) continue; // still being charged
      // settled_counted_at: a success counted now (not a pending debit); return_counted_at: already returned (counted now as the failure).
      applied.push({ id: o.recurring_payment_id, date: o.occurrence_date, outcome, failureCode: o.failure_code, settled: o.payment_status === 'succeeded', returned: o.payment_status === 'returned' });
      if (o.payment_id && o.payment_status) counted.push({ paymentId: o.payment_id, status: o.payment_status });
      if (o.payment_status === 'pending') continue; // the bank answers later (applyBankResults)
      if (outcome === 'succeeded') {
        schedule.failures = 0;
        schedule.changed = true;
      } else if (outcome === 'failed') {
        schedule.failures++;
        schedule.changed = true;
        if (schedule.failures >= FAILURES_BEFORE_PAUSE && schedule.status === 'active') {
          schedule.status = 'paused';
          schedule.paused = true;
        }
      }
    }
    if (!applied.length) return { applied: 0, paused: [] as string[] };
    await tx.query(
      `UPDATE recurring_payment_occurrences o SET outcome = v.outcome, failure_code = v.failure_code, applied_at = $7,
              settled_counted_at = CASE WHEN v.settled THEN $7::timestamptz END, return_counted_at = CASE WHEN v.returned THEN $7::timestamptz END
         FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::boolean[], $6::boolean[]) v(recurring_payment_id, occurrence_date, outcome, failure_code, settled, returned)
        WHERE o.recurring_payment_id = v.recurring_payment_id AND o.occurrence_date = v.occurrence_date`,
      [
        applied.map((a) => a.id),
        applied.map((a) => a.date),
        applied.map((a) => a.outcome),
        applied.map((a) => a.failureCode),
        applied.map((a) => a.settled),
        applied.map((a) => a.returned),
        now,
      ],
    );
    await markCounted(tx, counted);
    const changed = [...state.entries()].filter(([, s]) => s.changed);
    if (changed.length) {
      await tx.query(
        `UPDATE recurring_payments r SET consecutive_failures = v.failures, status = v.status, updated_at = $4
           FROM unnest($1::text[], $2::integer[], $3::text[]) v(id, failures, status) WHERE r.id = v.id`,
        [changed.map(([id]) => id), changed.map(([, s]) => s.failures), changed.map(([, s]) => s.status), now],
      );
    }
    return { applied: applied.length, paused: changed.filter(([, s]) => s.paused).map(([id]) => id) };
  });
  for (const id of result.paused) await mailPaused(deps, id);
  return result.applied;
}

/**
 * Records the payment status each occurrence's outcome was counted with (the status as read: were
 * it changed since, the payment stays among the bank's answers to count, payments_bank_answer_idx).
 */
async function markCounted(tx: Queryable, counted: { paymentId: string; status: string }[]): Promise<void> {
  if (!counted.length) return;
  await tx.query(
    `UPDATE payments p SET schedule_counted_status = v.status FROM unnest($1::text[], $2::text[]) v(id, status) WHERE p.id = v.id`,
    [counted.map((c) => c.paymentId), counted.map((c) => c.status)],
  );
}

function outcomeOfPayment(status: string | null): 'succeeded' | 'failed' | null {
  if (status === 'succeeded' || status === 'pending') return 'succeeded';
  if (status === 'declined' || status === 'failed' || status === 'returned') return 'failed';
  return null;
}

/** Adds a failure to the locked schedule; the second in a row pauses an active one. Returns whether it paused it (mail it after the commit). */
async function countFailure(tx: Queryable, recurringId: string, schedule: { status: string; consecutive_failures: number }, now: Date): Promise<boolean> {
  const failures = Number(schedule.consecutive_failures) + 1;
  const pause = failures >= FAILURES_BEFORE_PAUSE && schedule.status === 'active';
  await tx.query(`UPDATE recurring_payments SET consecutive_failures = $2, status = CASE WHEN $3 THEN 'paused' ELSE status END, updated_at = $4 WHERE id = $1`, [
    recurringId,
    failures,
    pause,
    now,
  ]);
  return pause;
}

/**
 * Counts the bank's answer to debits that were pending when their occurrence was counted (and a
 * return of one that had settled), once each whatever replays the provider's events or runs this
 * at once: a settlement resets the schedule's failures; a return (charge.returned, applied to the
 * payment by PaymentService.applyProviderEvents) is a failure, the occurrence becomes 'failed' with
 * the bank's reason, and the second failure in a row pauses the schedule and mails the homeowner.
 * Returns how many were counted.
 */
export async function applyBankResults(deps: OutcomeDeps, now: Date): Promise<number> {
  // Through payments_bank_answer_idx (migration 210): only the payments whose status moved on
  // since their schedule counted it (a pending debit settled or returned, a settled one returned),
  // oldest date first (a payment's scheduled date is its occurrence's). MATERIALIZED and in the
  // index's order: the planner cannot tell how few rows the two-column predicate keeps, and would
  // otherwise read every payment and occurrence.
  const { rows } = await deps.db.query<{ recurring_payment_id: string; occurrence_date: string }>(
    `WITH answered AS MATERIALIZED (
       SELECT id FROM payments
        WHERE schedule_counted_status IS NOT NULL AND status IN ('succeeded', 'returned') AND status <> schedule_counted_status
        ORDER BY scheduled_date, id LIMIT 1000)
     SELECT o.recurring_payment_id, to_char(o.occurrence_date, 'YYYY-MM-DD') AS occurrence_date
       FROM answered a JOIN recurring_payment_occurrences o ON o.payment_id = a.id
      ORDER BY o.occurrence_date, o.recurring_payment_id`,
  );
  let counted = 0;
  for (const o of rows) {
    const result = await deps.db.transaction(async (tx) => {
      const schedule = await tx.query<{ status: string; consecutive_failures: number }>(`SELECT status, consecutive_failures FROM recurring_payments WHERE id = $1 FOR UPDATE`, [
        o.recurring_payment_id,
      ]);
      const found = await tx.query<{ payment_id: string; payment_status: string; settled: boolean; returned: boolean; reason: string | null }>(
        `SELECT o.payment_id, p.status AS payment_status, o.settled_counted_at IS NOT NULL AS settled, o.return_counted_at IS NOT NULL AS returned,
                p.failure_message AS reason
           FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
          WHERE o.recurring_payment_id = $1 AND o.occurrence_date = $2 AND o.applied_at IS NOT NULL FOR UPDATE OF o`,
        [o.recurring_payment_id, o.occurrence_date],
      );
      const f = found.rows[0];
      if (!f || !schedule.rows[0]) return null;
      // Whatever is counted below (or was counted before), this status has been looked at.
      await markCounted(tx, [{ paymentId: f.payment_id, status: f.payment_status }]);
      if (f.returned) return null;
      if (f.payment_status === 'returned') {
        await tx.query(
          `UPDATE recurring_payment_occurrences SET outcome = 'failed', failure_code = $3, return_counted_at = $4 WHERE recurring_payment_id = $1 AND occurrence_date = $2`,
          [o.recurring_payment_id, o.occurrence_date, f.reason ?? 'returned', now],
        );
        return (await countFailure(tx, o.recurring_payment_id, schedule.rows[0], now)) ? 'paused' : 'counted';
      }
      if (f.payment_status !== 'succeeded' || f.settled) return null;
      await tx.query(`UPDATE recurring_payment_occurrences SET settled_counted_at = $3 WHERE recurring_payment_id = $1 AND occurrence_date = $2`, [
        o.recurring_payment_id,
        o.occurrence_date,
        now,
      ]);
      await tx.query(`UPDATE recurring_payments SET consecutive_failures = 0, updated_at = $2 WHERE id = $1`, [o.recurring_payment_id, now]);
      return 'counted';
    });
    if (result === null) continue;
    counted++;
    if (result === 'paused') await mailPaused(deps, o.recurring_payment_id);
  }
  return counted;
}

export async function mailPaused(deps: OutcomeDeps, recurringId: string): Promise<void> {
  const r = (await deps.db.query<RecurringRow>(`${RECURRING_SELECT} WHERE r.id = $1`, [recurringId])).rows[0];
  if (!deps.mailer || !r?.user_email) return;
  const last = r.last_amount_cents !== null ? ` The last one, ${money(Number(r.last_amount_cents))} on ${ownerDate(r.last_date)}, did not go through.` : '';
  try {
    await deps.mailer.send({
      to: r.user_email,
      subject: `Your recurring payment for account ${r.account_number} is paused`,
      text: [
        `Two payments in a row of your recurring payment for account ${r.account_number} (${r.sub_ledger_name}) at ${r.association_name} failed.${last}`,
        '',
        'The recurring payment is paused: nothing more will be charged until you resume it in the portal (check your payment method first).',
        'Your balance is still due; you can also make a one-time payment in the portal.',
        '',
        `See it in the portal: ${deps.mailer.link('/billing/recurring-payments', { accountNumber: r.account_number })}`,
      ].join('\n'),
    });
  } catch (error) {
    deps.log?.warn({ err: error, recurringPaymentId: recurringId }, 'the notice of a paused recurring payment could not be sent');
  }
}
