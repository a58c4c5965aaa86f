// Express pay: payment Setup (POST /express-pay), update (PATCH /express-pay/{id}), Confirm
// (PUT /express-pay/{id}/confirm) and the payer's acknowledgement of the confirmation, all on the
// link's own sub-ledger through the payment service. Setup and Confirm honour Idempotency-Key.
import type { OperationHandler } from '../types.ts';
import { idempotencyKeyOf, paymentServiceFor } from '../../payments/index.ts';
import { paymentError } from '../../payments/errors.ts';
import { expressError } from '../../payments/express-errors.ts';
import { hostedSetupResponse } from '../../payments/setup-response.ts';
import { expressOf, expressPayer, ownExpressPayment } from './express.ts';

export const createExpressPayment: OperationHandler<'createExpressPayment'> = async (req, services) => {
  const body = req.body;
  // subLedgerId, when given, is the link's own (x-policy).
  const e = expressOf(req);
  const setup = await paymentServiceFor(services).setupPayment({
    payer: expressPayer(req),
    subLedgerId: e.subLedgerId,
    amountCents: body.amountCents,
    methodKind: body.methodKind,
    setupIntent: true,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  const intent = setup.setupIntent!;
  // Which link made it, and its hosted entry (a repeat with the same Idempotency-Key finds the row).
  await services.db.query(
    `INSERT INTO express_payments (payment_id, checkout_link_id, setup_intent_id, client_secret, hosted_entry_url, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_id) DO NOTHING`,
    [setup.paymentId, e.checkoutLinkId, intent.setupIntentId, intent.clientSecret, intent.hostedEntryUrl, services.clock()],
  );
  return { status: 201, body: hostedSetupResponse(setup, intent) };
};

export const updateExpressPayment: OperationHandler<'updateExpressPayment'> = async (req, services) => {
  const body = req.body;
  const e = expressOf(req);
  const current = await ownExpressPayment(services.db, e, req.params.id);
  const setup = await paymentServiceFor(services).updateSetup({ payer: expressPayer(req), paymentId: current.id, amountCents: body.amountCents, methodKind: body.methodKind });
  let intent = setup.setupIntent;
  if (intent) {
    await services.db.query('UPDATE express_payments SET setup_intent_id = $2, client_secret = $3, hosted_entry_url = $4 WHERE payment_id = $1', [
      current.id,
      intent.setupIntentId,
      intent.clientSecret,
      intent.hostedEntryUrl,
    ]);
  } else {
    if (!current.setup_intent_id || !current.client_secret || !current.hosted_entry_url) throw paymentError('PAY008');
    intent = { setupIntentId: current.setup_intent_id, clientSecret: current.client_secret, hostedEntryUrl: current.hosted_entry_url };
  }
  return { status: 200, body: hostedSetupResponse(setup, intent) };
};

export const confirmExpressPayment: OperationHandler<'confirmExpressPayment'> = async (req, services) => {
  const body = req.body;
  const e = expressOf(req);
  const current = await ownExpressPayment(services.db, e, req.params.id);
  const confirmed = await paymentServiceFor(services).confirmPayment({
    payer: expressPayer(req),
    paymentId: current.id,
    setupIntentId: body.setupIntentId,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  const { receiptEmail: _receiptEmail, ...answer } = confirmed;
  return { status: 200, body: answer };
};

export const acknowledgeExpressPayment: OperationHandler<'acknowledgeExpressPayment'> = async (req, services) => {
  const e = expressOf(req);
  const current = await ownExpressPayment(services.db, e, req.params.id);
  if (!['succeeded', 'pending', 'returned'].includes(current.status)) throw expressError('EXP002');
  await services.db.query('UPDATE express_payments SET acknowledged_at = COALESCE(acknowledged_at, $2) WHERE payment_id = $1', [current.id, services.clock()]);
  return { status: 200, body: { paymentId: current.id, acknowledged: true } };
};
