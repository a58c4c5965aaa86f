// Authorization requests on their way to a provider (table sso_attempts): the state, nonce and PKCE
// verifier stay on the server, the state only as a hash, and each is bound to the browser that
// started it by a cookie whose hash is kept, so that a callback address passed to someone else
// (login CSRF) or sent twice signs no one in. Ten minutes, used once.
import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Db } from '../db/index.ts';
import type { CompanyProvider } from './company-provider.ts';
import { ssoError } from './errors.ts';

export const ATTEMPT_SECONDS = 600;
/** The cookie binding an attempt to its browser: sent back only to the callback's call (Path). */
export const BINDING_COOKIE = 'portal_sso';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface NewAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  binding: string;
}

export interface Attempt {
  companyId: number;
  issuer: string;
  codeVerifier: string;
  nonce: string;
  state: string;
  returnTo: string;
}

/** The secrets of a new attempt, kept by saveAttempt once the provider's address is known. */
export function newAttempt(): NewAttempt {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier(), binding: randomBytes(32).toString('base64url') };
}

export async function saveAttempt(db: Db, provider: CompanyProvider, attempt: NewAttempt, returnTo: string, now: Date): Promise<void> {
  // Attempts nobody finished are of no use a day later.
  await db.query('DELETE FROM sso_attempts WHERE expires_at < $1', [new Date(now.getTime() - 24 * 3600 * 1000)]);
  await db.query(
    `INSERT INTO sso_attempts (state_hash, binding_hash, management_company_id, issuer, code_verifier, nonce, return_to, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [sha256(attempt.state), sha256(attempt.binding), provider.companyId, provider.issuer, attempt.codeVerifier, attempt.nonce, returnTo, now, new Date(now.getTime() + ATTEMPT_SECONDS * 1000)],
  );
}

/** Takes the attempt the answer's state names, once; refused when unknown, used, expired or of another browser. */
export async function takeAttempt(db: Db, state: string | null, binding: string | undefined, now: Date): Promise<Attempt> {
  if (!state || !binding) throw ssoError.attemptInvalid();
  const taken = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; binding_hash: string; management_company_id: number; issuer: string; code_verifier: string; nonce: string; return_to: string; expires_at: Date | string; used_at: Date | string | null }>(
      'SELECT id, binding_hash, management_company_id, issuer, code_verifier, nonce, return_to, expires_at, used_at FROM sso_attempts WHERE state_hash = $1 FOR UPDATE',
      [sha256(state)],
    );
    const row = rows[0];
    if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) return null;
    // Marked used whatever follows: a second try with the same answer is always refused.
    await tx.query('UPDATE sso_attempts SET used_at = $2 WHERE id = $1', [row.id, now]);
    return row.binding_hash === sha256(binding) ? row : null;
  });
  if (!taken) throw ssoError.attemptInvalid();
  return { companyId: Number(taken.management_company_id), issuer: taken.issuer, codeVerifier: taken.code_verifier, nonce: taken.nonce, state, returnTo: taken.return_to };
}
