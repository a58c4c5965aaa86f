// A guest token reaches only the payments its own guest session set up: not the homeowner's
// setups on the same account, not another guest session's (even with the same e-mail and the same
// Idempotency-Key). Out of scope is 404 PAY009 and changes nothing. Through HTTP with the sandbox
// provider on PGlite and PostgreSQL, and through the service for update and cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { paymentServiceFor } from '../../server/payments/index.ts';
import { BACKENDS, DEMO, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, expectStatus } from './helpers.ts';
import { confirm, enterMethod, guestPayerOf, guestSession, paymentEntries, sandboxCharges, setupAndEnter, subLedgerId } from './payments-helpers.ts';
import { api, paymentStatus, snapshot } from './billing-helpers.ts';

describe.each(BACKENDS)('guest pay reaches only its own session’s payments on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  it('a guest token cannot confirm the homeowner’s new-card setup on the same account', async () => {
    const home = api(app, (await signIn(app, DEMO.homeowner)).token);
    const lateFees = await subLedgerId(db(), '100234', 'Late fees');
    const own = await home.typed.setupPayment({ subLedgerId: lateFees, amountCents: 1000, methodKind: 'card' });
    expectStatus(own, 201);
    await enterMethod(app, own.data.setupIntentId!, own.data.clientSecret!, 'visa');
    const guest = await guestSession(app, '100234', '30301', 'stranger@example.org');
    const before = await snapshot(db());
    const res = await confirm(app, guest, own.data.paymentId, own.data.setupIntentId!, { 'idempotency-key': 'steal-1' });
    expectErrorShape(res, 404, 'PAY009');
    expect(JSON.stringify(res.data)).not.toContain('homeowner@example.com');
    expect(await snapshot(db())).toEqual(before);
    expect(await paymentStatus(db(), own.data.paymentId)).toBe('setup');
    // The homeowner's own Confirm still works.
    const mine = await home.typed.confirmPayment(own.data.paymentId, { setupIntentId: own.data.setupIntentId });
    expectStatus(mine, 200);
    // Past Confirm it is still out of the guest's reach (no stored answer leaks).
    expectErrorShape(await confirm(app, guest, own.data.paymentId, own.data.setupIntentId!), 404, 'PAY009');
  });

  it('another guest session of the same account and e-mail cannot confirm, update or cancel the setup', async () => {
    const id = await subLedgerId(db(), '200411');
    const first = await guestSession(app, '200411', '33139', 'pat@example.org');
    const second = await guestSession(app, '200411', '33139', 'pat@example.org');
    expect(guestPayerOf(first).sessionId).not.toBe(guestPayerOf(second).sessionId);
    const s = await setupAndEnter(app, first, { subLedgerId: id, amountCents: 2000, methodKind: 'card' }, 'visa');
    const service = paymentServiceFor(app.services);
    const before = await snapshot(db());
    expectErrorShape(await confirm(app, second, s.paymentId, s.setupIntentId, { 'idempotency-key': 'same-key' }), 404, 'PAY009');
    await expect(service.updateSetup({ payer: guestPayerOf(second), paymentId: s.paymentId, amountCents: 1500 })).rejects.toMatchObject({ status: 404, errorCode: 'PAY009' });
    await expect(service.cancelSetup({ payer: guestPayerOf(second), paymentId: s.paymentId })).rejects.toMatchObject({ status: 404, errorCode: 'PAY009' });
    expect(await snapshot(db())).toEqual(before);

    // Its own session confirms; the other session's repeat of the same key and request gets nothing.
    const charges = await sandboxCharges(db());
    const ok = await confirm(app, first, s.paymentId, s.setupIntentId, { 'idempotency-key': 'same-key' });
    expectStatus(ok, 200);
    const keys = await count(db(), 'idempotency_keys');
    const repeat = await confirm(app, second, s.paymentId, s.setupIntentId, { 'idempotency-key': 'same-key' });
    expectErrorShape(repeat, 404, 'PAY009');
    expect(JSON.stringify(repeat.data)).not.toContain(ok.data.confirmationNumber);
    expect(await count(db(), 'idempotency_keys')).toBe(keys);
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), s.paymentId)).toEqual([{ kind: 'payment', amount: -2000 }]);
  });

  it('the creating session may update and cancel its own setup', async () => {
    const id = await subLedgerId(db(), '200411');
    const token = await guestSession(app, '200411', '33139');
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 3000, methodKind: 'card' }, 'visa');
    const service = paymentServiceFor(app.services);
    expect(await service.updateSetup({ payer: guestPayerOf(token), paymentId: s.paymentId, amountCents: 2500 })).toMatchObject({ amountCents: 2500 });
    expect(await service.cancelSetup({ payer: guestPayerOf(token), paymentId: s.paymentId })).toEqual({ paymentId: s.paymentId, status: 'cancelled' });
  });
});
