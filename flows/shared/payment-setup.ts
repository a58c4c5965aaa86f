import type { FlowModule } from '../../engine/core/flow/types.ts';

// What every payment flow does around a payment's Setup and Confirm, whatever the channel (guest,
// signed-in, express link): machines name this module in `uses: [payment-setup]`.
export const paymentSetup: FlowModule = {
  guards: {
    /** The Setup answered that a payment like this one was made recently: the payer confirms first. */
    hasDuplicateWarning: ({ event }) => Boolean((event.output as { duplicateWarning?: boolean } | undefined)?.duplicateWarning),
  },
  assigns: {
    /** A fresh Idempotency-Key for the next write: a retry of that write cannot act twice. */
    newIdempotencyKey: () => ({ idempotencyKey: crypto.randomUUID() }),
  },
};
