// What the signed-in portal shows of each association (getHomeSettings `features`): each feature of
// the registry and each page group of the settings, on or off by the association's effective
// settings, read fresh on each session load so that a change shows on the next page load.
import { FEATURES, businessManagementEnabled, type FeatureName } from './registry.ts';

/** The route groups the console switches on or off (settings.schema.yaml, group pages, not const). */
export const PAGE_KEYS = ['pageBilling', 'pageCommunity', 'pageBoard', 'pageMessages', 'pageGuestPayment', 'pageCreateAccount'] as const;

/** The page group a feature's screens live in: with the group off, the portal shows none of them. */
const GROUP_OF: Partial<Record<FeatureName, (typeof PAGE_KEYS)[number]>> = {
  cardPayments: 'pageBilling',
  bankPayments: 'pageBilling',
  payments: 'pageBilling',
  autoDraft: 'pageBilling',
  recurringPayments: 'pageBilling',
  directory: 'pageCommunity',
  calendarReservations: 'pageCommunity',
  documents: 'pageCommunity',
  requests: 'pageCommunity',
  messages: 'pageMessages',
  businessManagement: 'pageBoard',
  guestPayment: 'pageGuestPayment',
  createAccount: 'pageCreateAccount',
};

/**
 * What the portal shows for the association: each page group, and each feature while its group is
 * on too (a navigation item or widget names one value). The server refuses by feature alone.
 */
export function featuresFor(values: Record<string, unknown>, companyCode: string, associationCode: string): Record<string, boolean> {
  const facts = { values, companyCode, associationCode, methodKind: null };
  const out: Record<string, boolean> = {};
  for (const key of PAGE_KEYS) out[key] = values[key] !== false;
  for (const name of Object.keys(FEATURES) as FeatureName[]) {
    if (name === 'core') continue;
    const group = GROUP_OF[name];
    out[name] = FEATURES[name].on(facts) && (group === undefined || out[group]);
  }
  // The board's architectural requests: requests on, and the board's pages.
  out.boardRequests = FEATURES.requests.on(facts) && out.pageBoard;
  return out;
}

/** Whether the company's users get the business-management features (the global pmbEnabled list). */
export function companyBusinessManagement(values: Record<string, unknown>, companyCode: string): boolean {
  return businessManagementEnabled(values.pmbEnabled, [companyCode]);
}
