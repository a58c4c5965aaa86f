// Signed JWTs (HS256, jose). Claims: sub (user id), UserId, Customer (management company code),
// sid (the sign-in session, server/auth/sessions.ts; not on reset tokens), act (a mimic session's:
// { sub: the staff member's id, mim: the mimic session's id }, RFC 8693), aud, iss, iat, exp. Audiences: 'homeowner' (API bearer), 'portal' (portal token:
// a 5-minute hand-off to another site, single use by its jti, never an API bearer),
// 'password-reset' (from a verified reset code; dies once the password changes).
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Clock } from '../clock.ts';
import { createVerifiedTokenCache } from './verified-tokens.ts';

export const ISSUER = 'community-portal';
export const AUDIENCE = { homeowner: 'homeowner', portal: 'portal', reset: 'password-reset' } as const;
export type Audience = (typeof AUDIENCE)[keyof typeof AUDIENCE];

export interface SessionClaims {
  userId: number;
  customer: string;
}

/** A signed-in session: the claims plus the session id (sid) that logout and password changes end. */
export interface SignedInClaims extends SessionClaims {
  sessionId: string;
  /** A mimic session's (server/mimic/): the staff member acting, and the mimic session (its reason). */
  actor?: MimicActor;
}

/** Who acts in a mimic session: the staff member (the token's `act.sub`) and the session (`act.mim`). */
export interface MimicActor {
  userId: number;
  mimicId: number;
}

/** A portal token's claims: the session's, its own id (`jti`, recorded when it is redeemed) and its expiry. */
export interface PortalClaims extends SignedInClaims {
  tokenId: string;
  expiresAt: Date;
}

/** Why a token is not a portal token one may redeem: bad signature or shape, past its expiry, or of another audience. */
export type PortalRefusal = 'invalid' | 'expired' | 'notPortal';
export type PortalVerdict = { ok: true; claims: PortalClaims } | { ok: false; reason: PortalRefusal };

export interface ResetClaims extends SessionClaims {
  email: string;
  passwordFingerprint: string;
}

export interface TokenLifetimes {
  sessionSeconds: number;
  portalSeconds: number;
  resetSeconds: number;
}

// The portal token is handed to another site in an address: short-lived, and good once (redeemPortalToken).
export const defaultLifetimes: TokenLifetimes = { sessionSeconds: 8 * 3600, portalSeconds: 5 * 60, resetSeconds: 15 * 60 };

export interface TokenService {
  readonly lifetimes: TokenLifetimes;
  /** A sign-in token; given `expiresAt` (the session's end, when renewing one), never later than that. */
  issueSession(claims: SignedInClaims, expiresAt?: Date): Promise<string>;
  /** The portal token, with an id of its own (`jti`); a mimic session's ends with the session (`expiresAt`), never later. */
  issuePortal(claims: SignedInClaims, expiresAt?: Date): Promise<string>;
  /** A portal token's claims, or why it is none (never an API bearer: verifySession refuses its audience). */
  verifyPortal(token: string): Promise<PortalVerdict>;
  /** A mimic session's token: the owner as subject, the staff member in `act`, until `expiresAt` (never later). */
  issueMimic(claims: SignedInClaims & { actor: MimicActor }, expiresAt: Date): Promise<string>;
  issueReset(claims: ResetClaims): Promise<string>;
  /** Returns null for any invalid, expired or wrong-audience token. */
  verifySession(token: string, audience?: Audience): Promise<SignedInClaims | null>;
  verifyReset(token: string): Promise<ResetClaims | null>;
}

/** A short fingerprint of the stored password hash: a reset token is void once the password changes. */
export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

/**
 * The HS256 key, imported once: given raw bytes, jose imports them into WebCrypto again on every
 * sign and verify, which cost more than the HMAC itself.
 */
