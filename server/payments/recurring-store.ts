// Reading recurring payments (table recurring_payments, migration 060) and showing them as the
// contract's RecurringPayment. Shared by the handlers and the due work.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { components } from '../../generated/openapi/payments.ts';
import { paymentError } from './errors.ts';
import { amountRuleOf } from './recurring-amount.ts';
import { beforeRecurringCutoff, recurringChangeCutoff } from './recurring-schedule.ts';
import { authorizationText } from './recurring-authorization.ts';
import { setupExpiresAt } from './setup-expiry.ts';
import type { RecurringRow } from './recurring-row.ts';

export type RecurringPaymentView = components['schemas']['RecurringPayment'];

/** Every column of RecurringRow; the last payment is the latest occurrence that made one, the paid one the latest that succeeded. */
export const RECURRING_SELECT = `SELECT r.id, r.user_id, r.sub_ledger_id, sl.name AS sub_ledger_name, ac.id AS account_id, ac.account_number, ac.association_id,
       a.name AS association_name, ac.payments_blocked, r.frequency, r.day_of_month, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
       to_char(r.next_payment_date, 'YYYY-MM-DD') AS next_payment_date, r.amount_kind, r.amount_cents, r.basis_points, r.maximum_cents,
       r.status, r.auto_draft_id, r.consecutive_failures, r.created_at, r.payment_method_id, pm.kind AS method_kind, pm.brand AS method_brand, pm.last4 AS method_last4,
       pm.active AS method_active, pm.provider_token AS method_token, u.email AS user_email,
       lp.last_date, lp.last_amount_cents, lp.last_status, lp.last_confirmation, ps.paid_date, ps.paid_amount_cents, ps.paid_confirmation
  FROM recurring_payments r
  JOIN sub_ledgers sl ON sl.id = r.sub_ledger_id
  JOIN accounts ac ON ac.id = sl.account_id
  JOIN associations a ON a.id = ac.association_id
  JOIN payment_methods pm ON pm.id = r.payment_method_id
  JOIN users u ON u.id = r.user_id
  LEFT JOIN LATERAL (
    SELECT to_char(o.occurrence_date, 'YYYY-MM-DD') AS last_date, p.amount_cents AS last_amount_cents, p.status AS last_status,
           p.confirmation_number AS last_confirmation
      FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
     WHERE o.recurring_payment_id = r.id
     ORDER BY o.occurrence_date DESC LIMIT 1) lp ON true
  LEFT JOIN LATERAL (
    SELECT to_char(o.occurrence_date, 'YYYY-MM-DD') AS paid_date, p.amount_cents AS paid_amount_cents, p.confirmation_number AS paid_confirmation
      FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
     WHERE o.recurring_payment_id = r.id AND p.status = 'succeeded'
     ORDER BY o.occurrence_date DESC LIMIT 1) ps ON true`;

/**
 * What is owed on the sub-ledger `sl` (an alias in the query): its balance less what its other
 * payments are charging right now (their ledger entries are not written yet). A column expression.
 */
export const OWED_CENTS_SQL = `sl.balance_cents - COALESCE((SELECT SUM(p.amount_cents) FROM payments p
                                     WHERE p.sub_ledger_id = sl.id AND p.status = 'processing' AND p.charge_attempted_at IS NOT NULL), 0)`;

/**
 * One of the caller's schedules (removed ones too), optionally locked; else 404 PAY009. An
 * auto-draft's child schedule is not one (it changes with its enrollment only): 404 too.
 */
export async function loadRecurring(q: Queryable, userId: number, id: string, options: { lock?: boolean } = {}): Promise<RecurringRow> {
  const { rows } = await q.query<RecurringRow>(
    `${RECURRING_SELECT} WHERE r.id = $1 AND r.user_id = $2 AND ac.owner_user_id = $2 AND r.auto_draft_id IS NULL${options.lock ? ' FOR UPDATE OF r' : ''}`,
    [id, userId],
  );
  if (!rows[0]) throw paymentError('PAY009');
  return rows[0];
}

export function newRecurringPaymentId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  let id = 'rec_';
  for (const b of randomBytes(16)) id += alphabet[b & 31];
  return id;
}

/** PostgreSQL's unique_violation on the one-schedule-per-sub-ledger index. */
export function isSecondSchedule(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'recurring_payments_one_per_sub_ledger';
}

/**
 * Whether the schedule may be changed or removed now: an active one until its cutoff (8:00 pm New
 * York time the day before the next payment); a setup (nothing authorized yet) and a paused one
 * (nothing is charged) at any time.
 */
export function changeableNow(r: Pick<RecurringRow, 'status' | 'next_payment_date'>, now: Date): boolean {
  return r.status === 'setup' || r.status === 'paused' || beforeRecurringCutoff(r.next_payment_date, now);
}

const LAST_STATUSES = new Set(['scheduled', 'processing', 'succeeded', 'pending', 'declined', 'failed', 'returned', 'cancelled']);

export function recurringView(r: RecurringRow, now: Date): RecurringPaymentView {
  if (r.status === 'removed') throw new Error('a removed recurring payment is not shown');
  const method: RecurringPaymentView['method'] = { kind: r.method_kind, last4: r.method_last4 };
  if (r.method_kind === 'card' && r.method_brand) method.brand = r.method_brand;
  const view: RecurringPaymentView = {
    recurringPaymentId: r.id,
    subLedgerId: Number(r.sub_ledger_id),
    accountNumber: r.account_number,
    subLedgerName: r.sub_ledger_name,
    associationName: r.association_name,
    frequency: r.frequency,
    dayOfMonth: Number(r.day_of_month),
    startDate: r.start_date,
    nextPaymentDate: r.next_payment_date,
    amount: amountRuleOf(r),
    paymentMethodId: Number(r.payment_method_id),
    method,
    status: r.status,
    consecutiveFailures: Number(r.consecutive_failures),
    changeableUntil: recurringChangeCutoff(r.next_payment_date).toISOString(),
    changeable: changeableNow(r, now),
    resumable: r.status === 'paused',
  };
  if (r.status === 'setup') {
    // Not confirmed yet: what confirming it authorizes, and until when it can be.
    view.authorizationText = authorizationText(r);
    view.expiresAt = setupExpiresAt(r.created_at).toISOString();
  }
  if (r.last_date !== null && r.last_status !== null && LAST_STATUSES.has(r.last_status)) {
    view.lastPayment = {
      date: r.last_date,
      amountCents: Number(r.last_amount_cents),
      status: r.last_status as NonNullable<RecurringPaymentView['lastPayment']>['status'],
      ...(r.last_confirmation ? { confirmationNumber: r.last_confirmation } : {}),
    };
  }
  if (r.paid_date !== null) {
    view.lastSuccessfulPayment = {
      date: r.paid_date,
      amountCents: Number(r.paid_amount_cents),
      ...(r.paid_confirmation ? { confirmationNumber: r.paid_confirmation } : {}),
    };
  }
  return view;
}
