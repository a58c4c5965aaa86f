// Verifying a host's handover token with jose: only the asymmetric algorithms below, against the
// company's public keys (its `handoverKeys`, else the JWKS at its `handoverJwksUrl`), for the
// company's audience, short-lived and fresh. Keys are public, so an HMAC token is refused outright:
// accepting HS256 would let anyone "sign" with the public key's bytes (algorithm confusion).
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';
import type { HandoverConfig } from './config.ts';
import type { HandoverCode } from './errors.ts';

export const HANDOVER_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];
/** The longest a token may live (exp - iat), and the oldest it may be when used. */
export const MAX_TOKEN_SECONDS = 300;
/** How far the host's clock and ours may disagree. */
export const CLOCK_TOLERANCE_SECONDS = 30;
const MAX_JTI_LENGTH = 200;
const MAX_REMOTE_SETS = 200;

export interface HandoverClaims {
  email: string;
  jti: string;
  /** After this the token can no longer pass (its exp plus the tolerance): how long its jti is kept. */
  usableUntil: Date;
}

/** A refusal, by code; `cause` only for the server's log (never the client). */
export class HandoverRefused extends Error {
  readonly code: HandoverCode;
  constructor(code: HandoverCode, cause?: unknown) {
    super(code, { cause });
    this.code = code;
  }
}

// One remote key set per address, kept across requests: jose caches the fetched keys (10 minutes),
// fetches again at most every 30 s for a key it does not know (a host rotating its keys), and shares
// one fetch among the requests waiting for it.
const remoteSets = new Map<string, JWTVerifyGetKey>();
function remoteSetOf(url: string): JWTVerifyGetKey {
  let set = remoteSets.get(url);
  if (!set) {
    if (remoteSets.size >= MAX_REMOTE_SETS) remoteSets.delete(remoteSets.keys().next().value as string);
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 });
    remoteSets.set(url, set);
  }
  return set;
}

// A company's own keys, by the settings' value object (the same object until the setting changes).
const localSets = new WeakMap<JSONWebKeySet, JWTVerifyGetKey>();
function localSetOf(keys: JSONWebKeySet): JWTVerifyGetKey {
  let set = localSets.get(keys);
  if (!set) {
    set = createLocalJWKSet(keys);
    localSets.set(keys, set);
  }
  return set;
}

/** The company's key source; a failure to read or use the keys themselves is JWT008, not a forged token. */
function keySourceOf(config: HandoverConfig): JWTVerifyGetKey {
  let source: JWTVerifyGetKey;
  try {
    source = config.keys ? localSetOf(config.keys) : remoteSetOf(config.jwksUrl!);
  } catch (error) {
    throw new HandoverRefused('JWT008', error);
  }
  return async (header, token) => {
    try {
      return await source(header, token);
    } catch (error) {
      // No key of the set fits the token (an unknown kid, another kind of key): not signed by the company.
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys || error instanceof errors.JOSENotSupported) throw error;
      throw new HandoverRefused('JWT008', error);
    }
  };
}

/** Verifies the token for the company at `now`; throws HandoverRefused with the code of the first check that fails. */
export async function verifyHandoverToken(token: string, config: HandoverConfig, now: Date): Promise<HandoverClaims> {
  const options: JWTVerifyOptions = {
    algorithms: HANDOVER_ALGORITHMS,
    audience: config.audience,
    ...(config.issuer ? { issuer: config.issuer } : {}),
    requiredClaims: ['exp', 'iat', 'jti'],
    maxTokenAge: MAX_TOKEN_SECONDS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    currentDate: now,
  };
  let payload: JWTPayload;
  try {
    payload = (await verifyWithAnyKey(token, keySourceOf(config), options)).payload;
  } catch (error) {
    throw error instanceof HandoverRefused ? error : new HandoverRefused(codeOf(error), error);
  }
  const { exp, iat, jti, email } = payload as JWTPayload & { email?: unknown };
  if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) throw new HandoverRefused('JWT002');
  // jose checks that the token is not expired and not older than the limit; its lifetime is ours to check.
  if ((exp as number) - (iat as number) > MAX_TOKEN_SECONDS) throw new HandoverRefused('JWT004');
  if (typeof email !== 'string' || email === '' || email.length > 320) throw new HandoverRefused('JWT006');
  return { email: email.toLowerCase(), jti, usableUntil: new Date(((exp as number) + CLOCK_TOLERANCE_SECONDS) * 1000) };
}

/** jwtVerify; where several keys of the set fit (none names a kid), the token may be signed by any one of them. */
async function verifyWithAnyKey(token: string, keys: JWTVerifyGetKey, options: JWTVerifyOptions) {
  try {
    return await jwtVerify(token, keys, options);
  } catch (error) {
    if (!(error instanceof errors.JWKSMultipleMatchingKeys)) throw error;
    let last: unknown = error;
    for await (const key of error) {
      try {
        return await jwtVerify(token, key, options);
      } catch (next) {
        last = next;
        // A signature that fails may belong to another of the keys; any other refusal is final.
        if (!(next instanceof errors.JWSSignatureVerificationFailed)) throw next;
      }
    }
    throw last;
  }
}

/** The refusal code of a jose error: the audience or issuer, the token's age, else an invalid token. */
function codeOf(error: unknown): HandoverCode {
  if (error instanceof errors.JWTExpired) return 'JWT004';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return 'JWT002';
    if (error.claim === 'aud' || error.claim === 'iss') return 'JWT003';
    if (error.claim === 'iat' || error.claim === 'nbf' || error.claim === 'exp') return error.reason === 'invalid' ? 'JWT002' : 'JWT004';
    return 'JWT002';
  }
  if (error instanceof errors.JOSEError) return 'JWT002';
  // Not a refusal of jose's (a bug, a failure of the platform): a 500 with the error in the log.
  throw error;
}
