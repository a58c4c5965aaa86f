// The answer to a payment Setup that is paid through the provider's hosted entry (guest and
// express pay): the server's amount, fee and total, and what the browser needs to show the entry.
import type { PaymentSetup } from './service.ts';

export interface HostedIntent { setupIntentId: string; clientSecret: string; hostedEntryUrl: string }

export function hostedSetupResponse(setup: PaymentSetup, intent: HostedIntent) {
  return {
    paymentId: setup.paymentId,
    amountCents: setup.amountCents,
    feeCents: setup.feeCents,
    totalCents: setup.totalCents,
    methodKind: setup.methodKind,
    setupIntentId: intent.setupIntentId,
    clientSecret: intent.clientSecret,
    hostedEntryUrl: intent.hostedEntryUrl,
    duplicateWarning: setup.duplicateWarning,
  };
}
