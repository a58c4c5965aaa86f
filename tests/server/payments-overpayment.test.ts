// Concurrent Confirms of different payments on one sub-ledger never pay more than its balance:
// a payment being charged is reserved against the balance (under the sub-ledger's row lock) until
// its ledger entry is written, so of several payments of the full balance confirmed at once exactly
// one is charged and the others answer 422 PAY001 and stay unconfirmed. Through HTTP with the
// sandbox provider on PGlite and PostgreSQL (where the app has a pool of 12 connections).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { paymentMessages } from '../../server/payments/errors.ts';
import { BACKENDS, DEMO, clients, createTestClock, expectErrorShape, expectStatus, signIn, testApp, useTestDatabase, type ApiClients, type ClientAnswer } from './helpers.ts';
import { balance, confirm, enterMethod, guestSession, paymentEntries, sandboxCharges, setupAndEnter, subLedgerId } from './payments-helpers.ts';
import { paymentStatus } from './billing-helpers.ts';

describe.each(BACKENDS)('no overpayment by concurrent Confirms on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let pool: Db | null = null;
  let home: ApiClients['payments'];
  let visaId: number;
  beforeAll(async () => {
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 12);
    app = await testApp(pool ?? database.current.db, { clock: clock.now, sandboxProvider: true });
    home = clients(app, (await signIn(app, DEMO.homeowner)).token).payments;
    const methods = await home.listPaymentMethods();
    expectStatus(methods, 200);
    visaId = methods.data.paymentMethods[0].id;
  });
  afterAll(async () => {
    await app?.close();
    await pool?.close();
  });
  const db = () => database.current.db;

  /** Runs the confirms at once while sampling the balance; returns the answers and the lowest balance seen. */
  async function race<R extends ClientAnswer>(subLedger: number, confirms: (() => Promise<R>)[]): Promise<{ results: R[]; lowest: number }> {
    let lowest = await balance(db(), subLedger);
    let running = true;
    const sampler = (async () => {
      while (running) {
        const { rows } = await db().query<{ b: string }>('SELECT balance_cents AS b FROM sub_ledgers WHERE id = $1', [subLedger]);
        lowest = Math.min(lowest, Number(rows[0].b));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const results = await Promise.all(confirms.map((c) => c()));
    running = false;
    await sampler;
    return { results, lowest: Math.min(lowest, await balance(db(), subLedger)) };
  }

  function expectOneWinner<R extends ClientAnswer>(results: R[]): Extract<R, { status: 200 }> {
    const winners = results.filter((r): r is Extract<R, { status: 200 }> => r.status === 200);
    expect(winners, results.map((r) => `${r.status} ${JSON.stringify(r.data)}`).join('\n')).toHaveLength(1);
    for (const r of results.filter((x) => x !== winners[0])) {
      expectErrorShape(r, 422, 'PAY001');
      expect(r.data).toMatchObject({ detail: paymentMessages.PAY001 });
    }
    return winners[0];
  }

  async function savedVisaSetups(subLedger: number, amountCents: number, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await home.setupPayment({ subLedgerId: subLedger, amountCents, paymentMethodId: visaId });
      expectStatus(res, 201);
      ids.push(res.data.paymentId);
    }
    return ids;
  }

  it('two payments of the full $45.00 late fees confirmed at once: one is charged, the other PAY001', async () => {
    const lateFees = await subLedgerId(db(), '100234', 'Late fees');
    expect(await balance(db(), lateFees)).toBe(4500);
    const ids = await savedVisaSetups(lateFees, 4500, 2);
    const charges = await sandboxCharges(db());
    const { results, lowest } = await race(lateFees, ids.map((id) => () => home.confirmPayment(id, {})));
    const winner = expectOneWinner(results);
    expect(winner.data).toMatchObject({ status: 'succeeded', amountCents: 4500 });
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await balance(db(), lateFees)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    // The loser changed nothing: still a setup, no ledger entry; confirming it again is still refused.
    const loser = ids.find((id) => id !== winner.data.paymentId)!;
    expect(await paymentStatus(db(), loser)).toBe('setup');
    expect(await paymentEntries(db(), loser)).toEqual([]);
    expectErrorShape(await home.confirmPayment(loser, {}), 422, 'PAY001');
    expect(await sandboxCharges(db())).toBe(charges + 1);
  });

  it('three payments of the full $200.00 assessments confirmed at once: exactly one charge', async () => {
    const assessments = await subLedgerId(db(), '100234');
    const start = await balance(db(), assessments);
    const ids = await savedVisaSetups(assessments, start, 3);
    const charges = await sandboxCharges(db());
    const { results, lowest } = await race(assessments, ids.map((id) => () => home.confirmPayment(id, {})));
    const winner = expectOneWinner(results);
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await balance(db(), assessments)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    for (const id of ids.filter((x) => x !== winner.data.paymentId)) expect(await paymentStatus(db(), id)).toBe('setup');
  });

  it('a guest and the signed-in owner racing on account 200411 for the full balance: one charge', async () => {
    const cedar = await subLedgerId(db(), '200411');
    const full = await balance(db(), cedar);
    const guestToken = await guestSession(app, '200411', '33139');
    const guest = await setupAndEnter(app, guestToken, { subLedgerId: cedar, amountCents: full, methodKind: 'card' }, 'visa');
    const own = await home.setupPayment({ subLedgerId: cedar, amountCents: full, methodKind: 'card' });
    expectStatus(own, 201);
    const { paymentId, setupIntentId, clientSecret } = own.data;
    await enterMethod(app, setupIntentId!, clientSecret!, 'visa');
    const charges = await sandboxCharges(db());
    const { results, lowest } = await race(cedar, [
      () => confirm(app, guestToken, guest.paymentId, guest.setupIntentId),
      () => home.confirmPayment(paymentId, { setupIntentId }),
    ]);
    expectOneWinner(results);
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await balance(db(), cedar)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
  });

  it('a payment left processing after a transient provider failure stays reserved until it is recorded', async () => {
    const cedar = await subLedgerId(db(), '200411');
    await db().query(
      `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date) VALUES ($1, 'charge', 10000, 'Special assessment', '2026-03-02')`,
      [cedar],
    );
    expect(await balance(db(), cedar)).toBe(10000);
    const token = await guestSession(app, '200411', '33139');
    const flaky = await setupAndEnter(app, token, { subLedgerId: cedar, amountCents: 10000, methodKind: 'card' }, 'transientFailure');
    const other = await setupAndEnter(app, token, { subLedgerId: cedar, amountCents: 10000, methodKind: 'card' }, 'visa');
    expectErrorShape(await confirm(app, token, flaky.paymentId, flaky.setupIntentId), 503, 'PAY010');
    expect(await paymentStatus(db(), flaky.paymentId)).toBe('processing');
    // The flaky payment may still be charged by its retry: the other one may not take the balance.
    const charges = await sandboxCharges(db());
    expectErrorShape(await confirm(app, token, other.paymentId, other.setupIntentId), 422, 'PAY001');
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await paymentStatus(db(), other.paymentId)).toBe('setup');
    const retry = await confirm(app, token, flaky.paymentId, flaky.setupIntentId);
    expectStatus(retry, 200);
    expect(await balance(db(), cedar)).toBe(0);
  });
});
