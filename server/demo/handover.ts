// The demo's sign-in handed over by a host (docs/server.md, "Sign-in handed over by a host"): Summit
// gets the public half of the key pair below as its handover keys, with single sign-on on, so that
// `npx node scripts/demo-handover-token.ts` can print a working /auth/jwt link. The private half is
// here, in the repository, for everyone to read: it signs for the demo company only, and is never
// seeded in production (server/services.ts).
import { randomUUID } from 'node:crypto';
import { SignJWT, importJWK } from 'jose';
import type { Queryable } from '../db/index.ts';

export const DEMO_HANDOVER_KID = 'summit-demo-handover-2026';
export const DEMO_HANDOVER_AUDIENCE = 'community-portal';

const PUBLIC = { kty: 'EC', crv: 'P-256', x: 'x4pTfvAZWYRM0TobtvN02sxiOlCnfsDg_w7wwmQ8mNw', y: 'jWPDiYg-VLGG6xvKoNG9RQKqhzIuYw6SkTpt0slk3FA' } as const;

/** Summit's handover public keys (the JWKS seeded into its `handoverKeys`). */
export const DEMO_HANDOVER_JWKS = { keys: [{ ...PUBLIC, kid: DEMO_HANDOVER_KID, alg: 'ES256', use: 'sig' }] };

/** The demo's signing key: only the demo script and the browser tests sign with it. */
export const DEMO_HANDOVER_PRIVATE_JWK = { ...PUBLIC, d: 'ndIUtpC8vs8MDcHagM3DgKIfcJoBWY5kpJ_ueydwVBY', kid: DEMO_HANDOVER_KID, alg: 'ES256' };

/** Turns the handover on for Summit with the demo's public key, once, right after the demo data is loaded. */
export async function seedDemoHandover(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM management_companies WHERE code = 'summit'`);
  if (!rows[0]) return;
  for (const [key, value] of [['singleSignOn', true], ['handoverKeys', DEMO_HANDOVER_JWKS]] as const) {
    await db.query(
      // Another part of the demo may have switched single sign-on on for Summit already.
      `INSERT INTO portal_settings (management_company_id, key, value) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (management_company_id, key) WHERE association_id IS NULL DO NOTHING`,
      [Number(rows[0].id), key, JSON.stringify(value)],
    );
  }
}

/**
 * A token as Summit's own site would sign it for `email`: ES256 with the demo key, for the demo
 * audience, valid for two minutes from `now`, with a fresh jti.
 */
export async function signDemoHandoverToken(email: string, now = new Date()): Promise<string> {
  const key = await importJWK(DEMO_HANDOVER_PRIVATE_JWK, 'ES256');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'ES256', kid: DEMO_HANDOVER_KID, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 120)
    .setAudience(DEMO_HANDOVER_AUDIENCE)
    .setJti(randomUUID())
    .sign(key);
}

/** The portal's /auth/jwt link carrying such a token, as the host would send the user there. */
export async function demoHandoverLink(base: string, email: string, next: string, now = new Date()): Promise<string> {
  const query = new URLSearchParams({ company: 'summit', next, token: await signDemoHandoverToken(email, now) });
  return `${base.replace(/\/+$/, '')}/auth/jwt?${query}`;
}
