// Reading and writing profile rows (migration 090_profile.sql). Writers run inside the caller's
// transaction; making a row primary clears the flag on its siblings first, so the partial unique
// indexes (one primary per user and type) never see two.
import type { Queryable } from '../db/index.ts';
import type { AddressFields, CommunicationPreference, ContactType } from './validate.ts';

export interface Contact {
  id: number;
  type: ContactType;
  label: string;
  value: string;
  primary: boolean;
  communicationPreference: CommunicationPreference;
}

export interface ProfileAddress extends AddressFields {
  id: number;
  primary: boolean;
}

interface ContactRow {
  id: number;
  type: ContactType;
  label: string;
  value: string;
  is_primary: boolean;
  communication_preference: CommunicationPreference;
}

interface AddressRow {
  id: number;
  label: string;
  international: boolean;
  street: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  province: string;
  postal_code: string;
  is_primary: boolean;
}

const CONTACT_COLUMNS = 'id, type, label, value, is_primary, communication_preference';
const ADDRESS_COLUMNS = 'id, label, international, street, street2, city, state, zip, country, province, postal_code, is_primary';

function contactOf(r: ContactRow): Contact {
  return { id: Number(r.id), type: r.type, label: r.label, value: r.value, primary: r.is_primary === true, communicationPreference: r.communication_preference };
}

function addressOf(r: AddressRow): ProfileAddress {
  return {
    id: Number(r.id),
    label: r.label,
    international: r.international === true,
    street: r.street,
    street2: r.street2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    country: r.country,
    province: r.province,
    postalCode: r.postal_code,
    primary: r.is_primary === true,
  };
}

/**
 * Serializes the profile writes of one user (two "make primary" at once would otherwise both clear
 * the flag and then collide on the unique index): every writer takes this first.
 */
export async function lockProfile(q: Queryable, userId: number): Promise<void> {
  await q.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function listContacts(q: Queryable, userId: number): Promise<Contact[]> {
  const { rows } = await q.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM user_contacts WHERE user_id = $1 ORDER BY is_primary DESC, id`, [userId]);
  return rows.map(contactOf);
}

/** The caller's own contact, locked for the change; null for anyone else's or an unknown id. */
export async function lockContact(q: Queryable, userId: number, id: number): Promise<Contact | null> {
  const { rows } = await q.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM user_contacts WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
  return rows[0] ? contactOf(rows[0]) : null;
}

async function clearPrimaryContact(q: Queryable, userId: number, type: ContactType, exceptId: number): Promise<void> {
  await q.query('UPDATE user_contacts SET is_primary = false WHERE user_id = $1 AND type = $2 AND is_primary AND id <> $3', [userId, type, exceptId]);
}

export async function insertContact(q: Queryable, userId: number, c: Omit<Contact, 'id'>): Promise<Contact> {
  if (c.primary) await clearPrimaryContact(q, userId, c.type, 0);
  const { rows } = await q.query<ContactRow>(
    `INSERT INTO user_contacts (user_id, type, label, value, is_primary, communication_preference) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${CONTACT_COLUMNS}`,
    [userId, c.type, c.label, c.value, c.primary, c.communicationPreference],
  );
  return contactOf(rows[0]);
}

export async function updateContactRow(q: Queryable, userId: number, c: Contact): Promise<Contact> {
  if (c.primary) await clearPrimaryContact(q, userId, c.type, c.id);
  const { rows } = await q.query<ContactRow>(
    `UPDATE user_contacts SET type = $3, label = $4, value = $5, is_primary = $6, communication_preference = $7
      WHERE id = $1 AND user_id = $2 RETURNING ${CONTACT_COLUMNS}`,
    [c.id, userId, c.type, c.label, c.value, c.primary, c.communicationPreference],
  );
  return contactOf(rows[0]);
}

export async function deleteContactRow(q: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM user_contacts WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount === 1;
}

export async function listAddresses(q: Queryable, userId: number): Promise<ProfileAddress[]> {
  const { rows } = await q.query<AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM user_addresses WHERE user_id = $1 ORDER BY is_primary DESC, id`, [userId]);
  return rows.map(addressOf);
}

async function clearPrimaryAddress(q: Queryable, userId: number, exceptId: number): Promise<void> {
  await q.query('UPDATE user_addresses SET is_primary = false WHERE user_id = $1 AND is_primary AND id <> $2', [userId, exceptId]);
}

const addressParams = (a: AddressFields, primary: boolean) => [
  a.label,
  a.international,
  a.street,
  a.street2,
  a.city,
  a.state,
  a.zip,
  a.country,
  a.province,
  a.postalCode,
  primary,
];

export async function insertAddress(q: Queryable, userId: number, a: AddressFields, primary: boolean): Promise<ProfileAddress> {
  if (primary) await clearPrimaryAddress(q, userId, 0);
  const { rows } = await q.query<AddressRow>(
    `INSERT INTO user_addresses (user_id, label, international, street, street2, city, state, zip, country, province, postal_code, is_primary)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${ADDRESS_COLUMNS}`,
    [userId, ...addressParams(a, primary)],
  );
  return addressOf(rows[0]);
}

/** Whether the address is the caller's (locked for the change); anyone else's is like an unknown id. */
export async function lockAddress(q: Queryable, userId: number, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM user_addresses WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
  return rows.length > 0;
}

/** Replaces one of the caller's addresses (lockAddress first). */
export async function replaceAddress(q: Queryable, userId: number, id: number, a: AddressFields, primary: boolean): Promise<ProfileAddress> {
  if (primary) await clearPrimaryAddress(q, userId, id);
  const { rows } = await q.query<AddressRow>(
    `UPDATE user_addresses SET label = $3, international = $4, street = $5, street2 = $6, city = $7, state = $8, zip = $9, country = $10,
            province = $11, postal_code = $12, is_primary = $13
      WHERE id = $1 AND user_id = $2 RETURNING ${ADDRESS_COLUMNS}`,
    [id, userId, ...addressParams(a, primary)],
  );
  return addressOf(rows[0]);
}

export async function deleteAddressRow(q: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM user_addresses WHERE id = $1 AND user_id = $2', [id, userId]);
  return rowCount === 1;
}

/**
 * The homeowner's primary e-mail contact, or null: what a payment provider that requires a
 * primary e-mail is given (PA037 without one).
 */
export async function primaryEmailOf(q: Queryable, userId: number): Promise<string | null> {
  const { rows } = await q.query<{ value: string }>(`SELECT value FROM user_contacts WHERE user_id = $1 AND type = 'email' AND is_primary`, [userId]);
  return rows[0]?.value ?? null;
}
