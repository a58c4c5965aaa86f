import { buildRegistry, type EngineExtension } from '../engine/core/registry.ts';
import type { FlowModule } from '../engine/core/flow/types.ts';
import { engineBuiltins } from '../engine/react/builtins.ts';
import { formatters } from './formatters.ts';
import { sessionFlow } from './session.ts';

// The product's additions to the engine's registry: formatters named by screens and grids, any
// widgets or shells of the product's own, and the browser-side behaviour flows/*.machine.yaml name.
// Each machine looks a guard, action or actor up in its own flow module (by its file name), then in
// the shared modules its `uses:` lists, then in the engine's built-ins (docs/configuration.md,
// "Adding a flow"). `npm run check` rejects a name defined twice and a name a machine cannot reach.

/**
 * The flow that runs for the whole page (app.yaml `sessionFlow`): the only flow module every page
 * carries, since the session starts before any screen.
 */
export const flowModules: Record<string, FlowModule> = {
  session: sessionFlow,
};

/**
 * Flows only the console, the board, and pages in another site's frame run: their loaders wait in a
 * table of their own (flows/registry-deferred.ts), fetched with the first of them, so that the pages
 * everyone opens do not carry the addresses of their code.
 */
const deferred = (name: string) => () => import('./registry-deferred.ts').then(({ deferredFlowModules }) => deferredFlowModules[name]());

/**
 * Every other flow's own module, by the machine's file name (flows/<name>.machine.yaml): fetched
 * with its machine, so that a page downloads the code of the flows it runs and no other (no one
 * else's first page carries a payment's or the board's code; the bench checks the board's).
 */
export const lazyFlowModules: Record<string, () => Promise<FlowModule>> = {
  'guest-payment': () => import('./guest-payment.ts').then((module) => module.guestPaymentFlow),
  'make-payment': () => import('./make-payment.ts').then((module) => module.makePaymentFlow),
  'express-pay': () => import('./express-pay.ts').then((module) => module.expressPayFlow),
  'instant-payment': () => import('./instant-payment.ts').then((module) => module.instantPaymentFlow),
  'recurring-payments': () => import('./recurring-payments.ts').then((module) => module.recurringPaymentsFlow),
  'auto-draft': () => import('./auto-draft.ts').then((module) => module.autoDraftFlow),
  'payment-consent': () => import('./payment-consent.ts').then((module) => module.paymentConsentFlow),
  'profile-contacts': () => import('./profile-settings.ts').then((module) => module.profileContactsFlow),
  'profile-addresses': () => import('./profile-settings.ts').then((module) => module.profileAddressesFlow),
  'profile-preferences': () => import('./profile-settings.ts').then((module) => module.profilePreferencesFlow),
  requests: () => import('./requests.ts').then((module) => module.requestsFlow),
  'new-request': () => import('./requests.ts').then((module) => module.newRequestFlow),
  messages: () => import('./messages.ts').then((module) => module.messagesFlow),
  'message-thread': () => import('./messages.ts').then((module) => module.messageThreadFlow),
  directory: () => import('./directory.ts').then((module) => module.directoryFlow),
  'manage-home': deferred('manage-home'),
  'manage-staff': deferred('manage-staff'),
  'manage-board': deferred('manage-board'),
  'manage-people': deferred('manage-people'),
  'manage-person': deferred('manage-person'),
  'staff-invitation': () => import('./staff-invitation.ts').then((module) => module.staffInvitationFlow),
  documents: () => import('./documents.ts').then((module) => module.documentsFlow),
  'public-documents': () => import('./documents.ts').then((module) => module.publicDocumentsFlow),
  'public-calendar': () => import('./public-calendar.ts').then((module) => module.publicCalendarFlow),
  'dashboard-arc-vote': () => import('./dashboard-arc-vote.ts').then((module) => module.dashboardArcVoteFlow),
  'board-arc': deferred('board-arc'),
  'invoice-decision': deferred('invoice-decision'),
  'manage-settings': deferred('manage-settings'),
  'manage-audit': deferred('manage-audit'),
  'manage-pages': deferred('manage-pages'),
  'custom-page': () => import('./custom-page.ts').then((module) => module.customPageFlow),
  'embed-handoff': deferred('embed-handoff'),
  'embed-sign-in': deferred('embed-sign-in'),
};

/** Modules several flows share; a machine names those it uses in `uses:`. Fetched with the first machine using one. */
export const lazySharedFlowModules: Record<string, () => Promise<FlowModule>> = {
  'payment-setup': () => import('./shared/payment-setup.ts').then((module) => module.paymentSetup),
  'account-ledgers': () => import('./shared/account-ledgers.ts').then((module) => module.accountLedgers),
  'method-entry': () => import('./shared/method-entry.ts').then((module) => module.methodEntry),
  'document-library': () => import('./documents.ts').then((module) => module.documentLibrary),
  'calendar-entries': () => import('./calendar-entries.ts').then((module) => module.calendarEntries),
};

export const productModules: Record<string, EngineExtension> = {
  flows: { flows: flowModules, lazyFlows: lazyFlowModules, lazySharedFlows: lazySharedFlowModules },
  formatters: { formatters },
};

/** The engine's registry merged with the product's, as the running portal sees it. */
export const productRegistry = buildRegistry(engineBuiltins, productModules).registry;

/** Every flow module, for createFlowMachine (engine/core/flow/create-machine.ts). */
export const flowCatalog = productRegistry.flows;
