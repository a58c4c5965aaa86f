// Shared by the embedding suites: a built site small enough to serve pages, and readers of the
// answers' Content-Security-Policy and Set-Cookie.
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ApiResponse } from './helpers.ts';

export const EMBED_API = '/api/users/Users/Embedding';
export const RENEW = `${EMBED_API}/Renew`;
export const RENEWAL = `${EMBED_API}/Renewal`;
export const HANDOFF = `${EMBED_API}/Handoff`;
export const REDEEM_HANDOFF = `${HANDOFF}/Redeem`;
/** The origin Fastify's inject reaches the app at (host localhost:80, http). */
export const OWN_ORIGIN = 'http://localhost';

/** A site whose index.html answers every page (no page rendered ahead of time). */
export async function makeStaticDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-embed-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>Portal</title></head><body><div id="root"></div></body></html>');
  return dir;
}

/** The answer's CSP as directive → sources. */
export function directivesOf(res: ApiResponse): Record<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter(([k]) => k).map(([k, ...v]) => [k, v.join(' ')]));
}

/** The answer's Set-Cookie headers, as sent. */
export function setCookies(res: ApiResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

/** One cookie's name, value and attributes (attribute names as sent). */
export function parseCookie(header: string): { name: string; value: string; attributes: string[] } {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
}

/** A nonce as the frame makes one: 32 random bytes, base64url (43 characters). */
export function newNonce(): string {
  return randomBytes(32).toString('base64url');
}
