// The token-signing secret: JWT_SECRET when set, otherwise (never in production) one generated on
// first start and kept in the settings table so every instance on the same database signs and
// verifies alike.
import { randomBytes, createHmac } from 'node:crypto';
import type { Db } from './db/index.ts';

export async function resolveJwtSecret(db: Db, configured?: string, production = false): Promise<string> {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    // Production keeps no signing secret in the database: one left by an earlier start goes.
    if (production) await db.query(`DELETE FROM settings WHERE key = 'jwt_secret'`);
    return configured;
  }
  if (production) throw new Error('Cannot start in production without JWT_SECRET');
  await db.query(`INSERT INTO settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`, [randomBytes(48).toString('base64url')]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'jwt_secret'`);
  return rows[0].value;
}

/** A separate key for one purpose, derived from the signing secret. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
