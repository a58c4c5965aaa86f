// The change and cancel cutoff of scheduled payments (spec sections 4 and 9): until 8:00 pm New York
// time the day before the payment is due, in winter (EST, UTC-5) and in summer (EDT, UTC-4). The
// app clock is moved with POST /dev/clock/advance; after the cutoff a change or cancel answers 409
// PAY012 in the portal's error shape and writes nothing. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, expectStatus, dataOf } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, snapshot, type Api } from './billing-helpers.ts';
import { changeCutoff } from '../../server/payments/billing.ts';

const MINUTE = 60_000;

describe('the change cutoff: 8:00 pm America/New_York the day before', () => {
  it('is 01:00 UTC in winter and 00:00 UTC in summer, also across the daylight-saving changes', () => {
    expect(changeCutoff('2026-01-15').toISOString()).toBe('2026-01-15T01:00:00.000Z');
    expect(changeCutoff('2026-07-16').toISOString()).toBe('2026-07-16T00:00:00.000Z');
    // Daylight saving starts on 2026-03-08 at 2 am: that evening is already EDT.
    expect(changeCutoff('2026-03-08').toISOString()).toBe('2026-03-08T01:00:00.000Z');
    expect(changeCutoff('2026-03-09').toISOString()).toBe('2026-03-09T00:00:00.000Z');
    // It ends on 2026-11-01 at 2 am: that evening is EST again.
    expect(changeCutoff('2026-11-01').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(changeCutoff('2026-11-02').toISOString()).toBe('2026-11-02T01:00:00.000Z');
    // The first of a month: the day before is in the previous month (and year).
    expect(changeCutoff('2027-01-01').toISOString()).toBe('2027-01-01T01:00:00.000Z');
  });
});

describe.each(BACKENDS)('billing: the change cutoff of future payments on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 15:00 UTC = 10:00 EST on Monday 2026-01-12 in New York.
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let visaId: number;
  let assessments: number;
  let lateFees: number;
  const db = () => database.current.db;

  async function now(): Promise<number> {
    return Date.parse((await call(app, 'GET', '/dev/clock')).json.now);
  }
  /** Moves the app clock forward to an instant (and signs in again: sessions age with it). */
  async function moveTo(instant: string) {
    const ms = Date.parse(instant) - (await now());
    expect(ms).toBeGreaterThanOrEqual(0);
    expectStatus(await call(app, 'POST', '/dev/clock/advance', { body: { hours: ms / 3_600_000 } }), 200);
    expect(new Date(await now()).toISOString()).toBe(new Date(instant).toISOString());
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
  }
  async function schedule(subLedger: number, scheduledDate: string): Promise<string> {
    const setup = await home.typed.setupFuturePayment({ subLedgerId: subLedger, amountCents: 1000, paymentMethodId: visaId, scheduledDate });
    expectStatus(setup, 201);
    expectStatus(await home.typed.confirmFuturePayment(setup.data.futurePaymentId), 200);
    return setup.data.futurePaymentId;
  }
  async function listed(id: string): Promise<Record<string, unknown>> {
    const all = (await dataOf(home.typed.listFuturePayments(), 200)).futurePayments as { futurePaymentId: string }[];
    return all.find((f) => f.futurePaymentId === id) as Record<string, unknown>;
  }
  async function expectRefusedAfterCutoff(id: string) {
    const before = await snapshot(db());
    const changed = await home.typed.updateFuturePayment(id, { amountCents: 500 });
    expectErrorShape(changed, 409, 'PAY012');
    expect(changed.data.detail).toBe(
      'A scheduled payment can be changed or cancelled until 8:00pm Eastern Time the day before it is due. This payment can no longer be changed or cancelled.',
    );
    expectErrorShape(await home.typed.cancelFuturePayment(id), 409, 'PAY012');
    expect(await snapshot(db())).toEqual(before);
    expect(await listed(id)).toMatchObject({ status: 'scheduled', cancelled: false, amountCents: 1000, changeable: false });
  }

  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    home = api(app, (await signIn(app, DEMO.homeowner)).token);
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    assessments = await subLedgerId(db(), '100234');
    lateFees = await subLedgerId(db(), '100234', 'Late fees');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('winter (EST): a payment due on Jan 15 can be changed or cancelled until 8:00 pm on Jan 14, not after', async () => {
    const changed = await schedule(assessments, '2026-01-15');
    const cancelled = await schedule(lateFees, '2026-01-15');
    expect(await listed(changed)).toMatchObject({ changeableUntil: '2026-01-15T01:00:00.000Z', changeable: true });

    // 7:59 pm EST on Jan 14 = 00:59 UTC on Jan 15: still allowed.
    await moveTo('2026-01-15T00:59:00Z');
    const update = await home.typed.updateFuturePayment(changed, { amountCents: 1200 });
    expectStatus(update, 200);
    expect(update.data).toMatchObject({ amountCents: 1200, changeable: true, changeableUntil: '2026-01-15T01:00:00.000Z' });
    expectStatus(await home.typed.updateFuturePayment(changed, { amountCents: 1000 }), 200);
    expect((await home.typed.cancelFuturePayment(cancelled)).status).toBe(204);
    expect(await listed(cancelled)).toMatchObject({ status: 'cancelled', changeable: false });

    // 8:00 pm EST exactly, and a minute later: refused, nothing changed.
    await moveTo('2026-01-15T01:00:00Z');
    await expectRefusedAfterCutoff(changed);
    await moveTo(new Date(Date.parse('2026-01-15T01:00:00Z') + MINUTE).toISOString());
    await expectRefusedAfterCutoff(changed);
    // Removing the saved method would cancel it too: refused while it pays such a payment.
    const before = await snapshot(db());
    expectErrorShape(await home.typed.deletePaymentMethod(visaId), 409, 'PM004');
    expect(await snapshot(db())).toEqual(before);
    // Cancelling an already cancelled payment still answers 204 (nothing to change).
    expect((await home.typed.cancelFuturePayment(cancelled)).status).toBe(204);
  });

  it('summer (EDT): a payment due on Jul 16 can be changed or cancelled until 8:00 pm on Jul 15, not after', async () => {
    await moveTo('2026-07-13T14:00:00Z'); // 10:00 EDT
    const changed = await schedule(assessments, '2026-07-16');
    const cancelled = await schedule(lateFees, '2026-07-16');
    expect(await listed(changed)).toMatchObject({ changeableUntil: '2026-07-16T00:00:00.000Z', changeable: true });

    // 7:59 pm EDT on Jul 15 = 23:59 UTC: still allowed (in EST terms it would already be 8:59 pm).
    await moveTo('2026-07-15T23:59:00Z');
    expectStatus(await home.typed.updateFuturePayment(changed, { scheduledDate: '2026-07-16', amountCents: 1000 }), 200);
    expect((await home.typed.cancelFuturePayment(cancelled)).status).toBe(204);

    // 8:01 pm EDT: refused, nothing changed.
    await moveTo('2026-07-16T00:01:00Z');
    await expectRefusedAfterCutoff(changed);
  });
});
