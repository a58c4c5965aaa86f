// Shared by the payments and guest-pay suites: a guest session, a payment setup and the sandbox
// provider's hosted entry (the attach call its page makes), all through HTTP. API operations go
// through the typed guest-pay client; the sandbox provider's own page calls are not API operations.
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../server/sandbox-provider/index.ts';
import type { CreateGuestPaymentBody } from '../../generated/clients/guest-pay.ts';
import { call, clients, count, expectStatus } from './helpers.ts';

export const GUEST = '/api/guest-pay';

export async function guestSession(app: FastifyInstance, accountNumber: string, zip: string, email = 'guest@example.org', ip?: string): Promise<string> {
  const res = await clients(app).guestPay.createGuestSession({ accountNumber, zip, email }, { ip });
  if (res.status !== 200) throw new Error(`guest session for ${accountNumber} failed: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data.token;
}

/** The service's payer for a guest token (its claims, read without verifying: the app issued it). */
export function guestPayerOf(token: string): { kind: 'guest'; accountId: number; email: string; sessionId: string } {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { aid: number; email: string; sid: string };
  return { kind: 'guest', accountId: claims.aid, email: claims.email, sessionId: claims.sid };
}

export async function subLedgerId(db: Db, accountNumber: string, name = 'Assessments'): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT sl.id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE ac.account_number = $1 AND sl.name = $2',
    [accountNumber, name],
  );
  return Number(rows[0].id);
}

export async function balance(db: Db, id: number): Promise<number> {
  const { rows } = await db.query<{ b: string | number; s: string | number }>(
    'SELECT sl.balance_cents AS b, (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries WHERE sub_ledger_id = sl.id) AS s FROM sub_ledgers sl WHERE sl.id = $1',
    [id],
  );
  // The trigger keeps the two equal.
  expect(Number(rows[0].b)).toBe(Number(rows[0].s));
  return Number(rows[0].b);
}

/** A guest payment Setup (createGuestPayment) as the guest `token`. */
export async function setup(app: FastifyInstance, token: string, body: CreateGuestPaymentBody, headers: Record<string, string> = {}) {
  return clients(app, token).guestPay.createGuestPayment(body, { headers });
}

export type EntryDetails = keyof typeof TEST_CARDS | 'bankSettles' | 'bankReturned';

/** What the hosted entry page posts to the sandbox provider (never to our API). */
export async function enterMethod(app: FastifyInstance, setupIntentId: string, clientSecret: string, what: EntryDetails): Promise<void> {
  const body =
    what === 'bankSettles' || what === 'bankReturned'
      ? { secret: clientSecret, kind: 'bank', ...TEST_BANK_ACCOUNTS[what === 'bankSettles' ? 'settles' : 'returned'], accountType: 'checking', holderName: 'Pat Guest' }
      : { secret: clientSecret, kind: 'card', number: TEST_CARDS[what], expiry: '12/30', cvc: '123', name: 'Pat Guest' };
  const res = await call(app, 'POST', `/sandbox-provider/api/setup-intents/${encodeURIComponent(setupIntentId)}/attach`, { body });
  if (res.status >= 300) throw new Error(`sandbox attach failed: ${res.status} ${res.body}`);
}

/** A guest payment Confirm (confirmGuestPayment) as the guest `token`. */
export async function confirm(app: FastifyInstance, token: string, paymentId: string, setupIntentId: string, headers: Record<string, string> = {}) {
  return clients(app, token).guestPay.confirmGuestPayment(paymentId, { setupIntentId }, { headers });
}

/** Setup + hosted entry; returns the setup answer. */
export async function setupAndEnter(app: FastifyInstance, token: string, body: CreateGuestPaymentBody, what: EntryDetails) {
  const res = await setup(app, token, body);
  expectStatus(res, 201);
  await enterMethod(app, res.data.setupIntentId, res.data.clientSecret, what);
  return res.data;
}

export async function sandboxCharges(db: Db): Promise<number> {
  return count(db, 'sandbox_charges');
}

export async function paymentEntries(db: Db, paymentId: string): Promise<{ kind: string; amount: number }[]> {
  const { rows } = await db.query<{ kind: string; amount_cents: string | number }>('SELECT kind, amount_cents FROM ledger_entries WHERE payment_id = $1 ORDER BY id', [paymentId]);
  return rows.map((r) => ({ kind: r.kind, amount: Number(r.amount_cents) }));
}
