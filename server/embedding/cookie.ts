// The renewal cookie of the embedded portal. `__Host-` keeps it to this host (Secure, Path=/, no
// Domain); SameSite=None lets the browser send it from a frame in another site's page;
// Partitioned (CHIPS) keeps it to that site, so the frame in one company's page never sees the
// cookie a frame in another's was given; HttpOnly keeps it from scripts. Only its SHA-256 hash is
// stored: the database alone names no session to renew.
import { createHash, randomBytes } from 'node:crypto';

export const RENEWAL_COOKIE = '__Host-portal_embed';
const ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=None; Partitioned';

/** A new cookie value: 32 random bytes. */
export function newRenewalSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** How a secret (the cookie's value, a nonce, a code) is stored: its SHA-256, base64url (43 characters). */
export function secretHash(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url');
}

export function renewalCookie(secret: string, maxAgeSeconds: number): string {
  return `${RENEWAL_COOKIE}=${secret}; ${ATTRIBUTES}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`;
}

/** Tells the browser to forget the cookie (the same attributes, or the partitioned cookie stays). */
export const CLEARED_RENEWAL_COOKIE = `${RENEWAL_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;

/** The renewal cookie's value in a Cookie header, or null. */
/** True when the request carries a renewal cookie at all, well-formed or not. */
export function hasRenewalCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.indexOf('=') > 0 && part.slice(0, part.indexOf('=')).trim() === RENEWAL_COOKIE);
}

export function renewalSecretOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === RENEWAL_COOKIE) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}
