// Guest payment tokens: HS256 JWTs with their own audience ('guest-payments') and their own key
// (derived from the signing secret), scoped to ONE account. Claims: sub 'guest:<accountId>',
// aid (account id), asc (association id), email (the payer's e-mail), sid (a random id of this guest
// session: the payments it sets up are its own, no other guest token reaches them), iss, aud, iat, exp.
// A homeowner token is never a guest token and the other way round (audience and key differ).
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Clock } from '../clock.ts';
import { hmacKey, ISSUER } from '../auth/tokens.ts';
import { createVerifiedTokenCache } from '../auth/verified-tokens.ts';

export const GUEST_AUDIENCE = 'guest-payments';
export const GUEST_TOKEN_SECONDS = 60 * 60;

export interface GuestClaims {
  accountId: number;
  associationId: number;
  email: string;
  /** The guest session ('gs_' + random base64url): payments set up with this token belong to it. */
  sessionId: string;
}

export interface GuestTokenService {
  /** A new session gets a new random sessionId unless one is given. */
  issue(claims: Omit<GuestClaims, 'sessionId'> & { sessionId?: string }): Promise<string>;
  /** null for any invalid, expired or wrong-audience token. */
  verify(token: string): Promise<GuestClaims | null>;
}

export function newGuestSessionId(): string {
  return `gs_${randomBytes(16).toString('base64url')}`;
}

export function createGuestTokenService(key: string, clock: Clock, seconds = GUEST_TOKEN_SECONDS): GuestTokenService {
  const secret = hmacKey(key);
  // A guest session's requests verify its token once (server/auth/verified-tokens.ts); guest tokens cannot be ended early.
  const verified = createVerifiedTokenCache<GuestClaims>(clock);
  return {
    async issue(c) {
      const iat = Math.floor(clock().getTime() / 1000);
      const sid = c.sessionId ?? newGuestSessionId();
      return new SignJWT({ aid: c.accountId, asc: c.associationId, email: c.email, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(`guest:${c.accountId}`)
        .setIssuer(ISSUER)
        .setAudience(GUEST_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + seconds)
        .sign(await secret);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: GUEST_AUDIENCE,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'aid', 'asc', 'email', 'sid'],
        });
        const { aid, asc, email, sid } = payload as { aid: unknown; asc: unknown; email: unknown; sid: unknown };
        if (typeof aid !== 'number' || !Number.isInteger(aid) || payload.sub !== `guest:${aid}`) return null;
        if (typeof asc !== 'number' || !Number.isInteger(asc) || typeof email !== 'string' || !email) return null;
        if (typeof sid !== 'string' || !/^gs_[A-Za-z0-9_-]{16,64}$/.test(sid)) return null;
        const claims = { accountId: aid, associationId: asc, email, sessionId: sid };
        if (payload.nbf === undefined) verified.set(token, claims, payload.exp as number);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
