// A sign-in made in a window of the portal's own, handed back to the embedded portal that opened
// it (table embed_handoffs, migration 340): bound to the frame's random nonce and to the user, with
// a random code the window sends to the frame; both kept as hashes only, good once, 60 seconds.
// Times are real time, as for the sessions they start.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { secretHash } from './cookie.ts';

export const HANDOFF_SECONDS = 60;

/**
 * A new code for the nonce, replacing one the same user was given for it and has not used; null
 * when the nonce is used, or taken by another user (one statement: two windows cannot both win).
 */
export async function createHandoff(db: Db, input: { nonce: string; userId: number; now: Date }): Promise<string | null> {
  const code = randomBytes(32).toString('base64url');
  const { rows } = await db.query(
    `INSERT INTO embed_handoffs (nonce_hash, code_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (nonce_hash) DO UPDATE SET code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
       WHERE embed_handoffs.user_id = EXCLUDED.user_id AND embed_handoffs.used_at IS NULL
     RETURNING nonce_hash`,
    [secretHash(input.nonce), secretHash(code), input.userId, input.now, new Date(input.now.getTime() + HANDOFF_SECONDS * 1000)],
  );
  return rows.length === 1 ? code : null;
}

export type Redeemed =
  | { outcome: 'pending' }
  | { outcome: 'used' }
  | { outcome: 'expired' }
  | { outcome: 'wrongCode' }
  | { outcome: 'redeemed'; userId: number };

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Uses the nonce's hand-off, checking the code when one is sent; a wrong code burns it (one try). */
export async function redeemHandoff(db: Db, input: { nonce: string; code?: string; now: Date }): Promise<Redeemed> {
  const nonceHash = secretHash(input.nonce);
  return db.transaction(async (tx): Promise<Redeemed> => {
    const { rows } = await tx.query<{ code_hash: string; user_id: number; expires_at: Date | string; used_at: Date | string | null }>(
      'SELECT code_hash, user_id, expires_at, used_at FROM embed_handoffs WHERE nonce_hash = $1 FOR UPDATE',
      [nonceHash],
    );
    const row = rows[0];
    if (!row) return { outcome: 'pending' };
    if (row.used_at !== null) return { outcome: 'used' };
    if (new Date(row.expires_at).getTime() <= input.now.getTime()) return { outcome: 'expired' };
    const wrong = input.code !== undefined && !sameHash(row.code_hash, secretHash(input.code));
    await tx.query('UPDATE embed_handoffs SET used_at = $2 WHERE nonce_hash = $1', [nonceHash, input.now]);
    return wrong ? { outcome: 'wrongCode' } : { outcome: 'redeemed', userId: Number(row.user_id) };
  });
}
