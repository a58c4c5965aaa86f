// Guest pay: payment Setup (POST /payment) and Confirm (PATCH /payment/{id}/confirm), through the
// payment service. Both honour the Idempotency-Key header.
import type { Handler } from '../types.ts';
import { idempotencyKeyOf, paymentServiceFor } from '../../payments/index.ts';
import type { MethodKind } from '../../payments/provider.ts';
import { hostedSetupResponse } from '../../payments/setup-response.ts';
import { guestOf, guestPayer } from './guest.ts';

export const createGuestPayment: Handler = async (req, services) => {
  const body = req.body as { subLedgerId: number; amountCents: number; methodKind: MethodKind };
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

export const confirmGuestPayment: Handler = async (req, services) => {
  const body = req.body as { setupIntentId: string };
  const confirmed = await paymentServiceFor(services).confirmPayment({
    payer: guestPayer(req),
    paymentId: req.params.id as string,
    setupIntentId: body.setupIntentId,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  return { status: 200, body: confirmed };
};