export function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export function createTokenService(secret: string, clock: Clock, lifetimes: TokenLifetimes = defaultLifetimes): TokenService {
  const key = hmacKey(secret);
  const now = () => Math.floor(clock().getTime() / 1000);
  // Signed-in tokens verified once per process until they expire; ended sessions are checked by the caller on every use.
  const verified = createVerifiedTokenCache<SignedInClaims>(clock);

  async function sign(payload: Record<string, unknown>, sub: number, audience: Audience, seconds: number, expiresAt?: number): Promise<string> {
    const iat = now();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(sub))
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt ?? iat + seconds)
      .sign(await key);
  }

  async function verifyRaw(token: string, audience: Audience): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        currentDate: clock(),
        requiredClaims: ['sub', 'exp', 'UserId', 'Customer'],
      });
      const userId = payload.UserId;
      if (typeof userId !== 'number' || !Number.isInteger(userId) || String(userId) !== payload.sub) return null;
      if (typeof payload.Customer !== 'string') return null;
      return payload as Record<string, unknown>;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** A portal token's verdict: the signature first (a forged token is 'invalid' whatever it claims), then the audience, then the expiry. */
  async function verifyPortal(token: string): Promise<PortalVerdict> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], issuer: ISSUER, currentDate: clock(), requiredClaims: ['sub', 'exp'] }));
    } catch (error) {
      // jose checks the expiry only once the signature holds: the payload it names is ours.
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: error.payload.aud === AUDIENCE.portal ? 'expired' : 'notPortal' };
      if (error instanceof joseErrors.JOSEError) return { ok: false, reason: 'invalid' };
      throw error;
    }
    if (payload.aud !== AUDIENCE.portal) return { ok: false, reason: 'notPortal' };
    const { UserId: userId, Customer: customer, sid, jti, exp } = payload;
    if (typeof userId !== 'number' || !Number.isInteger(userId) || String(userId) !== payload.sub || typeof customer !== 'string') return { ok: false, reason: 'invalid' };
    if (typeof sid !== 'string' || sid === '' || typeof jti !== 'string' || jti === '' || typeof exp !== 'number') return { ok: false, reason: 'invalid' };
    const actor = actorOf(payload.act);
    if (actor === null) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { userId, customer, sessionId: sid, ...(actor ? { actor } : {}), tokenId: jti, expiresAt: new Date(exp * 1000) } };
  }

  const actClaim = (c: SignedInClaims) => (c.actor ? { act: { sub: String(c.actor.userId), mim: c.actor.mimicId } } : {});
  /** A mimic session's `act`, or undefined for none; null for one that is malformed (the token is refused). */
  function actorOf(act: unknown): MimicActor | undefined | null {
    if (act === undefined) return undefined;
    if (!act || typeof act !== 'object') return null;
    const { sub, mim } = act as { sub?: unknown; mim?: unknown };
    const userId = Number(sub);
    if (typeof sub !== 'string' || !Number.isSafeInteger(userId) || userId < 1 || String(userId) !== sub) return null;
    if (typeof mim !== 'number' || !Number.isSafeInteger(mim) || mim < 1) return null;
    return { userId, mimicId: mim };
  }

  return {
    lifetimes,
    issueSession: (c, expiresAt) => sign(
      { UserId: c.userId, Customer: c.customer, sid: c.sessionId, ...actClaim(c) }, c.userId, AUDIENCE.homeowner, lifetimes.sessionSeconds,
      expiresAt && Math.min(Math.floor(expiresAt.getTime() / 1000), now() + lifetimes.sessionSeconds),
    ),
    // A mimic session's portal token ends with it, and names the staff member too. Its jti (128
    // random bits) is what redeeming records, so that it is good once.
    issuePortal: (c, expiresAt) => sign(
      { UserId: c.userId, Customer: c.customer, sid: c.sessionId, jti: randomBytes(16).toString('base64url'), ...actClaim(c) }, c.userId, AUDIENCE.portal, lifetimes.portalSeconds,
      expiresAt && Math.min(Math.floor(expiresAt.getTime() / 1000), now() + lifetimes.portalSeconds),
    ),
    verifyPortal,
    issueMimic: (c, expiresAt) => sign({ UserId: c.userId, Customer: c.customer, sid: c.sessionId, ...actClaim(c) }, c.userId, AUDIENCE.homeowner, 0, Math.floor(expiresAt.getTime() / 1000)),
    issueReset: (c) =>
      sign({ UserId: c.userId, Customer: c.customer, email: c.email, phf: c.passwordFingerprint }, c.userId, AUDIENCE.reset, lifetimes.resetSeconds),
    async verifySession(token, audience = AUDIENCE.homeowner) {
      const cacheKey = `${audience} ${token}`;
      const known = verified.get(cacheKey);
      if (known) return known;
      const p = await verifyRaw(token, audience);
      if (!p || typeof p.sid !== 'string' || p.sid === '') return null;
      const actor = actorOf(p.act);
      if (actor === null) return null;
      const claims: SignedInClaims = { userId: p.UserId as number, customer: p.Customer as string, sessionId: p.sid, ...(actor ? { actor } : {}) };
      // A token with a not-before time is checked in full every time (ours never carry one).
      if (p.nbf === undefined) verified.set(cacheKey, claims, p.exp as number);
      return claims;
    },
    async verifyReset(token) {
      const p = await verifyRaw(token, AUDIENCE.reset);
      if (!p || typeof p.email !== 'string' || typeof p.phf !== 'string') return null;
      return { userId: p.UserId as number, customer: p.Customer as string, email: p.email, passwordFingerprint: p.phf };
    },
  };
}
