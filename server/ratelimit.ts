// Fixed-window rate limits whose counters are shared by every server instance: in the database
// by default, in Redis when REDIS_URL is set. Keys are hashed (no e-mail addresses stored).
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from './db/index.ts';
import type { Clock } from './clock.ts';
import { ApiError, messages } from './errors.ts';
import { createPasswordPause, type PasswordPause } from './auth/password-pause.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

export function createDbStore(db: Db, clock: Clock): RateLimitStore {
  let calls = 0;
  return {
    kind: 'database',
    async hit(key, windowStart, windowMs, keepMs = windowMs) {
      const expiresAt = new Date(windowStart + keepMs);
      const { rows } = await db.query<{ hits: number }>(
        `INSERT INTO rate_limit_hits (key, window_start, hits, expires_at) VALUES ($1, $2, 1, $3)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
         RETURNING hits`,
        [key, windowStart, expiresAt],
      );
      if (++calls % 200 === 0) {
        await db.query('DELETE FROM rate_limit_hits WHERE expires_at < $1', [clock()]);
      }
      return Number(rows[0].hits);
    },
    async sum(key, firstWindowStart, lastWindowStart) {
      const { rows } = await db.query<{ hits: number | string | null }>(
        'SELECT sum(hits) AS hits FROM rate_limit_hits WHERE key = $1 AND window_start BETWEEN $2 AND $3',
        [key, firstWindowStart, lastWindowStart],
      );
      return Number(rows[0]?.hits ?? 0);
    },
    // A hold is a row whose window starts when the hold does and expires when it ends.
    async hold(key, untilMs, nowMs) {
      await db.query(
        `INSERT INTO rate_limit_hits (key, window_start, hits, expires_at) VALUES ($1, $2, 0, $3)
         ON CONFLICT (key, window_start) DO UPDATE SET expires_at = GREATEST(rate_limit_hits.expires_at, EXCLUDED.expires_at)`,
        [key, nowMs, new Date(untilMs)],
      );
    },
    async heldUntil(key, nowMs) {
      const { rows } = await db.query<{ expires_at: Date | string }>(
        'SELECT expires_at FROM rate_limit_hits WHERE key = $1 AND window_start <= $2 AND expires_at > $3 ORDER BY expires_at DESC LIMIT 1',
        [key, nowMs, new Date(nowMs)],
      );
      return rows[0] ? new Date(rows[0].expires_at).getTime() : null;
    },
    close: async () => undefined,
  };
}

export function createRedisStore(redisUrl: string): RateLimitStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => undefined); // reported through the failing command instead
  return {
    kind: 'redis',
    async hit(key, windowStart, windowMs, keepMs = windowMs) {
      const redisKey = `portal:rl:${key}:${windowStart}`;
      const result = await redis.multi().incr(redisKey).pexpire(redisKey, keepMs + 1000).exec();
      const [error, hits] = result?.[0] ?? [new Error('Redis transaction failed'), 0];
      if (error) throw error;
      return Number(hits);
    },
    async sum(key, firstWindowStart, lastWindowStart, windowMs) {
      const keys: string[] = [];
      for (let start = firstWindowStart; start <= lastWindowStart; start += windowMs) keys.push(`portal:rl:${key}:${start}`);
      if (!keys.length) return 0;
      return (await redis.mget(...keys)).reduce((total, hits) => total + Number(hits ?? 0), 0);
    },
    // The value is the hold's start and end, compared with the application clock (which tests move).
    async hold(key, untilMs, nowMs) {
      await redis.set(`portal:rl:${key}:hold`, `${nowMs}:${untilMs}`, 'PX', Math.max(0, untilMs - nowMs) + 60_000);
    },
    async heldUntil(key, nowMs) {
      const [start, until] = ((await redis.get(`portal:rl:${key}:hold`)) ?? '0:0').split(':').map(Number);
      return start <= nowMs && until > nowMs ? until : null;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export const defaultRateRules = {
  /** Sign-in: per e-mail and IP. */
  authenticate: { limit: 10, windowSeconds: 15 * 60 },
  /** Sign-in: per IP, across e-mails. */
  authenticateIp: { limit: 100, windowSeconds: 15 * 60 },
  /** Asking for one-time codes: per IP. */
  requestOneTimePassword: { limit: 20, windowSeconds: 15 * 60 },
  /** Checking one-time codes: per e-mail and IP (each code also dies after 5 wrong tries). */
  verifyOneTimePassword: { limit: 20, windowSeconds: 15 * 60 },
  /** Redeeming portal tokens: per IP. Often one server redeeming for all its visitors, so higher; a token cannot be guessed anyway. */
  redeemPortalToken: { limit: 300, windowSeconds: 60 },
  /** Questions to MyCA: per signed-in user, else per client address. */
  mycaAsker: { limit: 20, windowSeconds: 10 * 60 },
  /** Questions to MyCA: per association, from everyone together. */
  mycaAssociation: { limit: 1000, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof defaultRateRules;
export type RateRules = Record<RateRuleName, RateRule>;

export interface RateLimiter {
  readonly store: RateLimitStore;
  /** Counts one attempt; throws a 429 ApiError (RATE001, Retry-After) when over the limit. */
  consume(rule: RateRuleName, ...keyParts: string[]): Promise<void>;
  /** Password sign-in per account (auth/password-pause.ts), keyed by e-mail. */
  readonly passwordPause: PasswordPause;
}

function digestOf(...keyParts: string[]): string {
  return createHash('sha256').update(keyParts.join('\u0000')).digest('base64url').slice(0, 32);
}

export function createRateLimiter(store: RateLimitStore, clock: Clock, rules: RateRules): RateLimiter {
  return {
    store,
    passwordPause: createPasswordPause(store, clock, (key) => digestOf(key)),
    async consume(ruleName, ...keyParts) {
      const rule = rules[ruleName];
      const windowMs = rule.windowSeconds * 1000;
      const now = clock().getTime();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const hits = await store.hit(`${ruleName}:${digestOf(...keyParts)}`, windowStart, windowMs);
      if (hits > rule.limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
        const minutes = Math.ceil(retryAfterSeconds / 60);
        throw new ApiError(429, `${messages.rateLimited.replace('later', `in ${minutes} minute${minutes === 1 ? '' : 's'}`)}`, {
          errorCode: 'RATE001',
          retryAfterSeconds,
        });
      }
    },
  };
}
