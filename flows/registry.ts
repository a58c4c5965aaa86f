import { buildRegistry, type EngineExtension } from '../engine/core/registry.ts';
import type { FlowModule } from '../engine/core/flow/types.ts';
import { engineBuiltins } from '../engine/react/builtins.ts';
import { autoDraftFlow } from './auto-draft.ts';
import { calendarEntries } from './calendar-entries.ts';
import { dashboardArcVoteFlow } from './dashboard-arc-vote.ts';
import { directoryFlow } from './directory.ts';
import { documentLibrary, documentsFlow, publicDocumentsFlow } from './documents.ts';
import { expressPayFlow } from './express-pay.ts';
import { formatters } from './formatters.ts';
import { guestPaymentFlow } from './guest-payment.ts';
import { instantPaymentFlow } from './instant-payment.ts';
import { makePaymentFlow } from './make-payment.ts';
import { messagesFlow, messageThreadFlow } from './messages.ts';
import { paymentConsentFlow } from './payment-consent.ts';
import { publicCalendarFlow } from './public-calendar.ts';
import { profileAddressesFlow, profileContactsFlow, profilePreferencesFlow } from './profile-settings.ts';
import { recurringPaymentsFlow } from './recurring-payments.ts';
import { newRequestFlow, requestsFlow } from './requests.ts';
import { sessionFlow } from './session.ts';
import { accountLedgers } from './shared/account-ledgers.ts';
import { methodEntry } from './shared/method-entry.ts';
import { paymentSetup } from './shared/payment-setup.ts';

// The product's additions to the engine's registry: formatters named by screens and grids, any
// widgets or shells of the product's own, and the browser-side behaviour flows/*.machine.yaml name.
// Each machine looks a guard, action or actor up in its own flow module (by its file name), then in
// the shared modules its `uses:` lists, then in the engine's built-ins (docs/configuration.md,
// "Adding a flow"). `npm run check` rejects a name defined twice and a name a machine cannot reach.

/** Each flow's own module, by the machine's file name (flows/<name>.machine.yaml). */
export const flowModules: Record<string, FlowModule> = {
  session: sessionFlow,
  'guest-payment': guestPaymentFlow,
  'make-payment': makePaymentFlow,
  'express-pay': expressPayFlow,
  'instant-payment': instantPaymentFlow,
  'recurring-payments': recurringPaymentsFlow,
  'auto-draft': autoDraftFlow,
  'payment-consent': paymentConsentFlow,
  'profile-contacts': profileContactsFlow,
  'profile-addresses': profileAddressesFlow,
  'profile-preferences': profilePreferencesFlow,
  requests: requestsFlow,
  'new-request': newRequestFlow,
  messages: messagesFlow,
  'message-thread': messageThreadFlow,
  directory: directoryFlow,
  documents: documentsFlow,
  'public-documents': publicDocumentsFlow,
  'public-calendar': publicCalendarFlow,
  'dashboard-arc-vote': dashboardArcVoteFlow,
};

/**
 * Flow modules of the board's screens: fetched with their machine, so that no one else's first
 * page (signing in, a guest's payment) downloads board code (the bench checks it).
 */
export const lazyFlowModules: Record<string, () => Promise<FlowModule>> = {
  'board-arc': () => import('./board-arc.ts').then((module) => module.boardArcFlow),
  'invoice-decision': () => import('./invoice-decision.ts').then((module) => module.invoiceDecisionFlow),
};

/** Modules several flows share; a machine names those it uses in `uses:`. */
export const sharedFlowModules: Record<string, FlowModule> = {
  'payment-setup': paymentSetup,
  'account-ledgers': accountLedgers,
  'method-entry': methodEntry,
  'document-library': documentLibrary,
  'calendar-entries': calendarEntries,
};

export const productModules: Record<string, EngineExtension> = {
  flows: { flows: flowModules, sharedFlows: sharedFlowModules, lazyFlows: lazyFlowModules },
  formatters: { formatters },
};

/** The engine's registry merged with the product's, as the running portal sees it. */
export const productRegistry = buildRegistry(engineBuiltins, productModules).registry;

/** Every flow module, for createFlowMachine (engine/core/flow/create-machine.ts). */
export const flowCatalog = productRegistry.flows;
