// Every date the server writes for an owner (authorization texts, their e-mailed copies, receipts)
// is New York's day, written as the screens write it: 'November 29, 2026', never '2026-11-29'.
// The clock stands at 9:35 pm EST on November 27, 2026 (02:35 UTC on the 28th). On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, dataOf, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, type Api } from './billing-helpers.ts';
import { mailTo } from './recurring-helpers.ts';

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

describe.each(BACKENDS)('dates written for owners, on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(new Date('2026-11-28T02:35:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let visaId: number;
  let lateFees: number;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner, '198.51.100.60')).token);
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    lateFees = await subLedgerId(db(), '100234', 'Late fees');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a recurring payment\'s authorization and its e-mailed copy write its dates as November 29, 2026', async () => {
    const setup = await home.typed.setupRecurringPayment({ subLedgerId: lateFees, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-11-29', amount: { kind: 'fullBalance' } });
    expectStatus(setup, 201);
    expect(setup.data.authorizationText).toContain('starting November 29, 2026,');
    expect(setup.data.authorizationText).not.toMatch(ISO_DATE);
    expectStatus(await home.typed.confirmRecurringPayment(setup.data.recurringPayment.recurringPaymentId, { ip: '203.0.113.9' }), 200);
    const copy = (await mailTo(db(), DEMO.homeowner.email)).find((mail) => mail.subject === 'Your recurring payment for account 100234 is set up');
    expect(copy?.text).toContain('Next payment: November 29, 2026');
    expect(copy?.text).not.toMatch(ISO_DATE);
    // The consent page reads the kept authorization: agreed to on New York's November 27, not UTC's 28th.
    const { rows } = await db().query<{ created_at: Date }>('SELECT created_at FROM recurring_payment_authorizations WHERE recurring_payment_id = $1', [setup.data.recurringPayment.recurringPaymentId]);
    expect(new Date(rows[0].created_at).toISOString()).toBe('2026-11-28T02:35:00.000Z');
  });

  it('a receipt is dated with the day the payment was made in New York', async () => {
    const setup = await home.typed.setupPayment({ subLedgerId: lateFees, amountCents: 500, paymentMethodId: visaId });
    expectStatus(setup, 201);
    const confirmed = await home.typed.confirmPayment(setup.data.paymentId);
    expectStatus(confirmed, 200);
    const receipt = (await mailTo(db(), DEMO.homeowner.email)).find((mail) => mail.subject === `Payment confirmation ${confirmed.data.confirmationNumber}`);
    expect(receipt?.text).toContain('Date: November 27, 2026');
    expect(receipt?.text).not.toMatch(ISO_DATE);
  });
});
