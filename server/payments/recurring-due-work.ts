// Recurring payments: the due work 'payments.recurring' charges every active schedule whose next
// payment date (America/New_York, app clock) has come, exactly once per occurrence.
//
// Claiming an occurrence is one transaction, with the schedule's row locked (FOR UPDATE SKIP
// LOCKED, so instances share the work): the occurrence's row (primary key: schedule and date), the
// payment it makes (kind 'recurring', or 'auto_draft' for an auto-draft's child schedule; status
// 'processing', claimed by this run) and the schedule's next date one period on. Whatever runs it
// again (a retry, a second instance, the next tick) finds the date taken or the schedule moved on,
// so an occurrence is charged at most once. The charge
// itself is the future payments' path: PaymentService.chargeClaimed (provider idempotency key =
// payment id, ledger entry and receipt on success). A claim left by a crashed process, or released
// after a transient provider failure, is charged again later with the same key (the provider
// replays the first result).
//
// Catching up after downtime (or a clock jump): every missed occurrence is charged, once each and
// in date order. A schedule's next occurrence is claimed only when the previous one's outcome has
// been counted, so two failures in a row pause it before anything else is charged.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { Logger, Services } from '../handlers/types.ts';
import type { Mailer } from '../mail/index.ts';
import { computeFee } from '../../flows/fees.ts';
import { ownerDate } from '../../flows/dates.ts';
import { paymentServiceFor } from './index.ts';
import { appDate } from './billing.ts';
import { loadFeeRules, newPaymentId, type PaymentService } from './service.ts';
import { amountRuleOf, chargeFor, money } from './recurring-amount.ts';
import { followingOccurrence } from './recurring-schedule.ts';
import { owedCents, RECURRING_SELECT, type RecurringRow } from './recurring-store.ts';
import { noticedCharge, processDebitNotices, RECURRING_NOTICES_DUE_WORK } from './recurring-notices.ts';

export const RECURRING_DUE_WORK = 'payments.recurring';
/** Failed payments in a row that pause a schedule. */
export const FAILURES_BEFORE_PAUSE = 2;
const LEASE_MS = 60_000;
/** Occurrences one run claims at most (the next tick goes on). */
const MAX_PER_RUN = 5000;

interface Deps {
  db: Db;
  service: PaymentService;
  mailer: Mailer | null;
  log?: Logger;
}

type Claimed =
  | { kind: 'charge'; recurringId: string; occurrenceDate: string; paymentId: string; claim: string }
  /** Nothing to charge: failed (no active method; counted by applyOutcome) or skipped (nothing owed). */
  | { kind: 'failed' | 'skipped'; recurringId: string; occurrenceDate: string };

/**
 * Claims the next due occurrence of one schedule (see the file comment), or null when none is due
 * (or every due one is being worked on elsewhere). `skip`: schedules this run already found busy.
 */
