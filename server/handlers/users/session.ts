// Shared by sign-in and the one-time-code login: the session answer {token, userId, user}.
import type { Queryable } from '../../db/index.ts';
import type { Services } from '../types.ts';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  company_code: string;
}

export const USER_COLUMNS = `u.id, u.email, u.password_hash, u.first_name, u.last_name, c.code AS company_code`;
export const USER_FROM = `users u JOIN management_companies c ON c.id = u.management_company_id`;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.email = $1`, [email.toLowerCase()]);
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`, [id]);
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
}

export async function sessionFor(user: UserRow, services: Services) {
  return (await startSession(user, services)).body;
}

/** A new sign-in session of the user: its id (kept by what lasts as long as it) and the answer's body. */
export async function startSession(user: UserRow, services: Services) {
  const { sessionSeconds, portalSeconds } = services.tokens.lifetimes;
  const sessionId = await services.sessions.start(user.id, Math.max(sessionSeconds, portalSeconds));
  const token = await services.tokens.issueSession({ userId: user.id, customer: user.company_code, sessionId });
  return { sessionId, body: { token, userId: user.id, user: { userId: user.id, userName: user.email, email: user.email } } };
}
