// Signed-in payments API: payment options and saved payment methods (per association), through
// HTTP with the sandbox provider, on PGlite and PostgreSQL. The demo Visa is a real sandbox token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { enterMethod } from './payments-helpers.ts';
import { api, associationId, expectOk, saveMethod, snapshot, type Api } from './billing-helpers.ts';

describe.each(BACKENDS)('billing: payment options and methods on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: Api;
  let paid: Api;
  let maple: number;
  let cedar: number;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
    paid = api(app, (await signIn(app, DEMO.paid)).token);
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  it('answers the payment options of the caller’s associations (no large amount fee); others are 404', async () => {
    const res = await home.get(`/Association/${maple}/PaymentOption`);
    expectOk(res);
    expect(res.json).toEqual({
      associationId: maple,
      acceptsCard: true,
      acceptsBank: true,
      providerConnected: true,
      largeAmountThresholdCents: 200000,
      largeAmountFeeBasisPoints: 0,
      fees: [
        { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: false },
        { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: false },
      ],
    });
    expect((await home.get(`/Association/${cedar}/PaymentOption`)).json.fees).toEqual([{ methodKind: 'card', kind: 'percent', basisPoints: 350, exemptRecurring: false }]);
    // paid@example.com has no account at Cedar Point; nobody has one at Demoville.
    expectErrorShape(await paid.get(`/Association/${cedar}/PaymentOption`), 404, 'GP001');
    expectErrorShape(await home.get(`/Association/${await associationId(db(), 'demoville')}/PaymentOption`), 404, 'GP001');
    expectErrorShape(await home.get('/Association/99999/PaymentOption'), 404, 'GP001');
    expectErrorShape(await home.get('/Association/abc/PaymentOption'), 400, 'VAL001');
    expectErrorShape(await api(app, 'not-a-token').get(`/Association/${maple}/PaymentOption`), 401, 'AUTH002');
  });

  it('lists the demo Visa 4242 of the homeowner, saved through the sandbox provider', async () => {
    const res = await home.get('/PaymentMethod');
    expectOk(res);
    expect(res.json.paymentMethods).toEqual([
      { id: expect.any(Number), associationId: maple, kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number), scheduledPaymentCount: 0 },
    ]);
    // The token is the sandbox's own (a real tokenized method for Maple Grove's merchant account).
    const { rows } = await db().query<{ merchant_account: string; kind: string; last4: string }>(
      'SELECT sm.merchant_account, sm.kind, sm.last4 FROM payment_methods pm JOIN sandbox_methods sm ON sm.id = pm.provider_token WHERE pm.id = $1',
      [res.json.paymentMethods[0].id],
    );
    expect(rows).toEqual([{ merchant_account: 'acct_maplegrove', kind: 'card', last4: '4242' }]);
    expect((await home.get(`/PaymentMethod?associationId=${maple}`)).json.paymentMethods).toHaveLength(1);
    expect((await home.get(`/PaymentMethod?associationId=${cedar}`)).json.paymentMethods).toEqual([]);
    expect((await paid.get('/PaymentMethod')).json).toEqual({ paymentMethods: [] });
    expectErrorShape(await paid.get(`/PaymentMethod?associationId=${cedar}`), 404, 'GP001');
    const one = await home.get(`/PaymentMethod/${res.json.paymentMethods[0].id}`);
    expectOk(one);
    expect(one.json).toEqual(res.json.paymentMethods[0]);
  });

  it('saves a bank account: setup intent, hosted entry, confirm (pending entry: PAY005; again: same method)', async () => {
    const setup = await home.post('/PaymentMethod/Setup', { associationId: maple, kind: 'bank' });
    expectOk(setup);
    expect(setup.json).toEqual({ setupIntentId: expect.stringMatching(/^seti_/), clientSecret: expect.any(String), hostedEntryUrl: expect.stringContaining('/sandbox-provider/entry/') });
    const before = await snapshot(db());
    expectErrorShape(await home.post(`/PaymentMethod/Setup/${setup.json.setupIntentId}/Confirm`), 409, 'PAY005');
    expect(await snapshot(db())).toEqual(before);
    await enterMethod(app, setup.json.setupIntentId, setup.json.clientSecret, 'bankSettles');
    // Another user cannot take it.
    expectErrorShape(await paid.post(`/PaymentMethod/Setup/${setup.json.setupIntentId}/Confirm`), 404, 'PM001');
    expect(await snapshot(db())).toEqual(before);
    const confirmed = await home.post(`/PaymentMethod/Setup/${setup.json.setupIntentId}/Confirm`);
    expectOk(confirmed);
    expect(confirmed.json.paymentMethod).toEqual({
      id: expect.any(Number),
      associationId: maple,
      kind: 'bank',
      last4: '6789',
      bankAccountType: 'checking',
      bankName: 'Sandbox Test Bank',
      scheduledPaymentCount: 0,
    });
    expect((await home.post(`/PaymentMethod/Setup/${setup.json.setupIntentId}/Confirm`)).json).toEqual(confirmed.json);
    expect((await home.get(`/PaymentMethod?associationId=${maple}`)).json.paymentMethods).toHaveLength(2);
    // Only the token and display details are ours; the numbers stay at the provider.
    const { rows } = await db().query('SELECT * FROM payment_methods WHERE id = $1', [confirmed.json.paymentMethod.id]);
    expect(JSON.stringify(rows[0])).not.toContain('000123456789');
  });

  it('refuses a method setup for a foreign association or a method kind it does not accept', async () => {
    await db().query('UPDATE associations SET accepts_bank = false WHERE id = $1', [cedar]);
    const before = await snapshot(db());
    expectErrorShape(await paid.post('/PaymentMethod/Setup', { associationId: cedar, kind: 'card' }), 404, 'GP001');
    expectErrorShape(await home.post('/PaymentMethod/Setup', { associationId: cedar, kind: 'bank' }), 409, 'GP003');
    await db().query('UPDATE associations SET accepts_bank = true WHERE id = $1', [cedar]);
    expectErrorShape(await home.post('/PaymentMethod/Setup', { associationId: maple, kind: 'cash' }), 400, 'VAL001');
    expectErrorShape(await home.post('/PaymentMethod/Setup/seti_unknown/Confirm'), 404, 'PM001');
    expect(await snapshot(db())).toEqual(before);
  });

  it('gets and deletes only the caller’s own methods', async () => {
    const method = await saveMethod(app, home, cedar, 'mastercard');
    expect(method).toMatchObject({ associationId: cedar, kind: 'card', brand: 'mastercard', last4: '4444' });
    const before = await snapshot(db());
    expectErrorShape(await paid.get(`/PaymentMethod/${method.id}`), 404, 'PM001');
    expectErrorShape(await paid.del(`/PaymentMethod/${method.id}`), 404, 'PM001');
    expectErrorShape(await home.get('/PaymentMethod/999999'), 404, 'PM001');
    expect(await snapshot(db())).toEqual(before);
    const removed = await home.del(`/PaymentMethod/${method.id}`);
    expectOk(removed);
    expect(removed.json).toEqual({ deactivatedScheduledPayments: 0 });
    expectErrorShape(await home.get(`/PaymentMethod/${method.id}`), 404, 'PM001');
    expectErrorShape(await home.del(`/PaymentMethod/${method.id}`), 404, 'PM001');
    expect((await home.get(`/PaymentMethod?associationId=${cedar}`)).json.paymentMethods).toEqual([]);
  });
});
