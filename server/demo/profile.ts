// Demo data of the profile and the resident directory (docs/server.md, "Profile and resident
// directory"): contacts and addresses of homeowner@example.com, ten residents of Maple Grove
// choosing different directory preferences, and an owner at Cedar Point without a primary e-mail,
// where the provider requires one (PA037). Runs inside seedDemo's transaction, after the users and
// accounts exist (every user already has their login e-mail as primary contact, migration 090).
import type { Queryable } from '../db/index.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { DirectoryVisibility } from '../profile/preferences.ts';
import { addDays, appDate } from '../payments/billing.ts';

export const DEMO_RESIDENT_PASSWORD = 'Resident#2026';
/** Owns account 200415 at Cedar Point with a balance, and has no primary e-mail: paying there is refused with PA037. */
export const DEMO_NO_PRIMARY_EMAIL = { email: 'noprimary@example.com', password: 'Noprimary#2026', firstName: 'Sam', lastName: 'Ortiz', account: '200415' } as const;

const ALL: DirectoryVisibility = { name: true, phone: true, email: true, mailingAddress: true, title: true };
const NAME_ONLY: DirectoryVisibility = { name: true, phone: false, email: false, mailingAddress: false, title: false };

interface DemoResident {
  first: string;
  last: string;
  account: string;
  property: string;
  phone?: string;
  /** undefined: never chose (listed by name only). */
  directory?: DirectoryVisibility;
  title?: string;
  /** A primary mailing address other than the property. */
  mailing?: { street: string; city: string; state: string; zip: string };
}

/** Maple Grove residents (login `<first>.<last>@example.com`, password DEMO_RESIDENT_PASSWORD), accounts 100240-100249 without a balance. */
export const DEMO_RESIDENTS: DemoResident[] = [
  { first: 'Priya', last: 'Shah', account: '100240', property: '500 Maple Grove Lane', phone: '(404) 555-0140', directory: ALL, title: 'Treasurer' },
  { first: 'Daniel', last: 'Kim', account: '100241', property: '502 Maple Grove Lane', phone: '(404) 555-0141', directory: ALL },
  {
    first: 'Sofia',
    last: 'Alvarez',
    account: '100242',
    property: '504 Maple Grove Lane',
    phone: '404-555-0142',
    directory: ALL,
    mailing: { street: 'PO Box 1142', city: 'Atlanta', state: 'GA', zip: '30302' },
  },
  { first: 'Marcus', last: 'Johnson', account: '100243', property: '506 Maple Grove Lane', phone: '(404) 555-0143', directory: NAME_ONLY },
  { first: 'Emily', last: 'Nguyen', account: '100244', property: '508 Maple Grove Lane', directory: NAME_ONLY, title: 'Secretary' },
  { first: 'Omar', last: 'Haddad', account: '100245', property: '510 Maple Grove Lane', phone: '(404) 555-0145' },
  { first: 'Grace', last: 'Wallace', account: '100246', property: '512 Maple Grove Lane', phone: '(404) 555-0146', directory: { ...NAME_ONLY, email: true } },
  { first: 'Lucas', last: 'Fischer', account: '100247', property: '514 Maple Grove Lane', phone: '(404) 555-0147', directory: { ...NAME_ONLY, phone: true, mailingAddress: true } },
  { first: 'Hannah', last: 'Novak', account: '100248', property: '516 Maple Grove Lane', phone: '(404) 555-0148', directory: { ...ALL, name: false } },
  { first: 'Ben', last: 'Carter', account: '100249', property: '518 Maple Grove Lane', phone: '(404) 555-0149', directory: { ...ALL, title: false }, title: 'Landscaping committee' },
];

export function residentEmail(r: Pick<DemoResident, 'first' | 'last'>): string {
  return `${r.first}.${r.last}@example.com`.toLowerCase();
}

async function idOf(tx: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(sql, params);
  return Number(rows[0].id);
}

async function addUser(tx: Queryable, companyId: number, email: string, hash: string, first: string, last: string): Promise<number> {
  return idOf(tx, 'INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    companyId,
    email,
    hash,
    first,
    last,
  ]);
}

