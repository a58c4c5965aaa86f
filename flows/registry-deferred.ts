// The loaders of the flows only the console, the board and pages in another site's frame run
// (flows/registry.ts `deferred`): a table fetched with the first of them.
import type { FlowModule } from '../engine/core/flow/types.ts';

export const deferredFlowModules: Record<string, () => Promise<FlowModule>> = {
  'manage-home': () => import('./manage-home.ts').then((module) => module.manageHomeFlow),
  'manage-staff': () => import('./manage-staff.ts').then((module) => module.manageStaffFlow),
  'manage-board': () => import('./manage-board.ts').then((module) => module.manageBoardFlow),
  'manage-people': () => import('./manage-people.ts').then((module) => module.managePeopleFlow),
  'manage-person': () => import('./manage-person.ts').then((module) => module.managePersonFlow),
  'board-arc': () => import('./board-arc.ts').then((module) => module.boardArcFlow),
  'invoice-decision': () => import('./invoice-decision.ts').then((module) => module.invoiceDecisionFlow),
  'manage-settings': () => import('./manage-settings.ts').then((module) => module.manageSettingsFlow),
  'manage-audit': () => import('./manage-audit.ts').then((module) => module.manageAuditFlow),
  'manage-pages': () => import('./manage-pages.ts').then((module) => module.managePagesFlow),
  'embed-handoff': () => import('./embed-handoff.ts').then((module) => module.embedHandoffFlow),
  'embed-sign-in': () => import('./embed-sign-in.ts').then((module) => module.embedSignInFlow),
};
