// Fixed-window rate limits whose counters are shared by every server instance: in the database
// by default, in Redis when REDIS_URL is set. Keys are hashed (no e-mail addresses stored).
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from './db/index.ts';
import type { Clock } from './clock.ts';
import { ApiError, messages } from './errors.ts';

export interface RateLimitStore {
  readonly kind: 'database' | 'redis';
  /** Counts one hit for key in the window starting at windowStart (ms); returns the hits so far. */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export function createDbStore(db: Db, clock: Clock): RateLimitStore {
  let calls = 0;
  return {
    kind: 'database',
    async hit(key, windowStart, windowMs) {
      const expiresAt = new Date(windowStart + windowMs);
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
    close: async () => undefined,
  };
}

export function createRedisStore(redisUrl: string): RateLimitStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => undefined); // reported through the failing command instead
  return {
    kind: 'redis',
    async hit(key, windowStart, windowMs) {
      const redisKey = `portal:rl:${key}:${windowStart}`;
      const result = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs + 1000).exec();
      const [error, hits] = result?.[0] ?? [new Error('Redis transaction failed'), 0];
      if (error) throw error;
      return Number(hits);
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
} satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof defaultRateRules;
export type RateRules = Record<RateRuleName, RateRule>;

export interface RateLimiter {
  readonly store: RateLimitStore;
  /** Counts one attempt; throws a 429 ApiError (RATE001, Retry-After) when over the limit. */
  consume(rule: RateRuleName, ...keyParts: string[]): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, clock: Clock, rules: RateRules): RateLimiter {
  return {
    store,
    async consume(ruleName, ...keyParts) {
      const rule = rules[ruleName];
      const windowMs = rule.windowSeconds * 1000;
      const now = clock().getTime();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const digest = createHash('sha256').update(keyParts.join('\u0000')).digest('base64url').slice(0, 32);
      const hits = await store.hit(`${ruleName}:${digest}`, windowStart, windowMs);
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
