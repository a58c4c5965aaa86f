// Guest pay: payment Setup (POST /payment) and Confirm (PATCH /payment/{id}/confirm), through the
// payment service. Both honour the Idempotency-Key header.
import type { OperationHandler } from '../types.ts';
import { idempotencyKeyOf, paymentServiceFor } from '../../payments/index.ts';
import { hostedSetupResponse } from '../../payments/setup-response.ts';
import { guestOf, guestPayer } from './guest.ts';

export const createGuestPayment: OperationHandler<'createGuestPayment'> = async (req, services) => {
  const body = req.body;
  const guest = guestOf(req);
  const setup = await paymentServiceFor(services).setupPayment({
    payer: guestPayer(req),
    subLedgerId: body.subLedgerId,
    amountCents: body.amountCents,
    methodKind: body.methodKind,
    setupIntent: true,
    receiptEmail: guest.email,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  return { status: 201, body: hostedSetupResponse(setup, setup.setupIntent!) };
};

export const confirmGuestPayment: OperationHandler<'confirmGuestPayment'> = async (req, services) => {
  const body = req.body;
  const confirmed = await paymentServiceFor(services).confirmPayment({
    payer: guestPayer(req),
    paymentId: req.params.id,
    setupIntentId: body.setupIntentId,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  return { status: 200, body: confirmed };
};
