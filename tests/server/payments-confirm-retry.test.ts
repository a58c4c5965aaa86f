// A Confirm whose process died (after taking the claim, before or after the charge) is resumed by
// a retry with the same Idempotency-Key once the short lease has expired: the retry answers the
// payment's result and the provider charges exactly once. The leases are short enough for the
// spec's retry policy (3 retries, backoff from 1 s, each request waiting up to 30 s), and renewed
// while an attempt works so a slow provider call is never taken over. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import { paymentServiceFor } from '../../server/payments/index.ts';
import { createPaymentService, payerScope, CLAIM_LEASE_MS, type Payer } from '../../server/payments/service.ts';
import { IDEMPOTENCY_LEASE_MS, requestHash, withIdempotency } from '../../server/payments/idempotency.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';
import { BACKENDS, createTestClock, testApp, useTestDatabase, expectStatus } from './helpers.ts';
import { balance, confirm, guestPayerOf, guestSession, paymentEntries, sandboxCharges, setupAndEnter, subLedgerId } from './payments-helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What a request waits for a running attempt before answering 409 (IDEM002 / PAY011). */
const REQUEST_WAIT_MS = 30_000;

describe.each(BACKENDS)('Confirm resumed after a crash on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = (): Db => database.current.db;

  /** What a process that died inside Confirm leaves behind: its claim and its running Idempotency-Key. */
  async function leaveDeadAttempt(payer: Payer, paymentId: string, setupIntentId: string, key: string, charged: boolean) {
    const now = clock.now();
    await db().query(
      `UPDATE payments SET status = 'processing', claim_token = 'dead-process', claimed_at = $2, charge_attempted_at = COALESCE(charge_attempted_at, $2) WHERE id = $1`,
      [paymentId, now],
    );
    if (!charged) expect(await paymentEntries(db(), paymentId)).toEqual([]);
    await db().query(
      `INSERT INTO idempotency_keys (scope, operation, key, request_hash, state, created_at, heartbeat_at) VALUES ($1, 'confirmPayment', $2, $3, 'running', $4, $4)`,
      [payerScope(payer), key, requestHash({ paymentId, setupIntentId }), now],
    );
  }

  it('the leases fit the retry policy: the first retry (1 s after the crash) outwaits them', () => {
    expect(1000 + CLAIM_LEASE_MS).toBeLessThan(REQUEST_WAIT_MS);
    expect(1000 + IDEMPOTENCY_LEASE_MS).toBeLessThan(REQUEST_WAIT_MS);
  });

  it('died after the charge, before recording: the retry with the same key answers the result, one charge', async () => {
    const token = await guestSession(app, '200411', '33139');
    const payer = guestPayerOf(token);
    const id = await subLedgerId(db(), '200411');
    const start = await balance(db(), id);
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 5000, methodKind: 'card' }, 'visa');
    const charges = await sandboxCharges(db());
    // The charge happens, then the recording transaction never commits ...
    const crashing = paymentServiceFor(app.services, {
      beforeCommit: async () => {
        throw new Error('process killed');
      },
    });
    await expect(crashing.confirmPayment({ payer, paymentId: s.paymentId, setupIntentId: s.setupIntentId })).rejects.toThrow('process killed');
    expect(await sandboxCharges(db())).toBe(charges + 1);
    // ... and the process is gone without releasing anything.
    await leaveDeadAttempt(payer, s.paymentId, s.setupIntentId, 'confirm-after-crash', true);

    // The client's first retry, 1 s later, waits for the running attempt ...
    clock.advance(1000);
    let settled = false;
    const retry = confirm(app, token, s.paymentId, s.setupIntentId, { 'idempotency-key': 'confirm-after-crash' }).finally(() => {
      settled = true;
    });
    await sleep(300);
    expect(settled).toBe(false);
    // ... and resumes the payment once the lease has expired.
    clock.advance(Math.max(CLAIM_LEASE_MS, IDEMPOTENCY_LEASE_MS));
    const res = await retry;
    expectStatus(res, 200);
    expect(res.data).toMatchObject({ paymentId: s.paymentId, status: 'succeeded', amountCents: 5000 });
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -5000 }]);
    expect(await balance(db(), id)).toBe(start - 5000);
    // Later repeats with the key answer the same, field for field and in the same order.
    const again = await confirm(app, token, s.paymentId, s.setupIntentId, { 'idempotency-key': 'confirm-after-crash' });
    expect(JSON.stringify(again.data)).toBe(JSON.stringify(res.data));
  });

  it('died after the claim, before the charge: a retry after the lease charges once and answers', async () => {
    const token = await guestSession(app, '200411', '33139');
    const payer = guestPayerOf(token);
    const id = await subLedgerId(db(), '200411');
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 2500, methodKind: 'card' }, 'visa');
    const charges = await sandboxCharges(db());
    await leaveDeadAttempt(payer, s.paymentId, s.setupIntentId, 'claimed-then-died', false);
    clock.advance(Math.max(CLAIM_LEASE_MS, IDEMPOTENCY_LEASE_MS) + 1000);
    const res = await confirm(app, token, s.paymentId, s.setupIntentId, { 'idempotency-key': 'claimed-then-died' });
    expectStatus(res, 200);
    expect(res.data).toMatchObject({ status: 'succeeded', amountCents: 2500 });
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -2500 }]);
  });

  it('a slow provider call keeps its claim: a concurrent Confirm waits instead of charging again', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 1500, methodKind: 'card' }, 'visa');
    const sandbox = app.services.paymentProvider!;
    let chargeCalls = 0;
    const slow: PaymentProvider = Object.assign(Object.create(sandbox) as PaymentProvider, {
      charge: async (request: Parameters<PaymentProvider['charge']>[0]) => {
        chargeCalls++;
        await sleep(1600);
        return sandbox.charge(request);
      },
    });
    // A real clock and a lease of 400 ms: the 1.6 s charge outlives it four times over. (The lease
    // leaves room for a busy machine's stalls between heartbeats, every leaseMs / 3.)
    const service = createPaymentService({ db: db(), clock: () => new Date(), provider: slow, leaseMs: 400, pollMs: 20 });
    const payer = guestPayerOf(token);
    const first = service.confirmPayment({ payer, paymentId: s.paymentId, setupIntentId: s.setupIntentId });
    await sleep(900);
    const second = service.confirmPayment({ payer, paymentId: s.paymentId, setupIntentId: s.setupIntentId });
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual(a);
    expect(chargeCalls).toBe(1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -1500 }]);
  });

  it('a slow first request keeps its Idempotency-Key: a repeat waits for its answer instead of running again', async () => {
    let runs = 0;
    const id = { scope: 'test:heartbeat', operation: 'slowOperation', key: 'slow-1', request: { n: 1 } };
    const work = async () => {
      runs++;
      await sleep(1600);
      return { run: runs };
    };
    const options = { staleMs: 400, pollMs: 20 };
    const first = withIdempotency(db(), () => new Date(), id, work, options);
    await sleep(900);
    const second = withIdempotency(db(), () => new Date(), id, work, options);
    expect(await Promise.all([first, second])).toEqual([{ run: 1 }, { run: 1 }]);
    expect(runs).toBe(1);
  });
});
