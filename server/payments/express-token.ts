// Express pay tokens (docs/express-pay.md). Two HS256 JWTs, each with its own audience and its own
// key derived from the signing secret (like the guest token):
//   - the checkout LINK token (audience 'express-pay', e.g. 30 days): the `:link` of the portal
//     route /epay/link/:link. Claims uid (the owner's user id), poid (owner id: the account id),
//     sub (checkout link id), slid (sub-ledger id), iss, aud, iat, exp.
//   - the express SESSION token (audience 'express-pay-session', 1 hour, never past the link's
//     expiry): answered by authenticateExpressPay, sent as the bearer of the express operations
//     (x-policy principal `express`). Same claims; scoped to the one checkout link and sub-ledger.
// A link token is not a session token, and neither is a homeowner or guest token (audience and
// key differ). The link's row in checkout_links (revoked, expires_at) is checked as well: see
// express-links.ts.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Clock } from '../clock.ts';
import { hmacKey, ISSUER } from '../auth/tokens.ts';

export const EXPRESS_LINK_AUDIENCE = 'express-pay';
export const EXPRESS_SESSION_AUDIENCE = 'express-pay-session';
export const EXPRESS_LINK_DAYS = 30;
export const EXPRESS_SESSION_SECONDS = 60 * 60;

export interface ExpressClaims {
  /** uid: the owner's user id. */
  userId: number;
  /** poid: the owner id (the account the link belongs to). */
  ownerId: number;
  /** sub: the checkout link id. */
  checkoutLinkId: string;
  /** slid: the sub-ledger the link pays. */
  subLedgerId: number;
}

export interface ExpressTokenService {
  issueLink(claims: ExpressClaims, expiresAt: Date): Promise<string>;
  verifyLink(token: string): Promise<ExpressClaims | null>;
  /** A session token valid 1 hour, but never past `linkExpiresAt`. */
  issueSession(claims: ExpressClaims, linkExpiresAt: Date): Promise<{ token: string; expiresAt: Date }>;
  verifySession(token: string): Promise<ExpressClaims | null>;
}

const LINK_ID = /^cl_[0-9a-z]{16,}$/;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function createExpressTokenService(keys: { link: string; session: string }, clock: Clock, sessionSeconds = EXPRESS_SESSION_SECONDS): ExpressTokenService {
  const linkKey = hmacKey(keys.link);
  const sessionKey = hmacKey(keys.session);

  async function sign(c: ExpressClaims, audience: string, key: Promise<CryptoKey>, exp: number): Promise<string> {
    const iat = Math.floor(clock().getTime() / 1000);
    return new SignJWT({ uid: c.userId, poid: c.ownerId, slid: c.subLedgerId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(c.checkoutLinkId)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await key);
  }

  async function verify(token: string, audience: string, key: Promise<CryptoKey>): Promise<ExpressClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        currentDate: clock(),
        requiredClaims: ['sub', 'exp', 'uid', 'poid', 'slid'],
      });
      const { uid, poid, slid, sub } = payload as { uid: unknown; poid: unknown; slid: unknown; sub: unknown };
      if (!isId(uid) || !isId(poid) || !isId(slid) || typeof sub !== 'string' || !LINK_ID.test(sub)) return null;
      return { userId: uid, ownerId: poid, checkoutLinkId: sub, subLedgerId: slid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  return {
    issueLink: (c, expiresAt) => sign(c, EXPRESS_LINK_AUDIENCE, linkKey, Math.floor(expiresAt.getTime() / 1000)),
    verifyLink: (token) => verify(token, EXPRESS_LINK_AUDIENCE, linkKey),
    async issueSession(c, linkExpiresAt) {
      const exp = Math.min(Math.floor(clock().getTime() / 1000) + sessionSeconds, Math.floor(linkExpiresAt.getTime() / 1000));
      return { token: await sign(c, EXPRESS_SESSION_AUDIENCE, sessionKey, exp), expiresAt: new Date(exp * 1000) };
    },
    verifySession: (token) => verify(token, EXPRESS_SESSION_AUDIENCE, sessionKey),
  };
}

// Express pay's addition to the services: the token service (kept here, next to the tokens).
declare module '../handlers/types.ts' {
  interface Services {
    /** Express pay link and session tokens (audiences express-pay, express-pay-session). */
    expressTokens: ExpressTokenService;
  }
}
