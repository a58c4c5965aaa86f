// Signed-in payments API: payment options and saved payment methods (per association), through
// HTTP with the sandbox provider, on PGlite and PostgreSQL. The demo Visa is a real sandbox token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, expectStatus, dataOf } from './helpers.ts';
import { enterMethod } from './payments-helpers.ts';
import { api, associationId, saveMethod, snapshot, type Api } from './billing-helpers.ts';

describe.each(BACKENDS)('billing: payment options and methods on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: Api;
  let paid: Api;
  /** autopay@example.com: one account, at Maple Grove (paid@example.com has one at Cedar Point too). */
  let autopay: Api;
  let maple: number;
  let cedar: number;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
    paid = api(app, (await signIn(app, DEMO.paid)).token);
    autopay = api(app, (await signIn(app, { email: 'autopay@example.com', password: 'Autopay#2026' })).token);
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  it('answers the payment options of the caller’s associations (no large amount fee); others are 404', async () => {
    const res = await home.typed.getPaymentOptions(maple);
    expectStatus(res, 200);
    expect(res.data).toEqual({
      associationId: maple,
      acceptsCard: true,
      acceptsBank: true,
      providerConnected: true,
      largeAmountThresholdCents: 200000,
      largeAmountFeeBasisPoints: 0,
      fees: [
        { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: false },
        { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true },
      ],
    });
    expect((await dataOf(home.typed.getPaymentOptions(cedar), 200)).fees).toEqual([{ methodKind: 'card', kind: 'percent', basisPoints: 350, exemptRecurring: false }]);
    // autopay@example.com has no account at Cedar Point; nobody has one at Demoville.
    expectErrorShape(await autopay.typed.getPaymentOptions(cedar), 404, 'GP001');
    expectErrorShape(await home.typed.getPaymentOptions(await associationId(db(), 'demoville')), 404, 'GP001');
    expectErrorShape(await home.typed.getPaymentOptions(99999), 404, 'GP001');
    expectErrorShape(await home.get('/Association/abc/PaymentOption'), 400, 'VAL001'); // not an integer: untyped
    expectErrorShape(await api(app, 'not-a-token').get(`/Association/${maple}/PaymentOption`), 401, 'AUTH002');
  });

  it('lists the demo Visa 4242 of the homeowner, saved through the sandbox provider', async () => {
    const res = await home.typed.listPaymentMethods();
    expectStatus(res, 200);
    // One at Maple Grove, one at Cedar Point (paying the demo recurring payment of account 200411).
    expect(res.data.paymentMethods).toEqual([
      { id: expect.any(Number), associationId: maple, kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number), scheduledPaymentCount: 0 },
      { id: expect.any(Number), associationId: cedar, kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number), scheduledPaymentCount: 1 },
    ]);
    // The token is the sandbox's own (a real tokenized method for Maple Grove's merchant account).
    const { rows } = await db().query<{ merchant_account: string; kind: string; last4: string }>(
      'SELECT sm.merchant_account, sm.kind, sm.last4 FROM payment_methods pm JOIN sandbox_methods sm ON sm.id = pm.provider_token WHERE pm.id = $1',
      [res.data.paymentMethods[0].id],
    );
    expect(rows).toEqual([{ merchant_account: 'acct_maplegrove', kind: 'card', last4: '4242' }]);
    expect((await dataOf(home.typed.listPaymentMethods({ associationId: maple }), 200)).paymentMethods).toHaveLength(1);
    expect((await dataOf(home.typed.listPaymentMethods({ associationId: cedar }), 200)).paymentMethods).toEqual([res.data.paymentMethods[1]]);
    expect((await paid.typed.listPaymentMethods()).data).toEqual({ paymentMethods: [] });
    expectErrorShape(await autopay.typed.listPaymentMethods({ associationId: cedar }), 404, 'GP001');
    const one = await home.typed.getPaymentMethod(res.data.paymentMethods[0].id);
    expectStatus(one, 200);
    expect(one.data).toEqual(res.data.paymentMethods[0]);
  });

  it('saves a bank account: setup intent, hosted entry, confirm (pending entry: PAY005; again: same method)', async () => {
    const setup = await home.typed.setupPaymentMethod({ associationId: maple, kind: 'bank' });
    expectStatus(setup, 200);
    expect(setup.data).toEqual({ setupIntentId: expect.stringMatching(/^seti_/), clientSecret: expect.any(String), hostedEntryUrl: expect.stringContaining('/sandbox-provider/entry/') });
    const before = await snapshot(db());
    expectErrorShape(await home.typed.confirmPaymentMethodSetup(setup.data.setupIntentId), 409, 'PAY005');
    expect(await snapshot(db())).toEqual(before);
    await enterMethod(app, setup.data.setupIntentId, setup.data.clientSecret, 'bankSettles');
    // Another user cannot take it.
    expectErrorShape(await paid.typed.confirmPaymentMethodSetup(setup.data.setupIntentId), 404, 'PM001');
    expect(await snapshot(db())).toEqual(before);
    const confirmed = await home.typed.confirmPaymentMethodSetup(setup.data.setupIntentId);
    expectStatus(confirmed, 200);
    expect(confirmed.data.paymentMethod).toEqual({
      id: expect.any(Number),
      associationId: maple,
      kind: 'bank',
      last4: '6789',
      bankAccountType: 'checking',
      bankName: 'Sandbox Test Bank',
      scheduledPaymentCount: 0,
    });
    expect((await home.typed.confirmPaymentMethodSetup(setup.data.setupIntentId)).data).toEqual(confirmed.data);
    expect((await dataOf(home.typed.listPaymentMethods({ associationId: maple }), 200)).paymentMethods).toHaveLength(2);
    // Only the token and display details are ours; the numbers stay at the provider.
    const { rows } = await db().query('SELECT * FROM payment_methods WHERE id = $1', [confirmed.data.paymentMethod.id]);
    expect(JSON.stringify(rows[0])).not.toContain('000123456789');
  });

  it('refuses a method setup for a foreign association or a method kind it does not accept', async () => {
    await db().query('UPDATE associations SET accepts_bank = false WHERE id = $1', [cedar]);
    const before = await snapshot(db());
    expectErrorShape(await autopay.typed.setupPaymentMethod({ associationId: cedar, kind: 'card' }), 404, 'GP001');
    expectErrorShape(await home.typed.setupPaymentMethod({ associationId: cedar, kind: 'bank' }), 409, 'GP003');
    await db().query('UPDATE associations SET accepts_bank = true WHERE id = $1', [cedar]);
    expectErrorShape(await home.post('/PaymentMethod/Setup', { associationId: maple, kind: 'cash' }), 400, 'VAL001'); // not a method kind: untyped
    expectErrorShape(await home.typed.confirmPaymentMethodSetup('seti_unknown'), 404, 'PM001');
    expect(await snapshot(db())).toEqual(before);
  });

  it('gets and deletes only the caller’s own methods', async () => {
    const method = await saveMethod(app, home, cedar, 'mastercard');
    expect(method).toMatchObject({ associationId: cedar, kind: 'card', brand: 'mastercard', last4: '4444' });
    const before = await snapshot(db());
    expectErrorShape(await paid.typed.getPaymentMethod(method.id), 404, 'PM001');
    expectErrorShape(await paid.typed.deletePaymentMethod(method.id), 404, 'PM001');
    expectErrorShape(await home.typed.getPaymentMethod(999999), 404, 'PM001');
    expect(await snapshot(db())).toEqual(before);
    const removed = await home.typed.deletePaymentMethod(method.id);
    expectStatus(removed, 200);
    expect(removed.data).toEqual({ deactivatedScheduledPayments: 0 });
    expectErrorShape(await home.typed.getPaymentMethod(method.id), 404, 'PM001');
    expectErrorShape(await home.typed.deletePaymentMethod(method.id), 404, 'PM001');
    // Only the demo Visa is left there.
    expect((await dataOf(home.typed.listPaymentMethods({ associationId: cedar }), 200)).paymentMethods.map((m) => m.last4)).toEqual(['4242']);
  });
});
