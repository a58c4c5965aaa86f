// Future-dated one-time payments: POST /FuturePayment/Setup, PUT /FuturePayment/Setup/{id}/Confirm,
// GET /FuturePayment, PATCH and DELETE /FuturePayment/{id}. Rows of `payments` with kind 'future':
// setup -> scheduled (Confirm) -> charged on the date by the due work 'payments.future'
// (server/payments/future.ts); setup or scheduled -> cancelled. A scheduled payment can be changed
// or cancelled until 8:00 pm New York time the day before its date (spec sections 4 and 9); after
// that: 409 PAY012, nothing changed.
import { principalOf, type OperationHandler } from '../types.ts';
import type { components } from '../../../generated/openapi/payments.ts';
import type { Queryable } from '../../db/index.ts';
import { idempotencyKeyOf, paymentServiceFor } from '../../payments/index.ts';
import { paymentError } from '../../payments/errors.ts';
import { isConnectedMerchant } from '../../sandbox-provider/service.ts';
import {
  USER_PAYMENT_SELECT,
  appDate,
  fieldErrors,
  beforeChangeCutoff,
  billingError,
  changeCutoff,
  checkMethodFor,
  loadMethod,
  loadUserPayment,
  ownedSubLedger,
  paymentMethodOf,
  repricePayment,
  userPayer,
  type UserPaymentRow,
} from '../../payments/billing.ts';
import { linkMethod } from './payments.ts';
import { ownerDate } from '../../../flows/dates.ts';

const PROCESSED = new Set(['succeeded', 'pending', 'returned', 'declined', 'failed']);

/** A date after today (New York's); else 400 VAL001 naming the field, shown by it in the form. */
function checkDate(date: string, now: Date): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !(date > appDate(now))) {
    throw fieldErrors({ scheduledDate: `The scheduled date must be after today (${ownerDate(appDate(now))}, Eastern time).` });
  }
}

/** A scheduled payment past its cutoff cannot be changed or cancelled (an unconfirmed setup can). */
function checkChangeable(row: UserPaymentRow, now: Date): void {
  if (row.status === 'scheduled' && !beforeChangeCutoff(row.scheduled_date, now)) throw paymentError('PAY012');
}

export function futureView(p: UserPaymentRow, now: Date): components['schemas']['FuturePayment'] {
  return {
    futurePaymentId: p.id,
    subLedgerId: Number(p.sub_ledger_id),
    accountNumber: p.account_number,
    scheduledDate: p.scheduled_date,
    amountCents: Number(p.amount_cents),
    feeCents: Number(p.fee_cents),
    totalCents: Number(p.total_cents),
    method: paymentMethodOf(p),
    ...(p.pm_id !== null ? { paymentMethodId: Number(p.pm_id) } : {}),
    cancelled: p.status === 'cancelled',
    processed: PROCESSED.has(p.status),
    status: p.status === 'setup' ? 'scheduled' : p.status,
    ...(p.confirmation_number ? { confirmationNumber: p.confirmation_number } : {}),
    changeableUntil: changeCutoff(p.scheduled_date).toISOString(),
    changeable: p.status === 'setup' || (p.status === 'scheduled' && beforeChangeCutoff(p.scheduled_date, now)),
  };
}

