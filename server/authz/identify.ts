// Who is calling: the bearer token read as each kind of credential the operation's policy admits.
// A sign-in token costs no database round trip in the common case (signature, then the cached
// list of ended sessions, server/auth/sessions.ts); a guest token none (signature only); an
// express session token one (its checkout link must still be active).
import type { FastifyRequest } from 'fastify';
import { ApiError, messages } from '../errors.ts';
import { signedInPrincipal } from '../auth/sessions.ts';
import { expressPrincipal } from '../payments/express-links.ts';
import type { Services } from '../handlers/types.ts';
import type { Caller } from './caller.ts';
import type { TokenKind } from './vocabulary.ts';

type Verifier = (token: string, services: Services) => Promise<Caller | null>;

/** Cheapest first: the express check reads the database. */
const VERIFIERS: Record<Exclude<TokenKind, 'optional'>, Verifier> = {
  async user(token, services) {
    const claims = await signedInPrincipal(services, token);
    return claims && { kind: 'user', ...claims };
  },
  async guest(token, services) {
    const claims = await services.guestTokens.verify(token);
    return claims && { kind: 'guest', ...claims };
  },
  async express(token, services) {
    return expressPrincipal({ db: services.db, clock: services.clock, tokens: services.expressTokens }, token);
  },
};
const ORDER: Exclude<TokenKind, 'optional'>[] = ['user', 'guest', 'express'];

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

const unauthorized = (detail: string) => new ApiError(401, detail, { errorCode: 'AUTH002', headers: { 'www-authenticate': 'Bearer' } });

/**
 * The caller, for an operation admitting these kinds of credential. No token: 401 AUTH002
 * "Please sign in"; a token that is none of them (invalid, expired, ended, another kind): 401
 * AUTH002 "Your session has expired".
 */
export async function identify(request: FastifyRequest, kinds: ReadonlySet<TokenKind>, services: Services): Promise<Caller> {
  const token = bearerToken(request);
  // An optional credential (the anyone principal) is a sign-in token when one is sent: a token
  // that is sent must be valid, so a stale one is never silently read as nobody.
  const optional = kinds.has('optional');
  if (!token) {
    if (optional) return { kind: 'anonymous' };
    throw unauthorized(messages.authRequired);
  }
  for (const kind of ORDER) {
    if (!kinds.has(kind) && !(optional && kind === 'user')) continue;
    const caller = await VERIFIERS[kind](token, services);
    if (caller) return caller;
  }
  throw unauthorized(messages.tokenInvalid);
}
