// Provider subjects linked to portal users (sso_identities), the sign-ins waiting for the user to
// prove the account before the first link (sso_link_tickets), and the provider's ID token kept per
// portal session for signing out of both (sso_sessions).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { sha256 } from './attempts.ts';
import { ssoError } from './errors.ts';

export const TICKET_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

export interface Identity {
  companyId: number;
  issuer: string;
  subject: string;
}

export async function linkedUser(db: Queryable, identity: Identity): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM sso_identities WHERE management_company_id = $1 AND issuer = $2 AND subject = $3',
    [identity.companyId, identity.issuer, identity.subject],
  );
  return rows[0] ? Number(rows[0].user_id) : null;
}

export interface Ticket extends Identity {
  userId: number;
  idToken: string;
  returnTo: string;
  codeHash: string | null;
  codeSentAt: Date | null;
  attempts: number;
}

export async function createTicket(db: Db, identity: Identity, userId: number, idToken: string, returnTo: string, now: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.query('DELETE FROM sso_link_tickets WHERE expires_at < $1', [now]);
  await db.query(
    `INSERT INTO sso_link_tickets (ticket_hash, management_company_id, issuer, subject, user_id, id_token, return_to, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [sha256(ticket), identity.companyId, identity.issuer, identity.subject, userId, idToken, returnTo, new Date(now.getTime() + TICKET_SECONDS * 1000)],
  );
  return ticket;
}

interface TicketRow {
  management_company_id: number; issuer: string; subject: string; user_id: number; id_token: string; return_to: string;
  code_hash: string | null; code_sent_at: Date | string | null; attempts: number; expires_at: Date | string;
}

/** The ticket, locked for this transaction; refused when unknown or expired. */
export async function lockTicket(tx: Queryable, ticket: string, now: Date): Promise<Ticket> {
  const { rows } = await tx.query<TicketRow>('SELECT * FROM sso_link_tickets WHERE ticket_hash = $1 FOR UPDATE', [sha256(ticket)]);
  const row = rows[0];
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) throw ssoError.ticketInvalid();
  return {
    companyId: Number(row.management_company_id), issuer: row.issuer, subject: row.subject, userId: Number(row.user_id), idToken: row.id_token,
    returnTo: row.return_to, codeHash: row.code_hash, codeSentAt: row.code_sent_at ? new Date(row.code_sent_at) : null, attempts: row.attempts,
  };
}

const codeHash = (pepper: string, ticket: string, code: string) => createHmac('sha256', pepper).update(`sso-link:${sha256(ticket)}:${code}`).digest('base64url');

/** A new six-digit code for the ticket (the one before stops working); refused within a minute of the last. */
export async function newTicketCode(db: Db, ticket: string, pepper: string, now: Date): Promise<{ code: string; userId: number }> {
  return db.transaction(async (tx) => {
    const found = await lockTicket(tx, ticket, now);
    if (found.codeSentAt) {
      const elapsed = (now.getTime() - found.codeSentAt.getTime()) / 1000;
      if (elapsed < CODE_RESEND_SECONDS) throw ssoError.codeResendTooSoon(Math.max(1, Math.ceil(CODE_RESEND_SECONDS - elapsed)));
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query('UPDATE sso_link_tickets SET code_hash = $2, code_sent_at = $3, attempts = 0 WHERE ticket_hash = $1', [sha256(ticket), codeHash(pepper, ticket, code), now]);
    return { code, userId: found.userId };
  });
}

/**
 * Checks the e-mailed code against the ticket; a wrong code is counted (kept even though the answer
 * is an error), five end the ticket.
 */
export async function checkTicketCode(db: Db, ticket: string, code: string, pepper: string, now: Date): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const found = await lockTicket(tx, ticket, now);
    if (!found.codeHash) return 'incorrect' as const;
    if (found.attempts >= CODE_MAX_ATTEMPTS) return 'tooMany' as const;
    const expected = Buffer.from(found.codeHash);
    const given = Buffer.from(codeHash(pepper, ticket, code));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return 'right' as const;
    const attempts = found.attempts + 1;
    await tx.query('UPDATE sso_link_tickets SET attempts = $2 WHERE ticket_hash = $1', [sha256(ticket), attempts]);
    return attempts >= CODE_MAX_ATTEMPTS ? ('tooMany' as const) : ('incorrect' as const);
  });
  if (outcome === 'tooMany') throw ssoError.codeTooManyAttempts();
  if (outcome === 'incorrect') throw ssoError.codeIncorrect();
}

/** Links the ticket's subject to its user and spends the ticket, in one step; false when it was spent meanwhile. */
export async function linkTicket(db: Db, ticket: string, now: Date): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const found = await lockTicket(tx, ticket, now);
    await tx.query(
      `INSERT INTO sso_identities (management_company_id, issuer, subject, user_id, linked_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (management_company_id, issuer, subject) DO NOTHING`,
      [found.companyId, found.issuer, found.subject, found.userId, now],
    );
    await tx.query('DELETE FROM sso_link_tickets WHERE ticket_hash = $1', [sha256(ticket)]);
    // Linked meanwhile to someone else (another tab of the same provider account): refused.
    const owner = await linkedUser(tx, found);
    if (owner !== found.userId) throw ssoError.ticketInvalid();
    return found;
  });
}

export async function rememberProviderSession(db: Queryable, sessionId: string, identity: Identity, idToken: string): Promise<void> {
  await db.query('INSERT INTO sso_sessions (session_id, management_company_id, issuer, id_token) VALUES ($1, $2, $3, $4)', [sessionId, identity.companyId, identity.issuer, idToken]);
}

export async function providerSessionOf(db: Queryable, sessionId: string): Promise<{ companyId: number; issuer: string; idToken: string } | null> {
  const { rows } = await db.query<{ management_company_id: number; issuer: string; id_token: string }>('SELECT management_company_id, issuer, id_token FROM sso_sessions WHERE session_id = $1', [sessionId]);
  return rows[0] ? { companyId: Number(rows[0].management_company_id), issuer: rows[0].issuer, idToken: rows[0].id_token } : null;
}
