// The adapter our payments code calls: createSandboxProvider(deps) implements PaymentProvider on
// the sandbox's service layer, in-process, the way a real provider's adapter would call its HTTP
// API. It only ever sees tokens and display details (the service never hands out numbers).
import type { PaymentProvider } from '../payments/provider.ts';
import * as sandbox from './service.ts';

export type SandboxProviderDeps = sandbox.SandboxDeps;

export function createSandboxProvider(deps: SandboxProviderDeps): PaymentProvider {
  return {
    name: 'sandbox',
    createSetupIntent: (input) => sandbox.createSetupIntent(deps, input),
    updateSetupIntentCharge: (setupIntentId, chargeCents) => sandbox.updateSetupIntentCharge(deps, setupIntentId, chargeCents),
    retrieveSetupIntent: (setupIntentId) => sandbox.retrieveSetupIntent(deps, setupIntentId),
    tokenizeBankAccount: (input) => sandbox.tokenizeBankAccount(deps, input),
    charge: (input) => sandbox.charge(deps, input),
    refund: (input) => sandbox.refund(deps, input),
    listEvents: (cursor) => sandbox.listEvents(deps, cursor),
  };
}
