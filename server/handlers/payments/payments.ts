// One-time payments of a signed-in homeowner, through the payment service: POST /Payment/Setup,
// PATCH and DELETE /Payment/Setup/{id}, PUT /Payment/Setup/{id}/Confirm, GET /Payment.
import { principalOf, type OperationHandler, type ResultOf, type Services } from '../types.ts';
import type { components } from '../../../generated/openapi/payments.ts';
import { idempotencyKeyOf, paymentServiceFor } from '../../payments/index.ts';
import type { PaymentSetup } from '../../payments/service.ts';
import { paymentError } from '../../payments/errors.ts';
import { keepMethodIfAsked, requestKeepingMethod } from '../../payments/keep-method.ts';
import {
  USER_PAYMENT_SELECT,
  badRequest,
  checkMethodFor,
  loadMethod,
  loadUserPayment,
  ownedSubLedger,
  paymentMethodOf,
  repricePayment,
  userPayer,
  type UserPaymentRow,
} from '../../payments/billing.ts';

type SetupAnswer = components['schemas']['PaymentSetup'];
type ListedPayment = Extract<ResultOf<'listPayments'>, { status: 200 }>['body']['payments'][number];

function setupBody(s: PaymentSetup, paymentMethodId: number | null): SetupAnswer {
  return {
    paymentId: s.paymentId,
    amountCents: s.amountCents,
    feeCents: s.feeCents,
    totalCents: s.totalCents,
    methodKind: s.methodKind,
    ...(paymentMethodId !== null ? { paymentMethodId } : {}),
    ...(s.setupIntent ?? {}),
    duplicateWarning: s.duplicateWarning,
  };
}

/** Ties a payment set up with a saved method to it (the service stores the token; this adds the id). */
export async function linkMethod(services: Services, paymentId: string, paymentMethodId: number): Promise<void> {
  await services.db.query('UPDATE payments SET payment_method_id = $2 WHERE id = $1 AND payment_method_id IS NULL', [paymentId, paymentMethodId]);
}

export const setupPayment: OperationHandler<'setupPayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const body = req.body;
  if ((body.paymentMethodId === undefined) === (body.methodKind === undefined)) {
    throw badRequest('Give exactly one of paymentMethodId (a saved method) or methodKind (a new card or bank account).');
  }
  if (body.saveMethod !== undefined && body.methodKind === undefined) {
    throw badRequest('saveMethod applies only to a new card or bank account (methodKind).');
  }
  const { payer, receiptEmail } = await userPayer(services.db, userId);
  const ledger = await ownedSubLedger(services.db, userId, body.subLedgerId);
  const service = paymentServiceFor(services);
  const idempotencyKey = idempotencyKeyOf(req.headers);
  if (body.paymentMethodId !== undefined) {
    const method = await loadMethod(services.db, userId, body.paymentMethodId);
    checkMethodFor(method, ledger);
    const setup = await service.setupPayment({
      payer,
      subLedgerId: body.subLedgerId,
      amountCents: body.amountCents,
      methodKind: method.kind,
      methodToken: method.provider_token,
      receiptEmail,
      idempotencyKey,
    });
    await linkMethod(services, setup.paymentId, Number(method.id));
    return { status: 201, body: setupBody(setup, Number(method.id)) };
  }
  const setup = await service.setupPayment({
    payer,
    subLedgerId: body.subLedgerId,
    amountCents: body.amountCents,
    methodKind: body.methodKind!,
    setupIntent: true,
    receiptEmail,
    idempotencyKey,
  });
  if (body.saveMethod === true && setup.setupIntent && ledger.provider_account) {
    await requestKeepingMethod(services.db, {
      userId,
      associationId: Number(ledger.association_id),
      merchantAccount: ledger.provider_account,
      setupIntentId: setup.setupIntent.setupIntentId,
      kind: setup.methodKind,
      now: services.clock(),
    });
  }
  return { status: 201, body: setupBody(setup, null) };
};

