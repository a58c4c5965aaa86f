// Confirm charges exactly once: 20 concurrent confirms (a pool of 12 connections on PostgreSQL),
// Idempotency-Key repeats, a crash between the charge and the commit, a process killed holding
// the claim, a transient provider failure; and the service's updateSetup / cancelSetup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { paymentServiceFor } from '../../server/payments/index.ts';
import { BACKENDS, count, createTestClock, expectErrorShape, testApp, useTestDatabase, expectStatus } from './helpers.ts';
import { balance, confirm, enterMethod, guestPayerOf, guestSession, paymentEntries, sandboxCharges, setup, setupAndEnter, subLedgerId } from './payments-helpers.ts';

describe.each(BACKENDS)('payment confirm on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let pool: Db | null = null;
  beforeAll(async () => {
    // On PostgreSQL the app gets its own pool of 12 connections (more than the default 10).
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 12);
    app = await testApp(pool ?? database.current.db, { clock: clock.now, sandboxProvider: true });
  });
  afterAll(async () => {
    await app?.close();
    await pool?.close();
  });
  const db = () => database.current.db;

  it('20 concurrent confirms of one setup: one charge, one ledger entry, 20 equal answers', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 10000, methodKind: 'card' }, 'visa');
    const charges = await sandboxCharges(db());
    const results = await Promise.all(Array.from({ length: 20 }, () => confirm(app, token, s.paymentId, s.setupIntentId)));
    for (const r of results) expectStatus(r, 200);
    expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
    const first = results[0];
    expectStatus(first, 200);
    expect(first.data).toMatchObject({ status: 'succeeded', amountCents: 10000, feeCents: 350, totalCents: 10350 });
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -10000 }]);
    expect(await balance(db(), id)).toBe(235000);
    const mails = await db().query(`SELECT 1 FROM mail_outbox WHERE subject = $1`, [`Payment confirmation ${first.data.confirmationNumber}`]);
    expect(mails.rows).toHaveLength(1);
  });

  it('Idempotency-Key: a repeat returns the first answer; the same key with another body is refused', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const before = await count(db(), 'payments');
    const body = { subLedgerId: id, amountCents: 1234, methodKind: 'card' as const };
    const first = await setup(app, token, body, { 'idempotency-key': 'setup-key-1' });
    expectStatus(first, 201);
    const repeat = await setup(app, token, body, { 'idempotency-key': 'setup-key-1' });
    expect(repeat.status).toBe(201);
    expect(JSON.stringify(repeat.data)).toBe(JSON.stringify(first.data));
    // Concurrent repeats with one key wait for the first and answer the same.
    const burst = await Promise.all(Array.from({ length: 8 }, () => setup(app, token, { ...body, amountCents: 999 }, { 'idempotency-key': 'setup-key-2' })));
    expect(new Set(burst.map((r) => `${r.status} ${JSON.stringify(r.data)}`)).size).toBe(1);
    const burstFirst = burst[0];
    expectStatus(burstFirst, 201);
    expect(await count(db(), 'payments')).toBe(before + 2);
    const other = await setup(app, token, { ...body, amountCents: 1235 }, { 'idempotency-key': 'setup-key-1' });
    expectErrorShape(other, 422, 'IDEM001');
    expectErrorShape(await setup(app, token, body, { 'idempotency-key': 'x'.repeat(256) }), 400, 'IDEM003');
    expect(await count(db(), 'payments')).toBe(before + 2);
    // Another account's guest may use the same key: keys are per caller.
    const elsewhere = await setup(app, await guestSession(app, '100234', '30301'), { subLedgerId: await subLedgerId(db(), '100234'), amountCents: 100, methodKind: 'card' }, { 'idempotency-key': 'setup-key-1' });
    expect(elsewhere.status).toBe(201);

    await enterMethod(app, first.data.setupIntentId, first.data.clientSecret, 'visa');
    const c1 = await confirm(app, token, first.data.paymentId, first.data.setupIntentId, { 'idempotency-key': 'confirm-key-1' });
    expectStatus(c1, 200);
    const c2 = await confirm(app, token, first.data.paymentId, first.data.setupIntentId, { 'idempotency-key': 'confirm-key-1' });
    expect(JSON.stringify(c2.data)).toBe(JSON.stringify(c1.data));
    expectErrorShape(await confirm(app, token, burstFirst.data.paymentId, burstFirst.data.setupIntentId, { 'idempotency-key': 'confirm-key-1' }), 422, 'IDEM001');
    expect(await paymentEntries(db(), first.data.paymentId)).toHaveLength(1);
  });

  it('a confirmation number already in use is drawn again: one charge, one ledger entry, a number of its own', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const earlier = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 700, methodKind: 'card' }, 'visa');
    const taken = await confirm(app, token, earlier.paymentId, earlier.setupIntentId);
    expectStatus(taken, 200);
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 800, methodKind: 'card' }, 'visa');
    const charges = await sandboxCharges(db());
    const drawn = [taken.data.confirmationNumber, 'CP-0000NEW1'];
    const service = paymentServiceFor(app.services, { confirmationNumber: () => drawn.shift() ?? 'CP-0000NEW2' });
    const confirmed = await service.confirmPayment({ payer: guestPayerOf(token), paymentId: s.paymentId, setupIntentId: s.setupIntentId });
    expect(confirmed).toMatchObject({ paymentId: s.paymentId, status: 'succeeded', confirmationNumber: 'CP-0000NEW1', amountCents: 800 });
    expect(drawn).toEqual([]);
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -800 }]);
    expect(await paymentEntries(db(), earlier.paymentId)).toEqual([{ kind: 'payment', amount: -700 }]);
    const { rows } = await db().query<{ reference: string }>(`SELECT reference FROM ledger_entries WHERE payment_id = $1`, [s.paymentId]);
    expect(rows).toEqual([{ reference: 'CP-0000NEW1' }]);
  });

  it('a crash after the charge and before the commit loses nothing; the retry gets the provider’s first result', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const startBalance = await balance(db(), id);
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 5000, methodKind: 'card' }, 'visa');
    const charges = await sandboxCharges(db());
    const crashing = paymentServiceFor(app.services, {
      beforeCommit: async () => {
        throw new Error('injected crash after charge');
      },
    });
    await expect(crashing.confirmPayment({ payer: guestPayerOf(token), paymentId: s.paymentId, setupIntentId: s.setupIntentId })).rejects.toThrow('injected crash');
    // Charged once at the provider; rolled back here: no entry, balance unchanged, not confirmed.
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([]);
    expect(await balance(db(), id)).toBe(startBalance);
    const { rows } = await db().query<{ status: string; confirmation_number: string | null }>('SELECT status, confirmation_number FROM payments WHERE id = $1', [s.paymentId]);
    expect(rows[0]).toEqual({ status: 'processing', confirmation_number: null });
    // The retry: the provider replays its stored result for the payment id; one charge, one entry.
    const retry = await confirm(app, token, s.paymentId, s.setupIntentId);
    expectStatus(retry, 200);
    expect(retry.data.status).toBe('succeeded');
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -5000 }]);
    expect(await balance(db(), id)).toBe(startBalance - 5000);
  });

  it('a server killed while holding the claim: others wait for its lease, then finish the payment', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 2000, methodKind: 'card' }, 'visa');
    const crashing = paymentServiceFor(app.services, {
      beforeCommit: async () => {
        throw new Error('killed');
      },
    });
    await expect(crashing.confirmPayment({ payer: guestPayerOf(token), paymentId: s.paymentId, setupIntentId: s.setupIntentId })).rejects.toThrow('killed');
    const charges = await sandboxCharges(db());
    // As if the process died holding the claim (no release ran).
    await db().query(`UPDATE payments SET claim_token = 'dead-process', claimed_at = $2 WHERE id = $1`, [s.paymentId, app.services.clock()]);
    const waiting = confirm(app, token, s.paymentId, s.setupIntentId);
    await new Promise((r) => setTimeout(r, 200));
    expect(await paymentEntries(db(), s.paymentId)).toEqual([]);
    clock.advance(61_000); // well past the claim's 15 s lease
    const res = await waiting;
    expectStatus(res, 200);
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -2000 }]);
  });

  it('a transient provider failure: 503 PAY010, then the retry with the same payment succeeds once', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 3000, methodKind: 'card' }, 'transientFailure');
    const charges = await sandboxCharges(db());
    expectErrorShape(await confirm(app, token, s.paymentId, s.setupIntentId, { 'idempotency-key': 'transient-1' }), 503, 'PAY010');
    expect(await paymentEntries(db(), s.paymentId)).toEqual([]);
    const retry = await confirm(app, token, s.paymentId, s.setupIntentId, { 'idempotency-key': 'transient-1' });
    expectStatus(retry, 200);
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -3000 }]);
  });

  it('PA037 when the provider needs a primary e-mail the payer lacks; blocked accounts PAY004 (service, signed-in payer)', async () => {
    const service = paymentServiceFor(app.services);
    const { rows } = await db().query<{ id: number }>(`SELECT id FROM users WHERE email = 'homeowner@example.com'`);
    const userId = Number(rows[0].id);
    const id = await subLedgerId(db(), '200411');
    const before = await count(db(), 'payments');
    await db().query(`UPDATE associations SET requires_primary_email = true WHERE code = 'cedarpoint'`);
    try {
      await expect(service.setupPayment({ payer: { kind: 'user', userId, email: null }, subLedgerId: id, amountCents: 100, methodKind: 'card', setupIntent: true })).rejects.toMatchObject({
        status: 409,
        errorCode: 'PA037',
      });
      const ok = await service.setupPayment({ payer: { kind: 'user', userId, email: 'homeowner@example.com' }, subLedgerId: id, amountCents: 100, methodKind: 'card', setupIntent: true });
      expect(ok).toMatchObject({ amountCents: 100, feeCents: 4, totalCents: 104 }); // signed-in: no large amount fee; 3.5 % of $1.00 = 3.5 -> 4
    } finally {
      await db().query(`UPDATE associations SET requires_primary_email = false WHERE code = 'cedarpoint'`);
    }
    // Not the user's account: 404; a blocked account: 403 PAY004.
    await expect(service.setupPayment({ payer: { kind: 'user', userId, email: null }, subLedgerId: await subLedgerId(db(), '100237'), amountCents: 100, methodKind: 'card', setupIntent: true })).rejects.toMatchObject({ status: 404 });
    await db().query(`UPDATE accounts SET owner_user_id = $1 WHERE account_number = '100236'`, [userId]);
    await expect(service.setupPayment({ payer: { kind: 'user', userId, email: null }, subLedgerId: await subLedgerId(db(), '100236'), amountCents: 100, methodKind: 'card', setupIntent: true })).rejects.toMatchObject({ status: 403, errorCode: 'PAY004' });
    await db().query(`UPDATE accounts SET owner_user_id = NULL WHERE account_number = '100236'`);
    expect(await count(db(), 'payments')).toBe(before + 1);
  });

  it('updateSetup recomputes the fee, cancelSetup cancels; neither after Confirm', async () => {
    const token = await guestSession(app, '100234', '30301');
    const id = await subLedgerId(db(), '100234', 'Late fees');
    const payer = guestPayerOf(token);
    const service = paymentServiceFor(app.services);
    const s = await setup(app, token, { subLedgerId: id, amountCents: 4500, methodKind: 'card' });
    expectStatus(s, 201);
    expect(s.data).toMatchObject({ feeCents: 133, totalCents: 4633 }); // 132.75 -> 133
    const updated = await service.updateSetup({ payer, paymentId: s.data.paymentId, amountCents: 3000 });
    expect(updated).toMatchObject({ status: 'setup', amountCents: 3000, feeCents: 89, totalCents: 3089, methodKind: 'card', setupIntent: null }); // 88.5 -> 89
    const toBank = await service.updateSetup({ payer, paymentId: s.data.paymentId, methodKind: 'bank' });
    expect(toBank).toMatchObject({ amountCents: 3000, feeCents: 150, totalCents: 3150, methodKind: 'bank', setupIntent: { setupIntentId: expect.any(String) } });
    await expect(service.updateSetup({ payer, paymentId: s.data.paymentId, amountCents: 4501 })).rejects.toMatchObject({ status: 422, errorCode: 'PAY001' });
    await expect(service.updateSetup({ payer, paymentId: s.data.paymentId, amountCents: 0 })).rejects.toMatchObject({ status: 422, errorCode: 'PAY003' });
    await expect(service.updateSetup({ payer: guestPayerOf(await guestSession(app, '200411', '33139')), paymentId: s.data.paymentId, amountCents: 100 })).rejects.toMatchObject({ status: 404, errorCode: 'PAY009' });
    // The new intent is the one to confirm with; the old one is refused.
    await enterMethod(app, toBank.setupIntent!.setupIntentId, toBank.setupIntent!.clientSecret, 'bankSettles');
    expectErrorShape(await confirm(app, token, s.data.paymentId, s.data.setupIntentId), 404, 'PAY009');
    const c = await confirm(app, token, s.data.paymentId, toBank.setupIntent!.setupIntentId);
    expect(c.data).toMatchObject({ status: 'pending', amountCents: 3000, feeCents: 150, totalCents: 3150 });
    await expect(service.updateSetup({ payer, paymentId: s.data.paymentId, amountCents: 100 })).rejects.toMatchObject({ status: 409, errorCode: 'PAY008' });
    await expect(service.cancelSetup({ payer, paymentId: s.data.paymentId })).rejects.toMatchObject({ status: 409, errorCode: 'PAY008' });

    const other = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 1500, methodKind: 'card' }, 'visa');
    expect(other.duplicateWarning).toBe(true); // the bank payment above was made minutes ago
    expect(await service.cancelSetup({ payer, paymentId: other.paymentId })).toEqual({ paymentId: other.paymentId, status: 'cancelled' });
    expect(await service.cancelSetup({ payer, paymentId: other.paymentId })).toEqual({ paymentId: other.paymentId, status: 'cancelled' });
    const charges = await sandboxCharges(db());
    expectErrorShape(await confirm(app, token, other.paymentId, other.setupIntentId), 409, 'PAY008');
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await paymentEntries(db(), other.paymentId)).toEqual([]);
  });
});