async function addAccount(tx: Queryable, associationId: number, number: string, ownerId: number, address1: string, city: string, state: string, zip: string, now: Date) {
  const accountId = await idOf(
    tx,
    `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code, registered_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [associationId, number, ownerId, address1, city, state, zip, now],
  );
  return idOf(tx, `INSERT INTO sub_ledgers (account_id, name, position) VALUES ($1, 'Assessments', 0) RETURNING id`, [accountId]);
}

async function addContact(tx: Queryable, userId: number, type: 'email' | 'phone', label: string, value: string, primary: boolean, preference: string) {
  await tx.query('INSERT INTO user_contacts (user_id, type, label, value, is_primary, communication_preference) VALUES ($1, $2, $3, $4, $5, $6)', [
    userId,
    type,
    label,
    value,
    primary,
    preference,
  ]);
}

async function addAddress(tx: Queryable, userId: number, a: Record<string, string | boolean>) {
  await tx.query(
    `INSERT INTO user_addresses (user_id, label, international, street, street2, city, state, zip, country, province, postal_code, is_primary)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [userId, a.label, a.international, a.street, a.street2 ?? '', a.city, a.state ?? '', a.zip ?? '', a.country ?? '', a.province ?? '', a.postalCode ?? '', a.primary],
  );
}

async function setDirectory(tx: Queryable, userId: number, d: DirectoryVisibility, title: string | null, now: Date) {
  await tx.query(
    `INSERT INTO directory_preferences (user_id, show_name, show_phone, show_email, show_mailing_address, show_title, title, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [userId, d.name, d.phone, d.email, d.mailingAddress, d.title, title, now],
  );
}

export async function seedDemoProfile(tx: Queryable, passwords: PasswordHasher, now: Date): Promise<void> {
  const residentHash = await passwords.hash(DEMO_RESIDENT_PASSWORD);
  const noPrimaryHash = await passwords.hash(DEMO_NO_PRIMARY_EMAIL.password);
  const companyId = await idOf(tx, `SELECT id FROM management_companies WHERE code = 'summit'`, []);
  const mapleGrove = await idOf(tx, `SELECT id FROM associations WHERE code = 'maplegrove'`, []);
  const cedarPoint = await idOf(tx, `SELECT id FROM associations WHERE code = 'cedarpoint'`, []);

  // homeowner@example.com: a second e-mail, two phones, a home address and one abroad.
  const jordan = await idOf(tx, `SELECT id FROM users WHERE email = 'homeowner@example.com'`, []);
  await addContact(tx, jordan, 'email', 'Work', 'jordan.rivera@work.example.com', false, 'paperAndEmail');
  await addContact(tx, jordan, 'phone', 'Mobile', '(404) 555-0134', true, 'text');
  await addContact(tx, jordan, 'phone', 'Home', '404-555-0199', false, 'paper');
  await addAddress(tx, jordan, { label: 'Home', international: false, street: '412 Maple Grove Lane', city: 'Atlanta', state: 'GA', zip: '30301', primary: true });
  await addAddress(tx, jordan, {
    label: 'Summer house',
    international: true,
    street: '14 Rue des Lilas',
    street2: 'Appartement 3',
    city: 'Lyon',
    country: 'France',
    province: 'Auvergne-Rhône-Alpes',
    postalCode: '69003',
    primary: false,
  });
  await setDirectory(tx, jordan, { ...NAME_ONLY, phone: true, email: true }, null, now);

  for (const r of DEMO_RESIDENTS) {
    const userId = await addUser(tx, companyId, residentEmail(r), residentHash, r.first, r.last);
    await addAccount(tx, mapleGrove, r.account, userId, r.property, 'Atlanta', 'GA', '30301', now);
    if (r.phone) await addContact(tx, userId, 'phone', 'Mobile', r.phone, true, 'text');
    const mailing = r.mailing ?? { street: r.property, city: 'Atlanta', state: 'GA', zip: '30301' };
    await addAddress(tx, userId, { label: r.mailing ? 'Mailing' : 'Home', international: false, ...mailing, primary: true });
    if (r.directory) await setDirectory(tx, userId, r.directory, r.title ?? null, now);
  }

  // PA037: Cedar Point's provider requires a primary e-mail, and this owner's only e-mail is not primary.
  await tx.query('UPDATE associations SET requires_primary_email = true WHERE id = $1', [cedarPoint]);
  const sam = await addUser(tx, companyId, DEMO_NO_PRIMARY_EMAIL.email, noPrimaryHash, DEMO_NO_PRIMARY_EMAIL.firstName, DEMO_NO_PRIMARY_EMAIL.lastName);
  await tx.query(`UPDATE user_contacts SET is_primary = false WHERE user_id = $1 AND type = 'email'`, [sam]);
  const subLedger = await addAccount(tx, cedarPoint, DEMO_NO_PRIMARY_EMAIL.account, sam, '1200 Ocean Drive Unit 9C', 'Miami Beach', 'FL', '33139', now);
  await tx.query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at) VALUES ($1, 'charge', 30000, 'Quarterly assessment', $2, $3)`, [
    subLedger,
    addDays(appDate(now), -14),
    now,
  ]);
}
