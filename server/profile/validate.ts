// The server's checks of profile contacts and addresses: the messages here are the truth the
// profile screen's form repeats. Each check answers request field -> message, every field at fault
// at once (fieldErrors turns them into one 400 VAL001).

export type ContactType = 'email' | 'phone';
export type CommunicationPreference = 'email' | 'paper' | 'paperAndEmail' | 'text';

export const LABEL_MAX = 50;
export const ADDRESS_TEXT_MAX = 100;

export const PROFILE_MESSAGES = {
  labelRequired: 'Label is required.',
  labelTooLong: `Label must be at most ${LABEL_MAX} characters.`,
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address format.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Invalid phone number',
  preferenceNotForEmail: 'This preference is not available for an e-mail address.',
  preferenceNotForPhone: 'This preference is not available for a phone number.',
  streetRequired: 'Street is required.',
  cityRequired: 'City is required.',
  stateRequired: 'State is required.',
  stateInvalid: 'Please enter a valid 2-letter state code.',
  zipRequired: 'Zip code is required.',
  zipInvalid: 'Please enter a valid zip code (12345 or 12345-6789).',
  countryRequired: 'Country is required.',
  postalCodeRequired: 'Postal code is required.',
  titleTooLong: `Title must be at most ${LABEL_MAX} characters.`,
} as const;

const PREFERENCES: Record<ContactType, readonly CommunicationPreference[]> = {
  email: ['email', 'paper', 'paperAndEmail'],
  phone: ['text', 'paper'],
};

/** What a contact gets when no preference is given: e-mail for an address, no texts for a phone. */
export const DEFAULT_PREFERENCE: Record<ContactType, CommunicationPreference> = { email: 'email', phone: 'paper' };

// One @, no spaces, a dotted domain whose labels are letters, digits and inner hyphens.
const EMAIL = /^[^\s@]{1,64}@(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value) && !/\.\.|^\.|\.@/.test(value);
}

/**
 * A US number (10 digits, optionally after 1 or +1; area code and exchange start with 2-9), or an
 * international one written with + and 8 to 15 digits. Spaces, dots, dashes and parentheses are
 * layout and ignored.
 */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, '');
  if (value.startsWith('+') && !value.startsWith('+1')) return digits.length >= 8 && digits.length <= 15;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9][0-9]{2}[2-9][0-9]{6}$/.test(national);
}

export interface ContactFields {
  type: ContactType;
  label: string;
  value: string;
  communicationPreference: CommunicationPreference;
}

export function checkLabel(label: string, fields: Record<string, string>): void {
  if (label === '') fields.label = PROFILE_MESSAGES.labelRequired;
  else if (label.length > LABEL_MAX) fields.label = PROFILE_MESSAGES.labelTooLong;
}

/** Field -> message for a contact as it would be stored (values already trimmed). */
export function contactErrors(c: ContactFields): Record<string, string> {
  const fields: Record<string, string> = {};
  checkLabel(c.label, fields);
  if (c.type === 'email') {
    if (c.value === '') fields.value = PROFILE_MESSAGES.emailRequired;
    else if (!isValidEmail(c.value)) fields.value = PROFILE_MESSAGES.emailInvalid;
  } else if (c.value === '') fields.value = PROFILE_MESSAGES.phoneRequired;
  else if (!isValidPhone(c.value)) fields.value = PROFILE_MESSAGES.phoneInvalid;
  if (!PREFERENCES[c.type].includes(c.communicationPreference)) {
    fields.communicationPreference = c.type === 'email' ? PROFILE_MESSAGES.preferenceNotForEmail : PROFILE_MESSAGES.preferenceNotForPhone;
  }
  return fields;
}

// The 50 states, DC and the territories and military codes the Postal Service delivers to.
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR VI UM AA AE AP'.split(
    ' ',
  ),
);

export interface AddressFields {
  label: string;
  international: boolean;
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  province: string;
  postalCode: string;
}

const TEXT_FIELDS: [keyof AddressFields, string][] = [
  ['street', 'Street'],
  ['street2', 'Street 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'Zip code'],
  ['country', 'Country'],
  ['province', 'Province'],
  ['postalCode', 'Postal code'],
];

/** The address as it is stored: trimmed, the state upper-cased, the other kind's fields empty. */
export function normalizeAddress(input: Partial<AddressFields> & { label: string; international: boolean }): AddressFields {
  const t = (v: string | undefined) => (v ?? '').trim();
  const domestic = !input.international;
  return {
    label: t(input.label),
    international: input.international,
    street: t(input.street),
    street2: t(input.street2),
    city: t(input.city),
    state: domestic ? t(input.state).toUpperCase() : '',
    zip: domestic ? t(input.zip) : '',
    country: domestic ? '' : t(input.country),
    province: domestic ? '' : t(input.province),
    postalCode: domestic ? '' : t(input.postalCode),
  };
}

export function addressErrors(a: AddressFields): Record<string, string> {
  const fields: Record<string, string> = {};
  checkLabel(a.label, fields);
  if (a.street === '') fields.street = PROFILE_MESSAGES.streetRequired;
  if (a.city === '') fields.city = PROFILE_MESSAGES.cityRequired;
  if (a.international) {
    if (a.country === '') fields.country = PROFILE_MESSAGES.countryRequired;
    if (a.postalCode === '') fields.postalCode = PROFILE_MESSAGES.postalCodeRequired;
  } else {
    if (a.state === '') fields.state = PROFILE_MESSAGES.stateRequired;
    else if (!US_STATES.has(a.state)) fields.state = PROFILE_MESSAGES.stateInvalid;
    if (a.zip === '') fields.zip = PROFILE_MESSAGES.zipRequired;
    else if (!/^[0-9]{5}(-[0-9]{4})?$/.test(a.zip)) fields.zip = PROFILE_MESSAGES.zipInvalid;
  }
  for (const [key, name] of TEXT_FIELDS) {
    if (!fields[key] && a[key] !== '' && String(a[key]).length > ADDRESS_TEXT_MAX) fields[key] = `${name} must be at most ${ADDRESS_TEXT_MAX} characters.`;
  }
  return fields;
}
