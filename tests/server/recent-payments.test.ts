// GET /Ledger/Payments: an account's recent payments come from its ledger, whatever the channel —
// history imported with the account, a guest payment, a signed-in payment — newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, clients, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, expectStatus, type ApiClients } from './helpers.ts';
import { confirm, guestSession, setupAndEnter, subLedgerId } from './payments-helpers.ts';
import { api, snapshot, type Api } from './billing-helpers.ts';

describe.each(BACKENDS)('recent payments from the ledger on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: ApiClients['payments'];
  let homeUntyped: Api;
  let paid: ApiClients['payments'];
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    const homeToken = (await signIn(app, DEMO.homeowner)).token;
    home = clients(app, homeToken).payments;
    homeUntyped = api(app, homeToken);
    paid = clients(app, (await signIn(app, DEMO.paid)).token).payments;
  });
  afterAll(async () => { await app?.close(); });

  it('shows a payment imported with the account (no portal payment behind it) as settled', async () => {
    const res = await paid.getRecentPayments({ accountNumber: '100235' });
    expectStatus(res, 200);
    // The demo's payment was posted 25 days before the clock's day (2026-03-02).
    expect(res.data).toEqual({
      payments: [{ entryId: expect.any(Number), subLedgerId: await subLedgerId(db(), '100235'), date: '2026-02-05', description: 'Payment, thank you', amountCents: 20000, status: 'settled' }],
    });
    // The same payment the account history shows.
    const ledger = await paid.getLedger({ accountNumber: '100235' });
    expectStatus(ledger, 200);
    expect(ledger.data.entries.filter((e) => e.kind === 'Payment').map((e) => e.id)).toEqual(res.data.payments.map((p) => p.entryId));
  });

  it('lists guest and signed-in payments on the account, newest first, with their confirmation numbers', async () => {
    const assessments = await subLedgerId(db(), '100234');
    const guest = await guestSession(app, '100234', '30301');
    const setup = await setupAndEnter(app, guest, { subLedgerId: assessments, amountCents: 700, methodKind: 'card' }, 'visa');
    const guestPaid = await confirm(app, guest, setup.paymentId, setup.setupIntentId);
    expectStatus(guestPaid, 200);

    const methods = await home.listPaymentMethods();
    expectStatus(methods, 200);
    const signedIn = await home.setupPayment({ subLedgerId: assessments, amountCents: 900, paymentMethodId: methods.data.paymentMethods[0].id });
    expectStatus(signedIn, 201);
    const signedInPaid = await home.confirmPayment(signedIn.data.paymentId, {});
    expectStatus(signedInPaid, 200);

    const res = await home.getRecentPayments({ accountNumber: '100234' });
    expectStatus(res, 200);
    const payments = res.data.payments;
    expect(payments.slice(0, 2)).toEqual([
      expect.objectContaining({ amountCents: 900, status: 'settled', paymentMethod: 'Credit Card', confirmationNumber: signedInPaid.data.confirmationNumber }),
      expect.objectContaining({ amountCents: 700, status: 'settled', paymentMethod: 'Credit Card', confirmationNumber: guestPaid.data.confirmationNumber }),
    ]);
    expect(payments.length).toBeLessThanOrEqual(5);
    const latest = await home.getRecentPayments({ accountNumber: '100234', limit: 1 });
    expectStatus(latest, 200);
    expect(latest.data.payments).toEqual([payments[0]]);
  });

  it('refuses another owner’s account, a missing account and a bad limit, changing nothing', async () => {
    const before = await snapshot(db());
    expectErrorShape(await home.getRecentPayments({ accountNumber: '100235' }), 404, 'GP002');
    expectErrorShape(await home.getRecentPayments({ accountNumber: '999999' }), 404, 'GP002');
    // Without the required accountNumber: a request only the untyped call can send.
    expect((await homeUntyped.get('/Ledger/Payments')).status).toBe(400);
    expect((await home.getRecentPayments({ accountNumber: '100234', limit: 0 })).status).toBe(400);
    expect((await home.getRecentPayments({ accountNumber: '100234', limit: 51 })).status).toBe(400);
    expect(await snapshot(db())).toEqual(before);
  });
});
