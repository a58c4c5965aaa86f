// Claiming due occurrences of recurring schedules, many schedules per transaction (the due work
// 'payments.recurring', recurring-due-work.ts, charges what this claims).
//
// One transaction takes up to `limit` schedules due at `now`, oldest date first (the due index:
// next date, id), with their rows locked FOR UPDATE SKIP LOCKED, so concurrent claims (workers of
// this instance, other instances) take disjoint schedules without waiting. A schedule whose
// previous occurrence is still open (being charged, or its outcome not counted yet) is not taken:
// catch-up goes in date order and a failure is counted before the next occurrence is claimed.
// The rows are then read again by a second statement: under READ COMMITTED it sees every claim
// committed before our locks were granted (the first statement's snapshot may be older), so a
// schedule claimed meanwhile by another transaction is dropped here, not claimed twice or out of
// order. For the rest, in set-based statements: the payments (status 'processing', claimed with
// this claim token), one occurrence row each (primary key schedule + date: never twice), and the
// next dates one period on. Round trips per claim: BEGIN, lock, read, fee rules (per association),
// payments, occurrences with next dates, COMMIT.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { computeFee, type FeeRule } from '../../flows/fees.ts';
import { appDate } from './billing.ts';
import { loadFeeRules, newPaymentId } from './service.ts';
import { amountRuleOf, chargeFor, type AmountColumns } from './recurring-amount.ts';
import { followingOccurrence, type RecurringFrequency } from './recurring-schedule.ts';
import { noticedCharge, type NoticedColumns } from './recurring-notices.ts';
import { OWED_CENTS_SQL } from './recurring-store.ts';
import type { MethodKind } from './provider.ts';

/** A claimed occurrence: a payment to charge, or already decided without one. */
export type Claimed =
  | { kind: 'charge'; recurringId: string; occurrenceDate: string; paymentId: string; claim: string }
  /** Nothing to charge: failed (no active method; counted by applyOutcomes) or skipped (nothing owed). */
  | { kind: 'failed' | 'skipped'; recurringId: string; occurrenceDate: string };

interface DueRow extends AmountColumns {
  id: string;
  association_id: number;
  frequency: RecurringFrequency;
  day_of_month: number;
  next_payment_date: string;
  auto_draft_id: string | null;
  method_kind: MethodKind;
  method_active: boolean;
  owed: string | number;
  notice: NoticedColumns | null;
}

/** The claimed schedules read again after the lock, still due and without an open occurrence, with what they owe and their notice. */
const DUE_ROWS = `SELECT r.id, ac.association_id, r.frequency, r.day_of_month, to_char(r.next_payment_date, 'YYYY-MM-DD') AS next_payment_date,
       r.amount_kind, r.amount_cents, r.basis_points, r.maximum_cents, r.auto_draft_id, pm.kind AS method_kind, pm.active AS method_active,
       ${OWED_CENTS_SQL} AS owed,
       (SELECT json_build_object('amount_cents', n.amount_cents, 'amount_kind', n.amount_kind, 'rule_amount_cents', n.rule_amount_cents,
                                 'basis_points', n.basis_points, 'maximum_cents', n.maximum_cents)
          FROM recurring_debit_notices n WHERE n.recurring_payment_id = r.id AND n.occurrence_date = r.next_payment_date) AS notice
  FROM recurring_payments r
  JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id
  JOIN accounts ac ON ac.id = sl.account_id
  JOIN payment_methods pm ON pm.id = r.payment_method_id
 WHERE r.id = ANY($1::text[]) AND r.status = 'active' AND r.next_payment_date <= $2::date
   AND NOT EXISTS (SELECT 1 FROM recurring_payment_occurrences o WHERE o.recurring_payment_id = r.id AND o.applied_at IS NULL)
 ORDER BY r.next_payment_date, r.id`;

/**
 * Claims the next due occurrence of up to `limit` schedules (see the file comment); [] when none is
 * claimable now. claimedAt: the app clock now (the claim's lease starts then; `now` may be a tick's, older).
 */
