// The settings-load rules of the portal session (spec section 4), as pure functions.
import type { ResponseOf } from './api.ts';
import { compareNames } from './name-order.ts';

/** The settings as getHomeSettings answers them. */
export type HomeSettings = ResponseOf<'getHomeSettings'>;
type AssociationSettings = HomeSettings['userSettings']['associations'][number];
type PropertySettings = AssociationSettings['properties'][number];
// Kept in the session after normalizeAssociations: an association without properties gets a
// placeholder property that has no owner and no account.
export type Address = PropertySettings['address'];
export type Property = Omit<PropertySettings, 'ownerId' | 'accountNumber'> & { ownerId: number | null; accountNumber: string | null };
export type Association = Omit<AssociationSettings, 'properties'> & { properties: Property[] };

const EMPTY_ADDRESS: Address = { address1: '', address2: '', city: '', stateProvince: '', postalCode: '' };

/**
 * The features and page groups the portal gates on (`$session.features.<name>`, exactly true to
 * show: the selected association's, or every one on when no association is selected, as for
 * management staff, whom the server answers per association). An answer without them (recorded before the server sent them) has every
 * one on, as the portal had before they could be switched off.
 */
export const SESSION_FEATURES = [
  'cardPayments', 'bankPayments', 'payments', 'autoDraft', 'recurringPayments', 'directory', 'calendarReservations', 'documents', 'messages', 'requests',
  'myCA', 'singleSignOn', 'guestPayment', 'createAccount', 'businessManagement', 'boardRequests',
  'pageBilling', 'pageCommunity', 'pageBoard', 'pageMessages', 'pageGuestPayment', 'pageCreateAccount',
] as const;

const ALL_FEATURES_ON: Record<string, boolean> = Object.fromEntries(SESSION_FEATURES.map((name) => [name, true]));

const featuresOf = (association: Association): Record<string, boolean> => ({ ...ALL_FEATURES_ON, ...(association.features ?? {}) });

/** Associations by name (in English order), each with its features; one without properties gets a placeholder property with a negative id. */
export function normalizeAssociations(associations: Association[]): Association[] {
  return [...associations]
    .sort((a, b) => compareNames(a.name, b.name))
    .map((association) => ({ ...association, features: featuresOf(association) }))
    .map((association) => association.properties.length > 0 ? association : {
      ...association,
      autoDraftType: 'off',
      properties: [{ propertyId: -association.id, ownerId: null, accountNumber: null, address: EMPTY_ADDRESS }],
    });
}

export interface Selection { selectedPropertyId: number | null; selectedAssociationId: number | null }

/** The property matching the given account number, else the previous one, else the first; else the first page's association. */
export function chooseSelection(
  associations: Association[],
  pages: HomeSettings['userSettings']['pages'],
  wanted: { accountNumber?: string | null; previousPropertyId?: number | null; associationCode?: string | null },
): Selection {
  const all = associations.flatMap((association) => association.properties.map((property) => ({ association, property })));
  const byAccount = wanted.accountNumber ? all.find(({ property }) => property.accountNumber === wanted.accountNumber) : undefined;
  const byPrevious = wanted.previousPropertyId != null ? all.find(({ property }) => property.propertyId === wanted.previousPropertyId) : undefined;
  // A page shown on one association's own website (?association=CODE) is about that association's home.
  const code = wanted.associationCode?.toLowerCase();
  // (Answers recorded before associations carried their code have none: no match.)
  const inAssociation = code ? all.filter(({ association }) => (association.code as string | undefined)?.toLowerCase() === code) : [];
  const byAssociation = inAssociation.find(({ property }) => property.propertyId === wanted.previousPropertyId) ?? inAssociation[0];
  const chosen = byAccount ?? byAssociation ?? byPrevious ?? all[0];
  if (chosen) return { selectedPropertyId: chosen.property.propertyId, selectedAssociationId: chosen.association.id };
  return { selectedPropertyId: null, selectedAssociationId: pages[0]?.associationId ?? null };
}

export function findSelection(associations: Association[], selection: Selection) {
  const association = associations.find((item) => item.id === selection.selectedAssociationId) ?? null;
  const property = association?.properties.find((item) => item.propertyId === selection.selectedPropertyId) ?? null;
  return { selectedAssociation: association, selectedProperty: property, features: association ? featuresOf(association) : ALL_FEATURES_ON };
}

/** Business-management features are on when the customer is listed, or the list starts with 'all'. */
/** The business-management features: what the server answered for the user's company (the global pmbEnabled setting). */
export function isBusinessManagementEnabled(settings: HomeSettings): boolean {
  const company: { pmbEnabled?: boolean } = (settings as Partial<HomeSettings>).configuration?.company ?? {};
  return company.pmbEnabled === true;
}

/** The theme follows the selected association's design template (else the settings') unless the user overrode it. */
export function chooseTheme(current: { theme: string; themeOverride: boolean }, association: Association | null, settingsTemplate?: string | null): string {
  if (current.themeOverride) return current.theme;
  return association?.designTemplate || settingsTemplate || 'Default';
}

/** The selected association's colours and icon over the theme (none without an association). */
export function chooseBrand(association: Association | null): { themeOverrides: Record<string, string>; pageIcon: string | null } {
  return { themeOverrides: association?.themeOverrides ?? {}, pageIcon: association?.faviconUrl ?? null };
}

/** Reads a claim from a JWT without verifying it: for display and routing only, the server verifies. */
export function readTokenClaim(token: string | null | undefined, claim: string): unknown {
  if (!token) return undefined;
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as Record<string, unknown>)[claim];
  } catch {
    return undefined;
  }
}

/** The frame's picker: one group per association, one option per property. */
export function selectorGroups(associations: Association[]) {
  return associations.map((association) => ({
    label: association.name,
    options: association.properties.map((property) => ({
      value: property.propertyId,
      label: property.address.address1 ? `${association.name} — ${property.address.address1}` : association.name,
    })),
  }));
}

/** What the portal calls the user (the welcome, the user menu): the first name, else the user name, else the e-mail address. */
export function displayNameOf(user: { firstName?: string | null; userName?: string | null; email: string }): string {
  return user.firstName?.trim() || user.userName?.trim() || user.email;
}
