// Password sign-in per account: besides the per address limits, PASSWORD_WRONG_LIMIT wrong passwords
// for one e-mail within PASSWORD_WRONG_WINDOW_MINUTES, from any addresses together, pause password
// sign-in for that e-mail for PASSWORD_PAUSE_MINUTES. The e-mailed code keeps working, so the owner
// is never locked out. Counts live in the rate-limit store (database or Redis), shared by every
// instance; an e-mail without an account is counted alike, so the answer tells nobody which exist.
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import type { RateLimitStore } from '../rate-limit-store.ts';

export const PASSWORD_WRONG_LIMIT = 10;
export const PASSWORD_WRONG_WINDOW_MINUTES = 15;
export const PASSWORD_PAUSE_MINUTES = 15;
const MINUTE_MS = 60_000;

export const passwordPausedMessage =
  'Too many incorrect passwords were entered for this account. Password sign-in is paused for 15 minutes; you can sign in with a code sent by e-mail instead.';

export interface PasswordPause {
  /** Throws 429 AUTH004 (Retry-After) while password sign-in is paused for key. */
  check(key: string): Promise<void>;
  /** Counts one wrong password for key; starts the pause when it is the limit's. */
  countWrong(key: string): Promise<void>;
}

export function createPasswordPause(store: RateLimitStore, clock: Clock, digest: (key: string) => string): PasswordPause {
  const holdKey = (key: string) => `passwordPause:${digest(key)}`;
  const wrongKey = (key: string) => `passwordWrong:${digest(key)}`;
  return {
    async check(key) {
      const now = clock().getTime();
      const until = await store.heldUntil(holdKey(key), now);
      if (until === null) return;
      throw new ApiError(429, passwordPausedMessage, { errorCode: 'AUTH004', retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) });
    },
    async countWrong(key) {
      // One-minute buckets: the last PASSWORD_WRONG_WINDOW_MINUTES of them make a sliding window.
      const now = clock().getTime();
      const bucket = Math.floor(now / MINUTE_MS) * MINUTE_MS;
      const windowMs = PASSWORD_WRONG_WINDOW_MINUTES * MINUTE_MS;
      await store.hit(wrongKey(key), bucket, MINUTE_MS, windowMs);
      const wrong = await store.sum(wrongKey(key), bucket - windowMs + MINUTE_MS, bucket, MINUTE_MS);
      if (wrong >= PASSWORD_WRONG_LIMIT) await store.hold(holdKey(key), now + PASSWORD_PAUSE_MINUTES * MINUTE_MS, now);
    },
  };
}