function storedSetupBody(p: UserPaymentRow, duplicateWarning: boolean): SetupAnswer {
  return {
    paymentId: p.id,
    amountCents: Number(p.amount_cents),
    feeCents: Number(p.fee_cents),
    totalCents: Number(p.total_cents),
    methodKind: p.method_kind,
    ...(p.pm_id !== null ? { paymentMethodId: Number(p.pm_id) } : p.setup_intent_id ? { setupIntentId: p.setup_intent_id } : {}),
    duplicateWarning,
  };
}

export const updatePaymentSetup: OperationHandler<'updatePaymentSetup'> = async (req, services) => {
  const { userId } = principalOf(req);
  const body = req.body;
  const id = req.params.id;
  const service = paymentServiceFor(services);
  const row = await services.db.transaction(async (tx) => {
    const p = await loadUserPayment(tx, userId, id, { kind: 'one_time', lock: true });
    if (p.status !== 'setup' || p.charge_attempted_at) throw paymentError('PAY008');
    const method = body.paymentMethodId === undefined ? undefined : await loadMethod(tx, userId, body.paymentMethodId);
    await repricePayment(tx, userId, p, { amountCents: body.amountCents, method }, services.clock());
    const updated = await loadUserPayment(tx, userId, id);
    return { updated, warning: await service.duplicateWarning(tx, Number(updated.sub_ledger_id), updated.scheduled_date, updated.id) };
  });
  return { status: 200, body: storedSetupBody(row.updated, row.warning) };
};

export const cancelPaymentSetup: OperationHandler<'cancelPaymentSetup'> = async (req, services) => {
  const { userId } = principalOf(req);
  const id = req.params.id;
  await loadUserPayment(services.db, userId, id, { kind: 'one_time' });
  const { payer } = await userPayer(services.db, userId);
  await paymentServiceFor(services).cancelSetup({ payer, paymentId: id });
  return { status: 204 };
};

export const confirmPayment: OperationHandler<'confirmPayment'> = async (req, services) => {
  const { userId } = principalOf(req);
  const id = req.params.id;
  const body = req.body ?? {};
  await loadUserPayment(services.db, userId, id, { kind: 'one_time' });
  const { payer } = await userPayer(services.db, userId);
  const confirmed = await paymentServiceFor(services).confirmPayment({
    payer,
    paymentId: id,
    setupIntentId: body.setupIntentId ?? null,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  // Only now, with the charge through, is a method the payer asked to keep saved.
  await keepMethodIfAsked(services, userId, id);
  const { receiptEmail: _receipt, ...answer } = confirmed;
  return { status: 200, body: answer };
};

export const listPayments: OperationHandler<'listPayments'> = async (req, services) => {
  const { userId } = principalOf(req);
  // ownerId, when given, is the caller (x-policy); subLedgerId one of theirs.
  const subLedgerId = req.query.subLedgerId ?? null;
  const { rows } = await services.db.query<UserPaymentRow>(
    `${USER_PAYMENT_SELECT}
      WHERE ac.owner_user_id = $1 AND ($2::integer IS NULL OR p.sub_ledger_id = $2)
        AND p.kind IN ('one_time', 'future')
        AND p.status <> 'setup' AND NOT (p.status = 'cancelled' AND p.scheduled_at IS NULL)
      ORDER BY COALESCE(p.confirmed_at, p.scheduled_at, p.created_at) DESC, p.id DESC`,
    [userId, subLedgerId],
  );
  return {
    status: 200,
    body: {
      payments: rows.map((p) => {
        if (p.status === 'setup') throw new Error(`listPayments: payment ${p.id} is still a setup, which the query leaves out`);
        const item: ListedPayment = {
          paymentId: p.id,
          subLedgerId: Number(p.sub_ledger_id),
          accountNumber: p.account_number,
          confirmationNumber: p.confirmation_number,
          createdAt: new Date(p.confirmed_at ?? p.scheduled_at ?? p.created_at).toISOString(),
          amountCents: Number(p.amount_cents),
          feeCents: Number(p.fee_cents),
          totalCents: Number(p.total_cents),
          status: p.status,
          method: paymentMethodOf(p),
          kind: p.kind === 'future' ? 'future' : 'one_time',
          ...(p.kind === 'future' ? { scheduledDate: p.scheduled_date } : {}),
        };
        return item;
      }),
    },
  };
};