async function claimNextOccurrence(deps: Deps, now: Date, skip: string[]): Promise<Claimed | null | 'busy'> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM recurring_payments
        WHERE status = 'active' AND next_payment_date <= $1::date AND NOT (id = ANY($2::text[]))
        ORDER BY next_payment_date, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [appDate(now), skip],
    );
    if (!rows[0]) return null;
    const id = rows[0].id;
    // Read after the lock, so a claim another instance committed meanwhile is seen.
    const open = await tx.query(`SELECT 1 FROM recurring_payment_occurrences WHERE recurring_payment_id = $1 AND applied_at IS NULL`, [id]);
    if (open.rows.length) {
      skip.push(id);
      return 'busy';
    }
    const r = (await tx.query<RecurringRow>(`${RECURRING_SELECT} WHERE r.id = $1`, [id])).rows[0];
    if (r.status !== 'active' || !(r.next_payment_date <= appDate(now))) {
      skip.push(id);
      return 'busy';
    }
    const occurrenceDate = r.next_payment_date;
    await tx.query(`UPDATE recurring_payments SET next_payment_date = $2, updated_at = $3 WHERE id = $1`, [
      id,
      followingOccurrence(occurrenceDate, Number(r.day_of_month), r.frequency),
      now,
    ]);
    if (!r.method_active) {
      // The saved method was removed: the occurrence fails without a charge (and counts as a failure).
      await insertOccurrence(tx, { id, date: occurrenceDate, paymentId: null, outcome: 'failed', failureCode: 'PM001' }, now);
      return { kind: 'failed', recurringId: id, occurrenceDate };
    }
    // The amount noticed 10 days before fixes it (at most that, never more than owed now); else the rule on the day.
    const owed = await owedCents(tx, Number(r.sub_ledger_id));
    const amountCents = (await noticedCharge(tx, r, occurrenceDate, owed)) ?? chargeFor(amountRuleOf(r), owed);
    if (amountCents === 0) {
      await insertOccurrence(tx, { id, date: occurrenceDate, paymentId: null, outcome: 'skipped', failureCode: null }, now);
      return { kind: 'skipped', recurringId: id, occurrenceDate };
    }
    const paymentId = newPaymentId();
    const claim = randomBytes(12).toString('base64url');
    await insertPayment(tx, r, { paymentId, claim, occurrenceDate, amountCents, now });
    await insertOccurrence(tx, { id, date: occurrenceDate, paymentId, outcome: null, failureCode: null }, now);
    return { kind: 'charge', recurringId: id, occurrenceDate, paymentId, claim };
  });
}

/**
 * The occurrence's row. outcome null: its payment is being charged; 'failed' (no payment): counted
 * by applyOutcome like a declined charge; 'skipped' (nothing owed): nothing to count.
 */
async function insertOccurrence(
  tx: Queryable,
  occurrence: { id: string; date: string; paymentId: string | null; outcome: 'skipped' | 'failed' | null; failureCode: string | null },
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO recurring_payment_occurrences (recurring_payment_id, occurrence_date, payment_id, outcome, failure_code, created_at, applied_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [occurrence.id, occurrence.date, occurrence.paymentId, occurrence.outcome, occurrence.failureCode, now, occurrence.outcome === 'skipped' ? now : null],
  );
}

/** The occurrence's payment, already claimed by this run: charged by PaymentService.chargeClaimed. */
async function insertPayment(tx: Queryable, r: RecurringRow, p: { paymentId: string; claim: string; occurrenceDate: string; amountCents: number; now: Date }): Promise<void> {
  // No convenience fee when the association's fee rule exempts recurring payments (fee_rules.exempt_recurring).
  const fee = computeFee(await loadFeeRules(tx, Number(r.association_id)), { methodKind: r.method_kind, amountCents: p.amountCents, recurring: true, largeAmount: null });
  await tx.query(
    `INSERT INTO payments (id, sub_ledger_id, account_id, association_id, kind, scheduled_date, status, payer_kind, payer_user_id, payer_email, receipt_email,
                           amount_cents, fee_cents, total_cents, fee_lines, method_kind, payment_method_id, method_token, method_brand, method_last4,
                           method_bank_type, merchant_account, claim_token, claimed_at, scheduled_at, created_at, updated_at)
     SELECT $1, $2, $3, a.id, $14, $4, 'processing', 'user', u.id, u.email, CASE WHEN u.send_payment_confirmation_email THEN u.email END,
            $5, $6, $7, $8, pm.kind, pm.id, pm.provider_token, pm.brand, pm.last4, pm.bank_account_type, a.provider_account, $9, $10, $10, $10, $10
       FROM users u, payment_methods pm, associations a
      WHERE u.id = $11 AND pm.id = $12 AND a.id = $13`,
    [
      p.paymentId,
      r.sub_ledger_id,
      r.account_id,
      p.occurrenceDate,
      p.amountCents,
      fee.feeCents,
      fee.totalCents,
      JSON.stringify(fee.lines),
      p.claim,
      p.now,
      r.user_id,
      r.payment_method_id,
      r.association_id,
      r.auto_draft_id === null ? 'recurring' : 'auto_draft',
    ],
  );
}

