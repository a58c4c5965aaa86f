// A second management company, Lakeside Property Management, with one association, one owner and
// an admin of its own: what Summit's staff must never reach, so that isolation can be seen and tested.
import type { Queryable } from '../db/index.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { addDays, appDate } from '../payments/billing.ts';

export const LAKESIDE = {
  company: { code: 'lakeside', name: 'Lakeside Property Management' },
  association: { code: 'lakeshore', name: 'Lakeshore Village HOA' },
  admin: { email: 'lakeside.admin@example.com', password: 'Lakeside#2026', firstName: 'Drew', lastName: 'Hollis' },
  owner: { email: 'lakeside.owner@example.com', password: 'Lakeside#2026', firstName: 'Robin', lastName: 'Aldana' },
  // (a number no test builds accounts at: the tests' own run from 700001 and from 800000 up)
  account: { number: '400101', address1: '18 Shoreline Court', city: 'Madison', state: 'WI', zip: '53703' },
} as const;

export async function seedDemoLakeside(tx: Queryable, passwords: PasswordHasher, now: Date): Promise<void> {
  const one = async (sql: string, params: unknown[]) => Number((await tx.query<{ id: number }>(sql, params)).rows[0].id);
  const company = await one(`INSERT INTO management_companies (code, name) VALUES ($1, $2) RETURNING id`, [LAKESIDE.company.code, LAKESIDE.company.name]);
  const association = await one(
    `INSERT INTO associations (management_company_id, code, name, design_template, auto_draft_type) VALUES ($1, $2, $3, 'Harbor', 'off') RETURNING id`,
    [company, LAKESIDE.association.code, LAKESIDE.association.name],
  );
  // The company's own footer links (portal settings at the company level).
  for (const [key, value] of Object.entries({ privacyPolicyUrl: 'https://lakeside-management.example/privacy', termsOfServiceUrl: 'https://lakeside-management.example/terms' })) {
    await tx.query(`INSERT INTO portal_settings (management_company_id, key, value) VALUES ($1, $2, $3::jsonb)`, [company, key, JSON.stringify(value)]);
  }
  const user = async (who: { email: string; password: string; firstName: string; lastName: string }) =>
    one(`INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
      company,
      who.email,
      await passwords.hash(who.password),
      who.firstName,
      who.lastName,
    ]);
  const admin = await user(LAKESIDE.admin);
  await tx.query(`INSERT INTO management_staff (user_id, role) VALUES ($1, 'admin')`, [admin]);
  const owner = await user(LAKESIDE.owner);
  const a = LAKESIDE.account;
  const account = await one(
    `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, address2, city, state_province, postal_code, registered_at)
     VALUES ($1, $2, $3, $4, '', $5, $6, $7, $8) RETURNING id`,
    [association, a.number, owner, a.address1, a.city, a.state, a.zip, now],
  );
  const subLedger = await one(`INSERT INTO sub_ledgers (account_id, name, position) VALUES ($1, 'Assessments', 0) RETURNING id`, [account]);
  await tx.query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at) VALUES ($1, 'charge', 18500, 'Quarterly assessment', $2, $3)`, [
    subLedger,
    addDays(appDate(now), -20),
    new Date(now.getTime() - 20 * 24 * 3600 * 1000),
  ]);
}