export async function claimDueOccurrences(db: Db, now: Date, limit: number, claimedAt: Date): Promise<Claimed[]> {
  const today = appDate(now);
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ id: string }>(
      `SELECT r.id FROM recurring_payments r
        WHERE r.status = 'active' AND r.next_payment_date <= $1::date
          AND NOT EXISTS (SELECT 1 FROM recurring_payment_occurrences o WHERE o.recurring_payment_id = r.id AND o.applied_at IS NULL)
        ORDER BY r.next_payment_date, r.id LIMIT $2 FOR UPDATE OF r SKIP LOCKED`,
      [today, limit],
    );
    if (!locked.rows.length) return [];
    const rows = (await tx.query<DueRow>(DUE_ROWS, [locked.rows.map((r) => r.id), today])).rows;
    if (!rows.length) return [];
    const claim = randomBytes(12).toString('base64url');
    const feeRules = new Map<number, FeeRule[]>();
    const claimed: Claimed[] = [];
    const payments: PaymentValues[] = [];
    for (const r of rows) {
      const occurrenceDate = r.next_payment_date;
      if (!r.method_active) {
        // The saved method was removed: the occurrence fails without a charge (and counts as a failure).
        claimed.push({ kind: 'failed', recurringId: r.id, occurrenceDate });
        continue;
      }
      // The amount noticed 10 days before fixes it (at most that, never more than owed now); else the rule on the day.
      const owed = Number(r.owed);
      const amountCents = noticedCharge(r.notice, r, owed) ?? chargeFor(amountRuleOf(r), owed);
      if (amountCents === 0) {
        claimed.push({ kind: 'skipped', recurringId: r.id, occurrenceDate });
        continue;
      }
      const associationId = Number(r.association_id);
      if (!feeRules.has(associationId)) feeRules.set(associationId, await loadFeeRules(tx, associationId));
      // No convenience fee when the association's fee rule exempts recurring payments (fee_rules.exempt_recurring).
      const fee = computeFee(feeRules.get(associationId)!, { methodKind: r.method_kind, amountCents, recurring: true, largeAmount: null });
      const paymentId = newPaymentId();
      payments.push({ paymentId, recurringId: r.id, occurrenceDate, amountCents, feeCents: fee.feeCents, totalCents: fee.totalCents, feeLines: JSON.stringify(fee.lines), kind: r.auto_draft_id === null ? 'recurring' : 'auto_draft' });
      claimed.push({ kind: 'charge', recurringId: r.id, occurrenceDate, paymentId, claim });
    }
    if (payments.length) await insertPayments(tx, payments, claim, claimedAt);
    const byId = new Map(rows.map((r) => [r.id, r]));
    await insertOccurrences(tx, claimed, (id) => byId.get(id)!, now);
    return claimed;
  });
}

interface PaymentValues {
  paymentId: string;
  recurringId: string;
  occurrenceDate: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  feeLines: string;
  kind: 'recurring' | 'auto_draft';
}

/** The occurrences' payments, already claimed by this claim: charged by PaymentService.chargeClaimed. */
async function insertPayments(tx: Queryable, payments: PaymentValues[], claim: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO payments (id, sub_ledger_id, account_id, association_id, kind, scheduled_date, status, payer_kind, payer_user_id, payer_email, receipt_email,
                           amount_cents, fee_cents, total_cents, fee_lines, method_kind, payment_method_id, method_token, method_brand, method_last4,
                           method_bank_type, merchant_account, claim_token, claimed_at, scheduled_at, created_at, updated_at)
     SELECT v.id, r.sub_ledger_id, ac.id, a.id, v.kind, v.occurrence_date, 'processing', 'user', u.id, u.email, CASE WHEN u.send_payment_confirmation_email THEN u.email END,
            v.amount_cents, v.fee_cents, v.total_cents, v.fee_lines::jsonb, pm.kind, pm.id, pm.provider_token, pm.brand, pm.last4, pm.bank_account_type,
            a.provider_account, $9, $10, $10, $10, $10
       FROM unnest($1::text[], $2::text[], $3::date[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::text[])
              AS v(id, recurring_id, occurrence_date, amount_cents, fee_cents, total_cents, fee_lines, kind)
       JOIN recurring_payments r ON r.id = v.recurring_id
       JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id
       JOIN accounts ac ON ac.id = sl.account_id
       JOIN associations a ON a.id = ac.association_id
       JOIN users u ON u.id = r.user_id
       JOIN payment_methods pm ON pm.id = r.payment_method_id`,
    [
      payments.map((p) => p.paymentId),
      payments.map((p) => p.recurringId),
      payments.map((p) => p.occurrenceDate),
      payments.map((p) => p.amountCents),
      payments.map((p) => p.feeCents),
      payments.map((p) => p.totalCents),
      payments.map((p) => p.feeLines),
      payments.map((p) => p.kind),
      claim,
      now,
    ],
  );
}

/**
 * The occurrences' rows and the schedules' next dates, in one statement. outcome null: its payment
 * is being charged; 'failed' (no payment): counted by applyOutcomes like a declined charge;
 * 'skipped' (nothing owed): nothing to count (applied at once).
 */
async function insertOccurrences(tx: Queryable, claimed: Claimed[], schedule: (id: string) => DueRow, now: Date): Promise<void> {
  await tx.query(
    `WITH v AS (SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::date[]) AS v(recurring_id, occurrence_date, payment_id, outcome, next_date)),
     occurrences AS (
       INSERT INTO recurring_payment_occurrences (recurring_payment_id, occurrence_date, payment_id, outcome, failure_code, created_at, applied_at)
       SELECT recurring_id, occurrence_date, payment_id, outcome, CASE WHEN outcome = 'failed' THEN 'PM001' END, $6, CASE WHEN outcome = 'skipped' THEN $6::timestamptz END FROM v)
     UPDATE recurring_payments r SET next_payment_date = v.next_date, updated_at = $6 FROM v WHERE r.id = v.recurring_id`,
    [
      claimed.map((c) => c.recurringId),
      claimed.map((c) => c.occurrenceDate),
      claimed.map((c) => (c.kind === 'charge' ? c.paymentId : null)),
      claimed.map((c) => (c.kind === 'charge' ? null : c.kind)),
      claimed.map((c) => {
        const r = schedule(c.recurringId);
        return followingOccurrence(c.occurrenceDate, Number(r.day_of_month), r.frequency);
      }),
      now,
    ],
  );
}