/**
 * Counts a finished occurrence on its schedule, once (applied_at): a success resets the failures,
 * a failure adds one and the second in a row pauses the schedule (and mails the homeowner).
 * Nothing while its payment is still being charged. A bank debit still pending is applied (the
 * next occurrence may be claimed) without counting anything: the bank's answer is counted by
 * applyBankResults (settled: success; returned: failure). Returns whether it was counted.
 */
async function applyOutcome(deps: Deps, recurringId: string, occurrenceDate: string, now: Date): Promise<boolean> {
  const paused = await deps.db.transaction(async (tx) => {
    const schedule = await tx.query<{ status: string; consecutive_failures: number }>(`SELECT status, consecutive_failures FROM recurring_payments WHERE id = $1 FOR UPDATE`, [recurringId]);
    const { rows } = await tx.query<{ outcome: string | null; payment_status: string | null; failure_code: string | null }>(
      `SELECT o.outcome, p.status AS payment_status,
              COALESCE(o.failure_code, p.failure_code, CASE WHEN p.status = 'returned' THEN COALESCE(p.failure_message, 'returned') END) AS failure_code
         FROM recurring_payment_occurrences o LEFT JOIN payments p ON p.id = o.payment_id
        WHERE o.recurring_payment_id = $1 AND o.occurrence_date = $2 AND o.applied_at IS NULL FOR UPDATE OF o`,
      [recurringId, occurrenceDate],
    );
    const o = rows[0];
    if (!o || !schedule.rows[0]) return null;
    const outcome = o.outcome ?? outcomeOfPayment(o.payment_status);
    if (outcome === null) return null; // still being charged
    // settled_counted_at: a success counted now (not a pending debit); return_counted_at: already returned (counted now as the failure).
    await tx.query(
      `UPDATE recurring_payment_occurrences SET outcome = $3, failure_code = $4, applied_at = $5,
              settled_counted_at = CASE WHEN $6 THEN $5::timestamptz END, return_counted_at = CASE WHEN $7 THEN $5::timestamptz END
        WHERE recurring_payment_id = $1 AND occurrence_date = $2`,
      [recurringId, occurrenceDate, outcome, o.failure_code, now, o.payment_status === 'succeeded', o.payment_status === 'returned'],
    );
    if (o.payment_status === 'pending') return false; // the bank answers later (applyBankResults)
    if (outcome === 'succeeded') {
      await tx.query(`UPDATE recurring_payments SET consecutive_failures = 0, updated_at = $2 WHERE id = $1`, [recurringId, now]);
      return false;
    }
    if (outcome !== 'failed') return false;
    return countFailure(tx, recurringId, schedule.rows[0], now);
  });
  if (paused === null) return false;
  if (paused) await mailPaused(deps, recurringId);
  return true;
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
async function applyBankResults(deps: Deps, now: Date): Promise<number> {
  const { rows } = await deps.db.query<{ recurring_payment_id: string; occurrence_date: string }>(
    `SELECT recurring_payment_id, occurrence_date FROM (
       SELECT o.recurring_payment_id, to_char(o.occurrence_date, 'YYYY-MM-DD') AS occurrence_date
         FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
        WHERE o.outcome = 'succeeded' AND o.settled_counted_at IS NULL AND o.return_counted_at IS NULL AND o.applied_at IS NOT NULL
          AND p.status IN ('succeeded', 'returned')
       UNION
       SELECT o.recurring_payment_id, to_char(o.occurrence_date, 'YYYY-MM-DD')
         FROM payments p JOIN recurring_payment_occurrences o ON o.payment_id = p.id
        WHERE p.status = 'returned' AND p.kind IN ('recurring', 'auto_draft') AND o.return_counted_at IS NULL AND o.applied_at IS NOT NULL) due
      ORDER BY occurrence_date, recurring_payment_id LIMIT 1000`,
  );
  let counted = 0;
  for (const o of rows) {
    const result = await deps.db.transaction(async (tx) => {
      const schedule = await tx.query<{ status: string; consecutive_failures: number }>(`SELECT status, consecutive_failures FROM recurring_payments WHERE id = $1 FOR UPDATE`, [
        o.recurring_payment_id,
      ]);
      const found = await tx.query<{ payment_status: string; settled: boolean; reason: string | null }>(
        `SELECT p.status AS payment_status, o.settled_counted_at IS NOT NULL AS settled, p.failure_message AS reason
           FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
          WHERE o.recurring_payment_id = $1 AND o.occurrence_date = $2 AND o.applied_at IS NOT NULL AND o.return_counted_at IS NULL FOR UPDATE OF o`,
        [o.recurring_payment_id, o.occurrence_date],
      );
      const f = found.rows[0];
      if (!f || !schedule.rows[0]) return null;
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

async function mailPaused(deps: Deps, recurringId: string): Promise<void> {
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

/** Charges again the recurring payments whose claim was left behind (a crash) or released (a transient failure). */
async function resumeLeftCharges(deps: Deps, now: Date): Promise<void> {
  const claim = randomBytes(12).toString('base64url');
  const { rows } = await deps.db.query<{ id: string }>(
    `UPDATE payments SET claim_token = $1, claimed_at = $2, updated_at = $2
      WHERE id IN (SELECT id FROM payments WHERE kind IN ('recurring', 'auto_draft') AND status = 'processing' AND (claim_token IS NULL OR claimed_at < $3)
                    ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED)
        AND status = 'processing' AND (claim_token IS NULL OR claimed_at < $3)
      RETURNING id`,
    [claim, now, new Date(now.getTime() - LEASE_MS)],
  );
  for (const { id } of rows) await chargeSafely(deps, id, claim);
}

async function chargeSafely(deps: Deps, paymentId: string, claim: string): Promise<void> {
  try {
    await deps.service.chargeClaimed(paymentId, claim);
  } catch (error) {
    deps.log?.error({ err: error, paymentId }, 'a recurring payment could not be charged (it is retried on a later tick)');
  }
}

/** Counts the outcomes not counted yet (after a crash, or charges finished by resumeLeftCharges), oldest first. */
async function applyPendingOutcomes(deps: Deps, now: Date): Promise<number> {
  const { rows } = await deps.db.query<{ recurring_payment_id: string; occurrence_date: string }>(
    `SELECT recurring_payment_id, to_char(occurrence_date, 'YYYY-MM-DD') AS occurrence_date FROM recurring_payment_occurrences
      WHERE applied_at IS NULL ORDER BY occurrence_date, recurring_payment_id LIMIT 1000`,
  );
  let applied = 0;
  for (const o of rows) if (await applyOutcome(deps, o.recurring_payment_id, o.occurrence_date, now)) applied++;
  return applied;
}

/** Charges the recurring payments due at `now`; returns how many occurrences reached an outcome. */
export async function processDueRecurringPayments(deps: Deps, now: Date): Promise<number> {
  await resumeLeftCharges(deps, now);
  let processed = await applyPendingOutcomes(deps, now);
  await applyBankResults(deps, now);
  const busy: string[] = [];
  for (let i = 0; i < MAX_PER_RUN; i++) {
    const claimed = await claimNextOccurrence(deps, now, busy);
    if (claimed === null) break;
    if (claimed === 'busy') continue;
    if (claimed.kind === 'skipped') {
      processed++;
      continue;
    }
    if (claimed.kind === 'charge') await chargeSafely(deps, claimed.paymentId, claimed.claim);
    if (await applyOutcome(deps, claimed.recurringId, claimed.occurrenceDate, now)) processed++;
  }
  return processed;
}

/** Turns on the due work 'payments.recurring-notices' and 'payments.recurring' on this app's job runner; the returned function turns them off. */
export function enableRecurringPayments(services: Services): () => Promise<void> {
  // The notices first: an occurrence due today is noticed (and its amount fixed) before it is charged.
  const unregisterNotices = services.jobs.register(RECURRING_NOTICES_DUE_WORK, (now, context) =>
    processDebitNotices({ db: context.db, mailer: services.mailer, log: context.log }, now),
  );
  const unregister = services.jobs.register(RECURRING_DUE_WORK, (now, context) =>
    processDueRecurringPayments({ db: context.db, service: paymentServiceFor(services), mailer: services.mailer, log: context.log }, now),
  );
  return async () => {
    unregister();
    unregisterNotices();
  };
}
