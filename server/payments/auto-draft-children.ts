// A portal enrollment drafts through the recurring-payment machinery (server/payments/
// recurring-due-work.ts: exactly once per date, catching up, two failures in a row pause, receipts,
// ledger): one child schedule per sub-ledger of the account, monthly on the pull day, for the full
// balance, from the enrollment's bank account. Children are written only here, in the transaction
// that changes their enrollment, so they always follow it.
import type { Queryable } from '../db/index.ts';
import { paymentError } from './errors.ts';
import { isSecondSchedule, newRecurringPaymentId } from './recurring-store.ts';
import type { AutoDraftRow } from './auto-draft-row.ts';

/** One active child per sub-ledger (Confirm). A sub-ledger that has a schedule already: 409 PAY013 (its unique index; the transaction rolls back). */
export async function createChildren(tx: Queryable, r: AutoDraftRow, nextPullDate: string, now: Date): Promise<void> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM sub_ledgers WHERE account_id = $1 ORDER BY position, id', [r.account_id]);
  for (const { id: subLedgerId } of rows) {
    try {
      await tx.query(
        `INSERT INTO recurring_payments (id, user_id, sub_ledger_id, payment_method_id, frequency, day_of_month, start_date, next_payment_date,
                                         amount_kind, status, auto_draft_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'monthly', $5, $6, $6, 'fullBalance', 'active', $7, $8, $8)`,
        [newRecurringPaymentId(), r.user_id, subLedgerId, r.payment_method_id, r.pull_day, nextPullDate, r.id, now],
      );
    } catch (error) {
      if (isSecondSchedule(error)) throw paymentError('PAY013');
      throw error;
    }
  }
}

/**
 * Moves the children with their enrollment: the next pull date and pull day (pull day changed,
 * next draft skipped) and the bank account. `resume`: paused children become active again from
 * `nextPullDate`, their failures forgotten; the others are not moved (they may be due today).
 */
export async function moveChildren(
  tx: Queryable,
  autoDraftId: string,
  change: { nextPullDate: string; pullDay: number; paymentMethodId: number; moveDates: boolean; resume: boolean },
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE recurring_payments
        SET next_payment_date = CASE WHEN $2 OR ($3 AND status = 'paused') THEN $4::date ELSE next_payment_date END,
            day_of_month = $5, payment_method_id = $6,
            consecutive_failures = CASE WHEN $3 AND status = 'paused' THEN 0 ELSE consecutive_failures END,
            status = CASE WHEN $3 AND status = 'paused' THEN 'active' ELSE status END,
            updated_at = $7
      WHERE auto_draft_id = $1 AND status <> 'removed'`,
    [autoDraftId, change.moveDates, change.resume, change.nextPullDate, change.pullDay, change.paymentMethodId, now],
  );
}

export async function removeChildren(tx: Queryable, autoDraftId: string, now: Date): Promise<void> {
  await tx.query(`UPDATE recurring_payments SET status = 'removed', removed_at = $2, updated_at = $2 WHERE auto_draft_id = $1 AND status <> 'removed'`, [autoDraftId, now]);
}
