// Sign-in sessions that can be ended before their tokens expire (logout, password change, reset).
// The database is the record (table sessions). Checking a token costs no database round trip in
// the common case: each instance keeps the ids of ended, unexpired sessions in memory and catches
// up with the database at most once per cache period. With Redis, ended ids are also broadcast so
// every instance learns them at once; the database catch-up then only covers missed messages.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db, Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { SignedInClaims, TokenService } from './tokens.ts';

/** How stale an instance's list of ended sessions may be, without and with Redis. */
export const SESSION_CACHE_MS = 5_000;
export const SESSION_CACHE_MS_WITH_REDIS = 60_000;
/** Catch-up reads overlap by this much, so writers' clock differences cannot hide an ended session. */
const CATCH_UP_OVERLAP_MS = 5 * 60_000;
const CHANNEL = 'portal:sessions:ended';

/**
 * Deletes the sessions expired by `now`, but those of mimic sessions: their rows are the owner's
 * record of who viewed the account (server/mimic/), and name the session.
 */
export async function forgetExpiredSessions(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM sessions s WHERE s.expires_at < $1 AND NOT EXISTS (SELECT 1 FROM mimic_sessions m WHERE m.session_id = s.id)',
    [now],
  );
  return rowCount;
}

export interface SessionRegistry {
  /** Records a new session for the user, lasting `seconds`, and returns its id (the token's sid). */
  start(userId: number, seconds: number): Promise<string>;
  /** Ends one session (logout). */
  end(sessionId: string): Promise<void>;
  /** Ends every session of the user except `keepSessionId` (password change) or all (reset). */
  endAllOf(userId: number, keepSessionId?: string): Promise<number>;
  /** True when the session was ended; reads memory, catching up with the database when stale. */
  isEnded(sessionId: string): Promise<boolean>;
  close(): Promise<void>;
}

interface EndedRow {
  id: string;
  expires_at: Date | string;
}

export async function createSessionRegistry(options: { db: Db; clock: Clock; redisUrl?: string }): Promise<SessionRegistry> {
  const { db, clock } = options;
  const ended = new Map<string, number>(); // session id -> expiry (ms)
  const cacheMs = options.redisUrl ? SESSION_CACHE_MS_WITH_REDIS : SESSION_CACHE_MS;
  let syncedAt = 0;
  let syncing: Promise<void> | null = null;
  let starts = 0;

  const remember = (rows: EndedRow[]) => {
    for (const r of rows) ended.set(r.id, new Date(r.expires_at).getTime());
  };
  const forgetExpired = (now: number) => {
    for (const [id, expires] of ended) if (expires <= now) ended.delete(id);
  };

  async function catchUp(): Promise<void> {
    const now = clock().getTime();
    const since = syncedAt === 0 ? null : new Date(syncedAt - CATCH_UP_OVERLAP_MS);
    const { rows } = since
      ? await db.query<EndedRow>('SELECT id, expires_at FROM sessions WHERE ended_at >= $1', [since])
      : await db.query<EndedRow>('SELECT id, expires_at FROM sessions WHERE ended_at IS NOT NULL AND expires_at > $1', [new Date(now)]);
    remember(rows);
    forgetExpired(now);
    syncedAt = now;
  }

  // Redis: a publisher and a subscriber connection (a subscribed connection cannot publish).
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    publisher.on('error', () => undefined);
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        remember(JSON.parse(message) as EndedRow[]);
      } catch {
        // not ours: ignore
      }
    });
    await subscriber.subscribe(CHANNEL);
  }

  async function announce(rows: EndedRow[]): Promise<void> {
    remember(rows);
    // The database already holds the change; a lost broadcast is caught up within cacheMs.
    if (publisher && rows.length) await publisher.publish(CHANNEL, JSON.stringify(rows)).catch(() => undefined);
  }

  await catchUp();
  return {
    async start(userId, seconds) {
      const id = randomBytes(16).toString('base64url');
      const now = clock();
      await db.query('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [id, userId, now, new Date(now.getTime() + seconds * 1000)]);
      // Expired sessions are of no use to anyone: cleared now and then.
      if (++starts % 200 === 0) await forgetExpiredSessions(db, clock());
      return id;
    },
    async end(sessionId) {
      const { rows } = await db.query<EndedRow>('UPDATE sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL RETURNING id, expires_at', [sessionId, clock()]);
      await announce(rows);
    },
    async endAllOf(userId, keepSessionId) {
      const now = clock();
      const { rows } = await db.query<EndedRow>(
        `UPDATE sessions SET ended_at = $2 WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2 AND id <> $3 RETURNING id, expires_at`,
        [userId, now, keepSessionId ?? ''],
      );
      await announce(rows);
      return rows.length;
    },
    async isEnded(sessionId) {
      if (clock().getTime() - syncedAt >= cacheMs) {
        syncing ??= catchUp().finally(() => {
          syncing = null;
        });
        await syncing;
      }
      return ended.has(sessionId);
    },
    async close() {
      for (const connection of [subscriber, publisher]) await connection?.quit().catch(() => connection.disconnect());
    },
  };
}

/** The signed-in caller of a bearer token: valid signature and audience, and a session not ended. */
export async function signedInPrincipal(services: { tokens: TokenService; sessions: SessionRegistry }, token: string): Promise<SignedInClaims | null> {
  const claims = await services.tokens.verifySession(token);
  if (!claims || (await services.sessions.isEnded(claims.sessionId))) return null;
  return claims;
}
