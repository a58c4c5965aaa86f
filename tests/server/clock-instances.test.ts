// The movable application clock seen by two app instances on one database: once a move has been
// answered on one instance, the very next request on the other already works with the moved time
// (a future payment dated the new today is refused by both, one dated the new tomorrow accepted
// by both), on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, call, createTestClock, dataOf, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, type Api } from './billing-helpers.ts';

const DAY = 24 * 3600 * 1000;

/** The New York date of `now` plus days, as YYYY-MM-DD. */
function dateAfter(now: Date, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

describe.each(BACKENDS)('the application clock across instances on %s', (kind) => {
  const database = useTestDatabase(kind);
  // Both instances on one base time (15:00 UTC, 10:00 in New York); only the shared offset moves.
  const base = createTestClock(new Date('2026-03-02T15:00:00Z'));
  let a: FastifyInstance;
  let b: FastifyInstance;
  let otherDb: Db | null = null;

  beforeAll(async () => {
    a = await testApp(database.current.db, { clock: base.now, sandboxProvider: true });
    if (kind === 'postgres') otherDb = await openPostgres(database.current.url!, 4);
    b = await testApp(otherDb ?? database.current.db, { clock: base.now, sandboxProvider: true, demoData: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await otherDb?.close();
  });

  it('answers with the moved time on every instance as soon as the move has answered', async () => {
    const { token } = await signIn(a, DEMO.homeowner);
    const onA: Api = api(a, token);
    const onB: Api = api(b, token);
    const visaId = (await dataOf(onA.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    const assessments = await subLedgerId(database.current.db, '100234');
    const setup = (client: Api, scheduledDate: string) => client.post('/FuturePayment/Setup', { subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId, scheduledDate });

    for (let step = 0; step < 3; step++) {
      const before = new Date((await call(a, 'GET', '/dev/clock')).json.now);
      const tomorrow = dateAfter(before, 1);
      // Both instances have handled requests at the old time (each has its own view of the offset).
      expectStatus(await setup(onB, tomorrow), 201);

      const moved = await call(a, 'POST', '/dev/clock/advance', { body: { days: 1 } });
      expectStatus(moved, 200);
      const now = new Date(moved.json.now);
      expect(dateAfter(now, 0)).toBe(tomorrow);

      // The very next request on B: yesterday's tomorrow is today now, which a future payment cannot be.
      expect((await setup(onB, tomorrow)).status).toBe(400);
      expect((await setup(onA, tomorrow)).status).toBe(400);
      expectStatus(await setup(onB, dateAfter(now, 1)), 201);
      expect(b.services.clock().getTime()).toBe(a.services.clock().getTime());
    }
  });
});
