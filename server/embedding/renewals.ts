// The sessions an embedded portal may get a new token for (table embed_renewals, migration 340),
// each named by the renewal cookie (cookie.ts), of which only the hash is kept. A renewal lasts as
// long as its session and is of no use once the session has ended: signing out deletes it, and a
// password change or reset ends the session, which renewing reads from the sessions row itself.
import type { Db, Queryable } from '../db/index.ts';
import { newRenewalSecret, secretHash } from './cookie.ts';

/** Records a renewal of the session (replacing any earlier one of it); answers the cookie's value. */
export async function startRenewal(db: Db, input: { sessionId: string; associationId: number | null; now: Date; expiresAt: Date }): Promise<string> {
  const secret = newRenewalSecret();
  await db.transaction(async (tx) => {
    // The browser keeps one cookie per partition: an earlier value of this session is overwritten there.
    await tx.query('DELETE FROM embed_renewals WHERE session_id = $1', [input.sessionId]);
    await tx.query(
      'INSERT INTO embed_renewals (secret_hash, session_id, association_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [secretHash(secret), input.sessionId, input.associationId, input.now, input.expiresAt],
    );
  });
  return secret;
}

export interface LiveRenewal {
  sessionId: string;
  userId: number;
  /** The session's end: a token renewed with it never lasts longer. */
  sessionExpiresAt: Date;
  /** The code of the association the frame was first opened for (?association=), if one was named. */
  associationCode: string | null;
}

/** The session the cookie's value names, when it and its session are live at `now`; else null. */
export async function liveRenewal(db: Queryable, secret: string, now: Date): Promise<LiveRenewal | null> {
  const { rows } = await db.query<{ session_id: string; user_id: number; expires_at: Date | string; association_code: string | null }>(
    `SELECT r.session_id, s.user_id, s.expires_at, a.code AS association_code
       FROM embed_renewals r JOIN sessions s ON s.id = r.session_id LEFT JOIN associations a ON a.id = r.association_id
      WHERE r.secret_hash = $1 AND r.expires_at > $2 AND s.ended_at IS NULL AND s.expires_at > $2`,
    [secretHash(secret), now],
  );
  const row = rows[0];
  return row
    ? { sessionId: row.session_id, userId: Number(row.user_id), sessionExpiresAt: new Date(row.expires_at), associationCode: row.association_code ?? null }
    : null;
}

/** The association the cookie's renewal was made for (null: none named, unknown or expired cookie). */
export async function renewalAssociationId(db: Queryable, secret: string, now: Date): Promise<number | null> {
  const { rows } = await db.query<{ association_id: number | null }>(
    'SELECT association_id FROM embed_renewals WHERE secret_hash = $1 AND expires_at > $2',
    [secretHash(secret), now],
  );
  const id = rows[0]?.association_id;
  return id === undefined || id === null ? null : Number(id);
}

/** Forgets the renewal the cookie's value names (refused: its session is over). */
export async function forgetRenewal(db: Queryable, secret: string): Promise<void> {
  await db.query('DELETE FROM embed_renewals WHERE secret_hash = $1', [secretHash(secret)]);
}

/** Forgets the session's renewals (sign-out). */
export async function forgetSessionRenewals(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM embed_renewals WHERE session_id = $1', [sessionId]);
}

/** When the session ends, if it is live at `now`; else null. */
export async function liveSessionEnd(db: Queryable, sessionId: string, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ expires_at: Date | string }>(
    'SELECT expires_at FROM sessions WHERE id = $1 AND ended_at IS NULL AND expires_at > $2',
    [sessionId, now],
  );
  return rows[0] ? new Date(rows[0].expires_at) : null;
}
