import type { FlowModule } from '../engine/core/flow/types.ts';
import type { ResponseOf } from './api.ts';

// Profile settings (/my/profile-settings): what the four sections' machines need beyond the
// engine's built-ins — lists shaped for the screen (booleans and message keys, as screens choose
// texts by `when`) and the preferences flattened into the form's fields.

type Homeowner = ResponseOf<'getHomeowner'>;
type Contact = Homeowner['contacts'][number];
type Address = Homeowner['addresses'][number];
type Preferences = ResponseOf<'getPreferences'>;

/** A contact as the page lists it. */
export function listedContact(contact: Contact) {
  return {
    ...contact,
    email: contact.type === 'email',
    phone: contact.type === 'phone',
    prefEmail: contact.communicationPreference === 'email',
    prefPaper: contact.communicationPreference === 'paper',
    prefPaperAndEmail: contact.communicationPreference === 'paperAndEmail',
    prefText: contact.communicationPreference === 'text',
  };
}

/** An address as the page lists it: its lines, domestic or international. */
export function listedAddress(address: Address) {
  const place = address.international
    ? [address.city, address.province, address.postalCode].filter(Boolean).join(', ')
    : `${address.city}, ${address.state} ${address.zip}`;
  return {
    ...address,
    lines: [address.street, address.street2, place, address.international ? address.country : ''].filter(Boolean).join(', '),
  };
}

/** The preferences as the form's flat fields (`show*` for each directory field). */
export function preferenceFields(preferences: Preferences) {
  return {
    sendPaymentConfirmationEmail: preferences.sendPaymentConfirmationEmail,
    receivePayBillingText: preferences.receivePayBillingText,
    billingTextNotificationsAvailable: preferences.billingTextNotificationsAvailable,
    showName: preferences.directory.name,
    showPhone: preferences.directory.phone,
    showEmail: preferences.directory.email,
    showMailingAddress: preferences.directory.mailingAddress,
    showTitle: preferences.directory.title,
    directoryTitle: preferences.directoryTitle ?? '',
  };
}

const contactsOf = (output: unknown) => (output as Homeowner).contacts.map(listedContact);
const addressesOf = (output: unknown) => (output as Homeowner).addresses.map(listedAddress);

export const profileContactsFlow: FlowModule = {
  guards: {},
  assigns: {
    listContacts: ({ event }) => ({ contacts: contactsOf(event.output) }),
    startEditing: ({ context, event }) => ({
      editing: ((context.contacts as ReturnType<typeof listedContact>[]) ?? []).find((contact) => contact.id === event.id) ?? null,
    }),
  },
  actors: {},
};

export const profileAddressesFlow: FlowModule = {
  guards: {},
  assigns: {
    listAddresses: ({ event }) => ({ addresses: addressesOf(event.output) }),
    startEditingAddress: ({ context, event }) => ({
      editing: ((context.addresses as ReturnType<typeof listedAddress>[]) ?? []).find((address) => address.id === event.id) ?? null,
    }),
  },
  actors: {},
};

export const profilePreferencesFlow: FlowModule = {
  guards: {},
  assigns: {
    showPreferences: ({ event }) => ({ preferences: preferenceFields(event.output as Preferences), body: null }),
  },
  actors: {},
};
