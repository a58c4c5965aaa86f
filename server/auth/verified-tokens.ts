// Tokens whose signature and claims were already verified, remembered until they expire, so that a
// caller's every request does not pay for the HMAC and the JSON decoding again (the largest single
// cost of a signed-in read, docs/bench.md "Where the time goes"). Keyed by the whole token string:
// only the exact bytes that were verified are ever recognised. Bounded: the least recently used
// token is forgotten first. Only what the signature proves is cached; whether a session has ended
// is still asked on every request (server/auth/sessions.ts), so sign-out and revocation work as
// before. Per process: nothing another instance needs is kept here.
import type { Clock } from '../clock.ts';

export const VERIFIED_TOKENS_MAX = 10_000;

export interface VerifiedTokenCache<T> {
  /** The claims verified for this exact token, unless unknown or expired by now. */
  get(token: string): T | undefined;
  /** Remembers claims verified for the token until `expiresAtSeconds` (its `exp`: valid while now < exp). */
  set(token: string, claims: T, expiresAtSeconds: number): void;
  readonly size: number;
}

export function createVerifiedTokenCache<T>(clock: Clock, max = VERIFIED_TOKENS_MAX): VerifiedTokenCache<T> {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  const entries = new Map<string, { claims: T; expiresAtMs: number }>();
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      entries.delete(token);
      // jose refuses a token once exp <= now (in whole seconds): the same moment as now >= exp * 1000.
      if (clock().getTime() >= entry.expiresAtMs) return undefined;
      entries.set(token, entry);
      return entry.claims;
    },
    set(token, claims, expiresAtSeconds) {
      if (!Number.isFinite(expiresAtSeconds)) return;
      entries.delete(token);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(token, { claims: Object.freeze(claims), expiresAtMs: expiresAtSeconds * 1000 });
    },
    get size() {
      return entries.size;
    },
  };
}
