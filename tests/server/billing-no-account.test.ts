// Signed-in payments API for a member of an association who owns no account there (the demo board
// member and chair of Maple Grove): every billing read answers a well-defined empty result for
// the association they belong to, saving a method is refused with a clear message and writes
// nothing, and associations they do not belong to stay 404. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, clients, createTestClock, expectErrorShape, expectStatus, signIn, testApp, useTestDatabase, type ApiClients } from './helpers.ts';
import { associationId, snapshot } from './billing-helpers.ts';

describe.each(BACKENDS)('billing: a member without an account on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let board: ApiClients['payments'];
  let chair: ApiClients['payments'];
  let maple: number;
  let cedar: number;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    board = clients(app, (await signIn(app, DEMO.board)).token).payments;
    chair = clients(app, (await signIn(app, DEMO.chair)).token).payments;
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  it('lists no accounts, methods, payments or future payments (not a 404 for their own association)', async () => {
    for (const member of [board, chair]) {
      expect((await member.getAccounts()).data).toEqual({ accounts: [] });
      const methods = await member.listPaymentMethods({ associationId: maple });
      expectStatus(methods, 200);
      expect(methods.data).toEqual({ paymentMethods: [] });
      expect((await member.listPaymentMethods()).data).toEqual({ paymentMethods: [] });
      expect((await member.listPayments()).data).toEqual({ payments: [] });
      expect((await member.listFuturePayments({ processed: false, cancelled: false })).data).toEqual({ futurePayments: [] });
    }
  });

  it('answers the payment options of their association', async () => {
    const res = await board.getPaymentOptions(maple);
    expectStatus(res, 200);
    expect(res.data).toMatchObject({ associationId: maple, acceptsCard: true, acceptsBank: true, providerConnected: true });
  });

  it('refuses to save a method where they have no account (409 PM003), writing nothing', async () => {
    const before = await snapshot(db());
    const res = await board.setupPaymentMethod({ associationId: maple, kind: 'card' });
    expectErrorShape(res, 409, 'PM003');
    expect(res.data.detail).toBe('You have no account at this association, so there is no payment method to save for it.');
    expect(await snapshot(db())).toEqual(before);
  });

  it('still answers 404 GP001 for an association they do not belong to', async () => {
    const before = await snapshot(db());
    expectErrorShape(await board.listPaymentMethods({ associationId: cedar }), 404, 'GP001');
    expectErrorShape(await board.getPaymentOptions(cedar), 404, 'GP001');
    expectErrorShape(await board.setupPaymentMethod({ associationId: cedar, kind: 'card' }), 404, 'GP001');
    expectErrorShape(await board.listFuturePayments({ accountNumber: '100234' }), 404, 'GP002');
    expect(await snapshot(db())).toEqual(before);
  });
});