export const setupFuturePayment: OperationHandler<'setupFuturePayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const body = req.body;
  const ledger = await ownedSubLedger(services.db, userId, body.subLedgerId);
  const method = await loadMethod(services.db, userId, body.paymentMethodId);
  checkMethodFor(method, ledger);
  checkDate(body.scheduledDate, services.clock());
  const { payer, receiptEmail } = await userPayer(services.db, userId);
  const setup = await paymentServiceFor(services).setupPayment({
    payer,
    subLedgerId: body.subLedgerId,
    amountCents: body.amountCents,
    methodKind: method.kind,
    methodToken: method.provider_token,
    scheduledDate: body.scheduledDate,
    kind: 'future',
    receiptEmail,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  await linkMethod(services, setup.paymentId, Number(method.id));
  return {
    status: 201,
    body: {
      futurePaymentId: setup.paymentId,
      scheduledDate: setup.scheduledDate,
      amountCents: setup.amountCents,
      feeCents: setup.feeCents,
      totalCents: setup.totalCents,
      duplicateWarning: setup.duplicateWarning,
    },
  };
};

async function accountBlocked(q: Queryable, accountId: number): Promise<boolean> {
  const { rows } = await q.query<{ payments_blocked: boolean }>('SELECT payments_blocked FROM accounts WHERE id = $1', [accountId]);
  return rows[0]?.payments_blocked === true;
}

export const confirmFuturePayment: OperationHandler<'confirmFuturePayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const id = req.params.id;
  const now = services.clock();
  const p = await services.db.transaction(async (tx) => {
    const row = await loadUserPayment(tx, userId, id, { kind: 'future', lock: true });
    if (row.status === 'scheduled') return row;
    if (row.status !== 'setup') throw paymentError('PAY008');
    if (!(row.scheduled_date > appDate(now))) throw paymentError('PAY008', 'The scheduled date of this payment has passed. Set up the payment again.');
    if (await accountBlocked(tx, Number(row.account_id))) throw paymentError('PAY004');
    const provider = services.paymentProvider;
    if (!provider) throw paymentError('PAY010');
    if (!row.merchant_account || (provider.name === 'sandbox' && !isConnectedMerchant(row.merchant_account))) throw paymentError('PA007');
    if (row.pm_id === null) throw billingError('PM001');
    await tx.query(`UPDATE payments SET status = 'scheduled', scheduled_at = $2, updated_at = $2 WHERE id = $1`, [row.id, now]);
    return loadUserPayment(tx, userId, id);
  });
  return {
    status: 200,
    body: {
      futurePaymentId: p.id,
      scheduledDate: p.scheduled_date,
      status: 'scheduled',
      amountCents: Number(p.amount_cents),
      feeCents: Number(p.fee_cents),
      totalCents: Number(p.total_cents),
      method: paymentMethodOf(p),
    },
  };
};

export const listFuturePayments: OperationHandler<'listFuturePayments'> = async (req, services) => {
  const { userId } = principalOf(req);
  const q = req.query;
  // The account and sub-ledger, when named, are the caller's (x-policy).
  const accountNumber = q.accountNumber ?? null;
  const subLedgerId = q.subLedgerId ?? null;
  const { rows } = await services.db.query<UserPaymentRow>(
    `${USER_PAYMENT_SELECT}
      WHERE ac.owner_user_id = $1 AND p.kind = 'future' AND p.scheduled_at IS NOT NULL
        AND ($2::text IS NULL OR ac.account_number = $2)
        AND ($3::integer IS NULL OR p.sub_ledger_id = $3)
        AND ($4::date IS NULL OR p.scheduled_date >= $4::date)
        AND ($5::date IS NULL OR p.scheduled_date <= $5::date)
        AND ($6::date IS NULL OR p.scheduled_date > $6::date)
        AND ($7::date IS NULL OR p.scheduled_date < $7::date)
        AND ($8::boolean IS NULL OR (p.status = 'cancelled') = $8)
        AND ($9::boolean IS NULL OR (p.status IN ('succeeded', 'pending', 'returned', 'declined', 'failed')) = $9)
      ORDER BY p.scheduled_date, p.scheduled_at, p.id`,
    [
      userId,
      accountNumber,
      subLedgerId,
      q['scheduledDate.after'] ?? null,
      q['scheduledDate.before'] ?? null,
      q['scheduledDate.strictlyAfter'] ?? null,
      q['scheduledDate.strictlyBefore'] ?? null,
      q.cancelled ?? null,
      q.processed ?? null,
    ],
  );
  const now = services.clock();
  return { status: 200, body: { futurePayments: rows.map((row) => futureView(row, now)) } };
};

export const updateFuturePayment: OperationHandler<'updateFuturePayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const id = req.params.id;
  const body = req.body;
  const now = services.clock();
  if (body.scheduledDate !== undefined) checkDate(body.scheduledDate, now);
  const p = await services.db.transaction(async (tx) => {
    const row = await loadUserPayment(tx, userId, id, { kind: 'future', lock: true });
    if (row.status !== 'setup' && row.status !== 'scheduled') throw paymentError('PAY008');
    checkChangeable(row, now);
    const method = body.paymentMethodId === undefined ? undefined : await loadMethod(tx, userId, body.paymentMethodId);
    await repricePayment(tx, userId, row, { amountCents: body.amountCents, method, scheduledDate: body.scheduledDate }, now);
    return loadUserPayment(tx, userId, id);
  });
  return { status: 200, body: futureView(p, now) };
};

export const cancelFuturePayment: OperationHandler<'cancelFuturePayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const id = req.params.id;
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    const row = await loadUserPayment(tx, userId, id, { kind: 'future', lock: true });
    if (row.status === 'cancelled') return;
    if (row.status !== 'setup' && row.status !== 'scheduled') throw paymentError('PAY008');
    checkChangeable(row, now);
    await tx.query(`UPDATE payments SET status = 'cancelled', cancelled_at = $2, updated_at = $2 WHERE id = $1`, [row.id, now]);
  });
  return { status: 204 };
};
