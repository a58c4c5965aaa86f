// A card or bank account entered for a signed-in one-time payment is kept as a saved method only
// when the owner asked ("Save for future payments": saveMethod) and the charge went through (card
// succeeded, bank accepted). Through HTTP with the sandbox provider, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, expectErrorShape, expectStatus, createTestClock, signIn, testApp, useTestDatabase } from './helpers.ts';
import { enterMethod, subLedgerId, type EntryDetails } from './payments-helpers.ts';
import { api, associationId, snapshot, type Api } from './billing-helpers.ts';

describe.each(BACKENDS)('billing: saving a method entered for a payment on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: Api;
  let assessments: number; // 100234 Assessments, $200.00 (Maple Grove: card 2.95 %)
  let cedar: number; // 200411 Assessments, $2,450.00 (Cedar Point: bank free)
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
    assessments = await subLedgerId(db(), '100234');
    cedar = await subLedgerId(db(), '200411');
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  const savedMethods = async () => {
    const res = await home.typed.listPaymentMethods();
    expectStatus(res, 200);
    return res.data.paymentMethods;
  };

  /** Setup with a new method, the hosted page's attach, then Confirm: the Confirm answer. */
  async function payWithNew(subLedger: number, amountCents: number, what: EntryDetails, saveMethod?: boolean) {
    const methodKind = what === 'bankSettles' || what === 'bankReturned' ? 'bank' : 'card';
    const setup = await home.typed.setupPayment({ subLedgerId: subLedger, amountCents, methodKind, ...(saveMethod === undefined ? {} : { saveMethod }) });
    expectStatus(setup, 201);
    const { paymentId, setupIntentId, clientSecret } = setup.data;
    await enterMethod(app, setupIntentId!, clientSecret!, what);
    const confirmed = await home.typed.confirmPayment(paymentId, { setupIntentId });
    return { setup: { paymentId, setupIntentId: setupIntentId! }, confirmed };
  }

  it('does not keep a method the owner did not ask to save, though the charge succeeded', async () => {
    const before = await savedMethods();
    for (const choice of [undefined, false]) {
      const { setup, confirmed } = await payWithNew(assessments, 1000, 'mastercard', choice);
      expectStatus(confirmed, 200);
      expect(confirmed.data).toMatchObject({ status: 'succeeded', method: { kind: 'card', last4: '4444' } });
      // Nor can it be saved afterwards through the method setup's Confirm.
      expectErrorShape(await home.typed.confirmPaymentMethodSetup(setup.setupIntentId), 404, 'PM001');
    }
    expect(await savedMethods()).toEqual(before);
  });

  it('does not keep a method whose charge was declined, though the owner asked to save it', async () => {
    const before = await savedMethods();
    const rows = await snapshot(db());
    const { setup, confirmed } = await payWithNew(assessments, 1000, 'declined', true);
    expectErrorShape(confirmed, 402, 'PAY002');
    expectErrorShape(await home.typed.confirmPaymentMethodSetup(setup.setupIntentId), 404, 'PM001');
    expect(await savedMethods()).toEqual(before);
    expect((await snapshot(db())).activeMethods).toBe(rows.activeMethods);
  });

  it('does not save the method before its payment is paid, even when asked', async () => {
    const setup = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 700, methodKind: 'card', saveMethod: true });
    expectStatus(setup, 201);
    const { paymentId, setupIntentId, clientSecret } = setup.data;
    await enterMethod(app, setupIntentId!, clientSecret!, 'visa');
    const before = await savedMethods();
    expectErrorShape(await home.typed.confirmPaymentMethodSetup(setupIntentId!), 404, 'PM001');
    expect(await savedMethods()).toEqual(before);
    expect((await home.typed.cancelPaymentSetup(paymentId)).status).toBe(204);
  });

  it('keeps a card the owner asked to save once its charge succeeded, and it pays again', async () => {
    const before = await savedMethods();
    const { setup, confirmed } = await payWithNew(assessments, 2000, 'mastercard', true);
    expectStatus(confirmed, 200);
    expect(confirmed.data).toMatchObject({ status: 'succeeded', method: { kind: 'card', brand: 'mastercard', last4: '4444' } });
    const after = await savedMethods();
    expect(after).toHaveLength(before.length + 1);
    const kept = after.find((m) => !before.some((b) => b.id === m.id))!;
    expect(kept).toMatchObject({ kind: 'card', last4: '4444', associationId: await associationId(db(), 'maplegrove') });
    // Confirming again (a retry) answers the same and keeps one method.
    expectStatus(await home.typed.confirmPayment(setup.paymentId, { setupIntentId: setup.setupIntentId }), 200);
    expect(await savedMethods()).toHaveLength(after.length);
    const again = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 300, paymentMethodId: kept.id });
    expectStatus(again, 201);
    expectStatus(await home.typed.confirmPayment(again.data.paymentId, {}), 200);
  });

  it('keeps a bank account the owner asked to save once the bank accepted the debit', async () => {
    const before = await savedMethods();
    const { confirmed } = await payWithNew(cedar, 1234, 'bankSettles', true);
    expectStatus(confirmed, 200);
    expect(confirmed.data).toMatchObject({ status: 'pending', method: { kind: 'bank', last4: '6789' } });
    const kept = (await savedMethods()).filter((m) => !before.some((b) => b.id === m.id));
    expect(kept).toEqual([expect.objectContaining({ kind: 'bank', last4: '6789', associationId: await associationId(db(), 'cedarpoint') })]);
  });

  it('refuses saveMethod with a saved method (400), writing nothing', async () => {
    const visa = (await savedMethods()).find((m) => m.last4 === '4242')!;
    const before = await snapshot(db());
    expectErrorShape(await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 500, paymentMethodId: visa.id, saveMethod: true }), 400, 'VAL001');
    // A body the contract does not allow: only the untyped call can send it.
    expectErrorShape(await home.post('/Payment/Setup', { subLedgerId: assessments, amountCents: 500, methodKind: 'card', saveMethod: 'yes' }), 400, 'VAL001');
    expect(await snapshot(db())).toEqual(before);
  });
});
