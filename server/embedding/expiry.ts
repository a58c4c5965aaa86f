// What embedding keeps only for a while goes with the due work `embedding.expiry`, by real time
// (sessions and hand-offs are timed on it; the app clock may have been moved outside production):
// renewals past their session's end or of a session that has ended, and hand-offs past their 60
// seconds. A renewal of an expired session would go with its session anyway; this is sooner.
import type { Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { Services } from '../handlers/types.ts';

export const EMBEDDING_EXPIRY_DUE_WORK = 'embedding.expiry';

/** Deletes what is of no use any more at `now`; how many rows. */
export async function forgetExpiredEmbedding(db: Queryable, now: Date): Promise<number> {
  const expired = await db.query('DELETE FROM embed_renewals WHERE expires_at <= $1', [now]);
  const ended = await db.query('DELETE FROM embed_renewals r USING sessions s WHERE s.id = r.session_id AND s.ended_at IS NOT NULL');
  const handoffs = await db.query('DELETE FROM embed_handoffs WHERE expires_at <= $1', [now]);
  return expired.rowCount + ended.rowCount + handoffs.rowCount;
}

/** Turns on the due work 'embedding.expiry' on this app's job runner; the returned function turns it off. */
export function enableEmbeddingExpiry(services: Pick<Services, 'jobs'>, realClock: Clock): () => Promise<void> {
  const unregister = services.jobs.register(EMBEDDING_EXPIRY_DUE_WORK, async (_appNow, context) => forgetExpiredEmbedding(context.db, realClock()));
  return async () => unregister();
}
