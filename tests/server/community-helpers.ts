// Shared by messages.test.ts and requests.test.ts: callers of the users and action-items groups,
// a manager of another management company, and the outbox.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import { call, testPasswords } from './helpers.ts';

export function caller(app: FastifyInstance, token: string, base: '/api/users' | '/api/action-items') {
  return {
    get: (path: string) => call(app, 'GET', `${base}${path}`, { token }),
    post: (path: string, body: unknown) => call(app, 'POST', `${base}${path}`, { token, body }),
  };
}

/** Staff of Northwind, a company managing only its own Birch Hollow HOA; signs in with the returned credentials. */
export async function otherCompanyManager(db: Db): Promise<{ email: string; password: string; associationId: number }> {
  const one = async (sql: string, params: unknown[] = []) => Number((await db.query<{ id: number }>(sql, params)).rows[0].id);
  const company = await one(`INSERT INTO management_companies (code, name) VALUES ('northwind', 'Northwind Property Group') RETURNING id`);
  const associationId = await one(
    `INSERT INTO associations (management_company_id, code, name, provider_account) VALUES ($1, 'birchhollow', 'Birch Hollow HOA', 'acct_birchhollow') RETURNING id`,
    [company],
  );
  const who = { email: 'manager@northwind.example', password: 'Northwind#2026' };
  const userId = await one(`INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, 'Avery', 'Stone') RETURNING id`, [
    company,
    who.email,
    await testPasswords.hash(who.password),
  ]);
  await db.query(`INSERT INTO management_staff (user_id, role) VALUES ($1, 'admin')`, [userId]);
  return { ...who, associationId };
}

export async function mailTo(db: Db, to: string): Promise<{ subject: string; text: string }[]> {
  const { rows } = await db.query<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id`, [to]);
  return rows.map((r) => ({ subject: r.subject, text: r.text_body }));
}
