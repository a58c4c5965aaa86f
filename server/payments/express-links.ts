// Checkout links: a row in checkout_links plus a signed link token (express-token.ts). A link pays
// ONE sub-ledger of an account that has an owner; it works until it expires or is revoked, and only
// while the account still belongs to the user it was made for.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import { EXPRESS_LINK_DAYS, type ExpressClaims, type ExpressTokenService } from './express-token.ts';
import type { ExpressCaller } from '../authz/caller.ts';
import { expressError } from './express-errors.ts';

export function newCheckoutLinkId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  let id = 'cl_';
  for (const b of randomBytes(16)) id += alphabet[b & 31];
  return id;
}

export interface CheckoutLink {
  id: string;
  subLedgerId: number;
  ownerId: number;
  userId: number;
  expiresAt: Date;
  /** The link token: the `:link` of /epay/link/:link. */
  token: string;
}

/**
 * Makes a checkout link for a sub-ledger (default 30 days). null when there is no such sub-ledger
 * or its account has no owner.
 */
export async function createCheckoutLink(
  deps: { db: Db; clock: Clock; tokens: ExpressTokenService },
  input: { subLedgerId: number; days?: number },
): Promise<CheckoutLink | null> {
  const { rows } = await deps.db.query<{ account_id: number; owner_user_id: number | null }>(
    'SELECT ac.id AS account_id, ac.owner_user_id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE sl.id = $1',
    [input.subLedgerId],
  );
  const row = rows[0];
  if (!row || row.owner_user_id === null) return null;
  const now = deps.clock();
  // Whole seconds: the token's exp and the row agree exactly.
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + (input.days ?? EXPRESS_LINK_DAYS) * 24 * 3600 * 1000);
  const id = newCheckoutLinkId();
  await deps.db.query(
    'INSERT INTO checkout_links (id, sub_ledger_id, account_id, owner_user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, input.subLedgerId, row.account_id, row.owner_user_id, now, expiresAt],
  );
  const claims: ExpressClaims = { userId: Number(row.owner_user_id), ownerId: Number(row.account_id), checkoutLinkId: id, subLedgerId: input.subLedgerId };
  return { id, subLedgerId: input.subLedgerId, ownerId: claims.ownerId, userId: claims.userId, expiresAt, token: await deps.tokens.issueLink(claims, expiresAt) };
}

/** The link for an account number's first sub-ledger (the development route and the demo). */
export async function createCheckoutLinkForAccount(deps: { db: Db; clock: Clock; tokens: ExpressTokenService }, accountNumber: string): Promise<CheckoutLink | null> {
  const { rows } = await deps.db.query<{ id: number }>(
    `SELECT sl.id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id
      WHERE ac.account_number = $1 AND ac.owner_user_id IS NOT NULL ORDER BY sl.position, sl.id LIMIT 1`,
    [accountNumber],
  );
  return rows[0] ? createCheckoutLink(deps, { subLedgerId: Number(rows[0].id) }) : null;
}

export async function revokeCheckoutLink(db: Queryable, clock: Clock, id: string): Promise<boolean> {
  const { rows } = await db.query('UPDATE checkout_links SET revoked = true, revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING id', [id, clock()]);
  return rows.length > 0;
}

/**
 * The link behind verified claims, if it is still usable: not revoked, not expired, the same
 * sub-ledger, account and owner as in the token, and the account still that user's.
 */
export async function activeLink(db: Queryable, clock: Clock, claims: ExpressClaims): Promise<{ expiresAt: Date; email: string | null } | null> {
  const { rows } = await db.query<{ expires_at: Date; email: string | null }>(
    `SELECT cl.expires_at, u.email
       FROM checkout_links cl
       JOIN sub_ledgers sl ON sl.id = cl.sub_ledger_id
       JOIN accounts ac ON ac.id = sl.account_id AND ac.id = cl.account_id
       JOIN users u ON u.id = cl.owner_user_id
      WHERE cl.id = $1 AND cl.sub_ledger_id = $2 AND cl.account_id = $3 AND cl.owner_user_id = $4
        AND ac.owner_user_id = cl.owner_user_id AND NOT cl.revoked AND cl.expires_at > $5`,
    [claims.checkoutLinkId, claims.subLedgerId, claims.ownerId, claims.userId, clock()],
  );
  return rows[0] ? { expiresAt: new Date(rows[0].expires_at), email: rows[0].email } : null;
}

/** authenticateExpressPay: a link token -> a session token; anything wrong -> 401 EXP001. */
export async function exchangeLink(
  deps: { db: Db; clock: Clock; tokens: ExpressTokenService },
  linkToken: string,
): Promise<{ token: string; expiresAt: Date }> {
  const claims = await deps.tokens.verifyLink(linkToken);
  const link = claims ? await activeLink(deps.db, deps.clock, claims) : null;
  if (!claims || !link) throw expressError('EXP001');
  return deps.tokens.issueSession(claims, link.expiresAt);
}

/** The express caller of a session token: valid, and its link still active (server/authz/identify.ts). */
export async function expressPrincipal(deps: { db: Db; clock: Clock; tokens: ExpressTokenService }, sessionToken: string): Promise<ExpressCaller | null> {
  const claims = await deps.tokens.verifySession(sessionToken);
  const link = claims ? await activeLink(deps.db, deps.clock, claims) : null;
  return claims && link ? { kind: 'express', ...claims, email: link.email } : null;
}
