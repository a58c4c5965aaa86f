// The portal's day is New York's: a payment made at 9:35 pm Eastern is in the ledger on that day
// (not on the next, UTC's), and a refused scheduled date names its field and writes today as an
// owner reads it. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, dataOf, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, snapshot, type Api } from './billing-helpers.ts';

describe.each(BACKENDS)('the billing day on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 02:35 UTC on March 3 is 9:35 pm on March 2 in New York (EST).
  const clock = createTestClock(new Date('2026-03-03T02:35:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let visaId: number;
  let assessments: number;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    assessments = await subLedgerId(db(), '100234');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a payment at 9:35 pm Eastern is in the ledger on that day', async () => {
    const setup = await dataOf(home.typed.setupPayment({ subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId }), 201);
    expectStatus(await home.typed.confirmPayment(setup.paymentId), 200);
    const { rows } = await db().query<{ day: string }>(`SELECT to_char(effective_date, 'YYYY-MM-DD') AS day FROM ledger_entries WHERE payment_id = $1`, [setup.paymentId]);
    expect(rows).toEqual([{ day: '2026-03-02' }]);
  });

  it('a future payment dated today is refused by its field, with today written as an owner reads it, and nothing written', async () => {
    const before = await snapshot(db());
    const refused = await home.post('/FuturePayment/Setup', { subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId, scheduledDate: '2026-03-02' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      errorCode: 'VAL001',
      fields: { scheduledDate: 'The scheduled date must be after today (March 2, 2026, Eastern time).' },
    });
    expect(await snapshot(db())).toEqual(before);
    // The next day in New York is accepted although it is already "today" in UTC.
    expectStatus(await home.post('/FuturePayment/Setup', { subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId, scheduledDate: '2026-03-03' }), 201);
  });
});
