// A form filled in for one account never submits for another: a payment, future payment or
// recurring payment set up with `accountNumber` is refused (404 GP002, nothing stored) when the
// sub-ledger is not of that account, even though both are the caller's. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, dataOf, expectErrorShape, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, type Api } from './billing-helpers.ts';
import { recurringSnapshot } from './recurring-helpers.ts';

describe.each(BACKENDS)('the account a billing form was filled in for, on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 15:00 UTC = 10:00 EST on Monday 2026-01-12.
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let visaId: number;
  let mapleAssessments: number; // account 100234 at Maple Grove
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner, '198.51.100.40')).token);
    const methods = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods;
    visaId = methods[0].id;
    mapleAssessments = await subLedgerId(db(), '100234');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a recurring payment whose sub-ledger is of another of the caller\'s accounts, and sets it up for its own', async () => {
    const before = await recurringSnapshot(db());
    const body = { subLedgerId: mapleAssessments, paymentMethodId: visaId, frequency: 'monthly' as const, startDate: '2026-01-31', amount: { kind: 'fullBalance' as const } };
    const refused = await home.typed.setupRecurringPayment({ ...body, accountNumber: '200411' });
    expectErrorShape(refused, 404, 'GP002');
    expect(await recurringSnapshot(db())).toEqual(before);
    const accepted = await home.typed.setupRecurringPayment({ ...body, accountNumber: '100234' });
    expectStatus(accepted, 201);
    expect(accepted.data.recurringPayment.accountNumber).toBe('100234');
    expectStatus(await home.typed.cancelRecurringPayment(accepted.data.recurringPayment.recurringPaymentId), 204);
  });

  it('refuses a payment today or on a later date for another account\'s sub-ledger', async () => {
    const before = await recurringSnapshot(db());
    const today = await home.typed.setupPayment({ accountNumber: '200411', subLedgerId: mapleAssessments, amountCents: 1000, paymentMethodId: visaId });
    expectErrorShape(today, 404, 'GP002');
    const later = await home.typed.setupFuturePayment({ accountNumber: '200411', subLedgerId: mapleAssessments, amountCents: 1000, paymentMethodId: visaId, scheduledDate: '2026-01-20' });
    expectErrorShape(later, 404, 'GP002');
    expect(await recurringSnapshot(db())).toEqual(before);
  });
});
