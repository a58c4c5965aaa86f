// GET /Ledger/Payments: an account's recent payments come from its ledger, whatever the channel —
// history imported with the account, a guest payment, a signed-in payment — newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, expectStatus } from './helpers.ts';
import { confirm, guestSession, setupAndEnter, subLedgerId } from './payments-helpers.ts';
import { api, expectOk, snapshot, type Api } from './billing-helpers.ts';

describe.each(BACKENDS)('recent payments from the ledger on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: Api;
  let paid: Api;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
    paid = api(app, (await signIn(app, DEMO.paid)).token);
  });
  afterAll(async () => { await app?.close(); });

  it('shows a payment imported with the account (no portal payment behind it) as settled', async () => {
    const res = await paid.get('/Ledger/Payments?accountNumber=100235');
    expectOk(res);
    // The demo's payment was posted 25 days before the clock's day (2026-03-02).
    expect(res.json).toEqual({
      payments: [{ entryId: expect.any(Number), subLedgerId: await subLedgerId(db(), '100235'), date: '2026-02-05', description: 'Payment, thank you', amountCents: 20000, status: 'settled' }],
    });
    // The same payment the account history shows.
    const ledger = (await paid.get('/Ledger?accountNumber=100235')).json.entries as { id: number; kind: string }[];
    expect(ledger.filter((e) => e.kind === 'Payment').map((e) => e.id)).toEqual(res.json.payments.map((p: { entryId: number }) => p.entryId));
  });

  it('lists guest and signed-in payments on the account, newest first, with their confirmation numbers', async () => {
    const assessments = await subLedgerId(db(), '100234');
    const guest = await guestSession(app, '100234', '30301');
    const setup = await setupAndEnter(app, guest, { subLedgerId: assessments, amountCents: 700, methodKind: 'card' }, 'visa');
    const guestPaid = await confirm(app, guest, setup.paymentId, setup.setupIntentId);
    expectStatus(guestPaid, 200);

    const visaId = (await home.get('/PaymentMethod')).json.paymentMethods[0].id;
    const signedIn = await home.post('/Payment/Setup', { subLedgerId: assessments, amountCents: 900, paymentMethodId: visaId });
    expectOk(signedIn, 201);
    const signedInPaid = await home.put(`/Payment/Setup/${signedIn.json.paymentId}/Confirm`, {});
    expectOk(signedInPaid);

    const res = await home.get('/Ledger/Payments?accountNumber=100234');
    expectOk(res);
    const payments = res.json.payments as Record<string, unknown>[];
    expect(payments.slice(0, 2)).toEqual([
      expect.objectContaining({ amountCents: 900, status: 'settled', paymentMethod: 'Credit Card', confirmationNumber: signedInPaid.json.confirmationNumber }),
      expect.objectContaining({ amountCents: 700, status: 'settled', paymentMethod: 'Credit Card', confirmationNumber: guestPaid.data.confirmationNumber }),
    ]);
    expect(payments.length).toBeLessThanOrEqual(5);
    expect((await home.get('/Ledger/Payments?accountNumber=100234&limit=1')).json.payments).toEqual([payments[0]]);
  });

  it('refuses another owner’s account, a missing account and a bad limit, changing nothing', async () => {
    const before = await snapshot(db());
    expectErrorShape(await home.get('/Ledger/Payments?accountNumber=100235'), 404, 'GP002');
    expectErrorShape(await home.get('/Ledger/Payments?accountNumber=999999'), 404, 'GP002');
    expect((await home.get('/Ledger/Payments')).status).toBe(400);
    expect((await home.get('/Ledger/Payments?accountNumber=100234&limit=0')).status).toBe(400);
    expect((await home.get('/Ledger/Payments?accountNumber=100234&limit=51')).status).toBe(400);
    expect(await snapshot(db())).toEqual(before);
  });
});
