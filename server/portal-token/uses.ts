// The portal tokens redeemed (table portal_token_uses, migration 330): a token is good once, so its
// id is recorded when it is redeemed and kept until the token expires. Expired rows are deleted by
// the due work `portal-token.expiry`, by real time (tokens are issued and checked on it; the app
// clock may have been moved outside production).
import type { Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { Services } from '../handlers/types.ts';

export const PORTAL_TOKEN_EXPIRY_DUE_WORK = 'portal-token.expiry';

/** Records the token as redeemed; false when it was already (one statement: two redeems at once cannot both win). */
export async function recordUse(db: Queryable, use: { tokenId: string; userId: number; redeemedAt: Date; expiresAt: Date }): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO portal_token_uses (token_id, user_id, redeemed_at, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (token_id) DO NOTHING RETURNING token_id`,
    [use.tokenId, use.userId, use.redeemedAt, use.expiresAt],
  );
  return rows.length === 1;
}

/** Deletes the uses of tokens expired by `now`; how many. */
export async function forgetExpiredUses(db: Queryable, now: Date): Promise<number> {
  return (await db.query('DELETE FROM portal_token_uses WHERE expires_at <= $1', [now])).rowCount;
}

/** Turns on the due work 'portal-token.expiry' on this app's job runner; the returned function turns it off. */
export function enablePortalTokenExpiry(services: Pick<Services, 'jobs'>, realClock: Clock): () => Promise<void> {
  const unregister = services.jobs.register(PORTAL_TOKEN_EXPIRY_DUE_WORK, async (_appNow, context) => forgetExpiredUses(context.db, realClock()));
  return async () => unregister();
}
