// The features an operation can belong to (x-feature of openapi/, docs/server.md "Features"): each
// is on or off for an association by its effective portal settings (server/settings/). Only names
// live here, so the OpenAPI loader checks every declaration at boot without the database.

/** What decides a feature for one request: the association's effective settings and codes. */
export interface FeatureFacts {
  values: Record<string, unknown>;
  companyCode: string;
  associationCode: string;
  /** The payment method kind the request names (card or bank), when it names one. */
  methodKind: 'card' | 'bank' | null;
}

export interface FeatureDef {
  /** The settings keys a console switch changes to turn it off (tests switch them). */
  keys: readonly string[];
  on(facts: FeatureFacts): boolean;
}

const flag = (key: string): FeatureDef => ({ keys: [key], on: (f) => f.values[key] !== false });

/**
 * The business-management customers: lower-cased company or association codes; 'all' first enables
 * every customer (the global, read-only setting pmbEnabled).
 */
export function businessManagementEnabled(list: unknown, codes: readonly string[]): boolean {
  if (!Array.isArray(list)) return false;
  if (list[0] === 'all') return true;
  return codes.some((code) => list.includes(code.toLowerCase()));
}

export const FEATURES = {
  /** Belongs to no feature: never switched off. */
  core: { keys: [], on: () => true },
  cardPayments: flag('cardPayments'),
  bankPayments: flag('bankPayments'),
  /**
   * Paying: card and bank both off refuses it; a request that names a method kind (or a saved
   * method) is refused when that kind is off.
   */
  payments: {
    keys: ['cardPayments', 'bankPayments'],
    on: (f) => {
      const card = f.values.cardPayments !== false;
      const bank = f.values.bankPayments !== false;
      if (f.methodKind === 'card') return card;
      if (f.methodKind === 'bank') return bank;
      return card || bank;
    },
  },
  autoDraft: { keys: ['autoDraftType'], on: (f) => f.values.autoDraftType !== 'off' },
  recurringPayments: flag('recurringPayments'),
  directory: flag('directory'),
  calendarReservations: flag('calendarReservations'),
  documents: flag('documents'),
  messages: flag('messages'),
  requests: flag('requests'),
  myCA: flag('myCA'),
  singleSignOn: flag('singleSignOn'),
  guestPayment: flag('pageGuestPayment'),
  createAccount: flag('pageCreateAccount'),
  businessManagement: { keys: ['pmbEnabled'], on: (f) => businessManagementEnabled(f.values.pmbEnabled, [f.companyCode, f.associationCode]) },
} as const satisfies Record<string, FeatureDef>;

export type FeatureName = keyof typeof FEATURES;

export function isFeature(name: unknown): name is FeatureName {
  return typeof name === 'string' && Object.hasOwn(FEATURES, name);
}

/** The off value of a settings key (what a test or the console sets to switch a feature off). */
export function offValueOf(key: string): unknown {
  return key === 'autoDraftType' ? 'off' : key === 'pmbEnabled' ? [] : false;
}
