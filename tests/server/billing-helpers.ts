// Shared by the billing-*.test.ts suites (signed-in payments API, openapi/payments.yaml): a
// homeowner's calls, saving a method through the sandbox provider's hosted entry (its attach
// call), and row counts that prove a refusal wrote nothing. `api(app, token).typed` is the typed
// payments client (generated/clients/payments.ts); the path-based calls beside it remain for
// requests the contract does not allow (unknown fields, wrong types) and older suites.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import { call, clients, count, expectStatus, type ApiResponse } from './helpers.ts';
import { enterMethod, type EntryDetails } from './payments-helpers.ts';

export const PAY = '/api/payments';

export function api(app: FastifyInstance, token: string) {
  return {
    get: (path: string) => call(app, 'GET', `${PAY}${path}`, { token }),
    post: (path: string, body?: unknown, headers: Record<string, string> = {}) => call(app, 'POST', `${PAY}${path}`, { token, body, headers }),
    put: (path: string, body?: unknown, headers: Record<string, string> = {}) => call(app, 'PUT', `${PAY}${path}`, { token, body, headers }),
    patch: (path: string, body: unknown) => call(app, 'PATCH', `${PAY}${path}`, { token, body }),
    del: (path: string) => call(app, 'DELETE', `${PAY}${path}`, { token }),
    /** The typed payments client as the same caller. */
    typed: clients(app, token).payments,
  };
}
export type Api = ReturnType<typeof api>;

export async function associationId(db: Db, code: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM associations WHERE code = $1', [code]);
  return Number(rows[0].id);
}

/** Saves a method the way the browser does: Setup, the hosted page's attach, Confirm. */
export async function saveMethod(app: FastifyInstance, client: Api, association: number, what: EntryDetails) {
  const kind = what === 'bankSettles' || what === 'bankReturned' ? 'bank' : 'card';
  const setup = await client.typed.setupPaymentMethod({ associationId: association, kind });
  expectStatus(setup, 200);
  await enterMethod(app, setup.data.setupIntentId, setup.data.clientSecret, what);
  const confirmed = await client.typed.confirmPaymentMethodSetup(setup.data.setupIntentId);
  expectStatus(confirmed, 200);
  return confirmed.data.paymentMethod;
}

/** What a refused request must leave untouched. */
export async function snapshot(db: Db): Promise<Record<string, number | string>> {
  const tables = ['payments', 'ledger_entries', 'sandbox_charges', 'idempotency_keys', 'payment_methods', 'payment_method_setups', 'sandbox_setup_intents', 'mail_outbox'];
  const out: Record<string, number | string> = {};
  for (const t of tables) out[t] = await count(db, t);
  const { rows } = await db.query<{ s: string }>(`SELECT string_agg(id || ':' || status || ':' || amount_cents || ':' || scheduled_date, ',' ORDER BY id) AS s FROM payments`);
  const active = await db.query<{ n: string }>('SELECT count(*) AS n FROM payment_methods WHERE active');
  out.paymentStates = rows[0].s ?? '';
  out.activeMethods = Number(active.rows[0].n);
  return out;
}

export async function paymentStatus(db: Db, id: string): Promise<string> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id]);
  return rows[0]?.status;
}

export function expectOk(res: ApiResponse, status = 200): void {
  expectStatus(res, status);
}
