// What single sign-on keeps only for a while goes with the due work `sso.expiry`, by real time (the
// times it is kept by are real ones; the app clock may have been moved outside production): answers
// never completed (sso_attempts) and links never confirmed (sso_link_tickets) once expired, and the
// provider's ID token of a portal session (sso_sessions) once that session has ended or expired.
import type { Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { Services } from '../handlers/types.ts';

export const SSO_EXPIRY_DUE_WORK = 'sso.expiry';

/** Deletes what is of no use any more at `now`; how many rows. */
export async function forgetFinishedSignIns(db: Queryable, now: Date): Promise<number> {
  const attempts = await db.query('DELETE FROM sso_attempts WHERE expires_at <= $1', [now]);
  const tickets = await db.query('DELETE FROM sso_link_tickets WHERE expires_at <= $1', [now]);
  const sessions = await db.query(
    `DELETE FROM sso_sessions k USING sessions s WHERE s.id = k.session_id AND (s.ended_at IS NOT NULL OR s.expires_at <= $1)`,
    [now],
  );
  return attempts.rowCount + tickets.rowCount + sessions.rowCount;
}

/** Turns on the due work 'sso.expiry' on this app's job runner; the returned function turns it off. */
export function enableSsoExpiry(services: Pick<Services, 'jobs'>, realClock: Clock): () => Promise<void> {
  const unregister = services.jobs.register(SSO_EXPIRY_DUE_WORK, async (_appNow, context) => forgetFinishedSignIns(context.db, realClock()));
  return async () => unregister();
}
