// The adjustable app clock (shared through the database), the due-work runner, the development
// clock routes (absent in production) and the pg-boss queue with its background tick, on PGlite
// and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, call, count, createTestClock, expectErrorShape, testApp, useTestDatabase } from './helpers.ts';
import { createAdjustableClock, isAdjustableClock, CLOCK_OFFSET_SETTING } from '../../server/clock.ts';
import { registerDueWork, startJobs } from '../../server/jobs/index.ts';
import { TEST_BANK_ACCOUNTS } from '../../server/sandbox-provider/index.ts';
import type { PaymentProvider } from '../../server/payments/provider.ts';

const DAY = 86_400_000;
const START = new Date('2026-03-02T15:00:00Z');

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function bankToken(app: FastifyInstance, provider: PaymentProvider): Promise<string> {
  const intent = await provider.createSetupIntent({ merchantAccount: 'acct_jobs', kind: 'bank', customerRef: 'u' });
  const res = await call(app, 'POST', `/sandbox-provider/api/setup-intents/${intent.setupIntentId}/attach`, {
    body: { secret: intent.clientSecret, ...TEST_BANK_ACCOUNTS.settles, accountType: 'checking', holderName: 'A B' },
  });
  expect(res.status).toBe(200);
  return res.json.method.token;
}

describe.each(BACKENDS)('clock and jobs on %s', (kind) => {
  const database = useTestDatabase(kind);

  describe('adjustable clock and due work', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await testApp(database.current.db, { clock: createTestClock(START).now, demoData: false });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('is shared by every instance through the database', async () => {
      const db = database.current.db;
      const base = createTestClock(START).now;
      const a = await createAdjustableClock(db, base);
      const b = await createAdjustableClock(db, base);
      const before = a.offsetMs();
      expect(b()).toEqual(a());
      const moved = await a.advance(2 * DAY);
      expect(moved.getTime() - base().getTime()).toBe(before + 2 * DAY);
      // On PostgreSQL b has not read it again yet; on PGlite (one process) the clocks share it.
      expect(b().getTime()).toBe(base().getTime() + before + (kind === 'pglite' ? 2 * DAY : 0));
      await b.refresh();
      expect(b()).toEqual(a());
      const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [CLOCK_OFFSET_SETTING]);
      expect(Number(rows[0].value)).toBe(before + 2 * DAY);
      await expect(a.advance(-1)).rejects.toThrow(/only moves forward/);
      // The app's clock follows too (GET /dev/clock refreshes before answering).
      expect(isAdjustableClock(app.services.clock)).toBe(true);
      expect((await call(app, 'GET', '/dev/clock')).json).toEqual({ now: a().toISOString() });
    });

    it('runs registered due work with the clock now; a failing one does not stop the others', async () => {
      const seen: Date[] = [];
      const offGlobal = registerDueWork('test.global', async (now) => {
        seen.push(now);
        return 3;
      });
      const offLocal = app.services.jobs.register('test.failing', async () => {
        throw new Error('boom');
      });
      try {
        expect(() => registerDueWork('test.global', async () => 0)).toThrow(/already registered/);
        const report = await app.services.jobs.runDueWork();
        expect(report.ran['test.global']).toBe(3);
        expect(report.ran['sandbox-provider.settlement']).toBe(0);
        expect(report.failed).toEqual({ 'test.failing': 'boom' });
        expect(seen).toEqual([report.now]);
        expect(report.now).toEqual(app.services.clock());
        // POST /dev/clock/advance runs it before answering.
        const res = await call(app, 'POST', '/dev/clock/advance', { body: { hours: 1 } });
        expect(res.status).toBe(200);
        expect(seen).toHaveLength(2);
        expect(res.json).toEqual({ now: seen[1].toISOString() });
      } finally {
        offGlobal();
        offLocal();
      }
      expect(Object.keys((await app.services.jobs.runDueWork()).ran).sort()).toEqual(['assessments.post', 'embedding.expiry', 'mimic.expiry', 'myca.expiry', 'portal-token.expiry', 'sandbox-provider.settlement', 'sso.expiry']);
    });

    it('validates the advance request', async () => {
      for (const body of [{ days: -1 }, { weeks: 1 }, { days: '2' }, { hours: 1e9 }, [1]]) {
        expectErrorShape(await call(app, 'POST', '/dev/clock/advance', { body }), 400, 'VAL001');
      }
      expectErrorShape(await call(app, 'POST', '/dev/clock/advance', { body: 'days=1', headers: { 'content-type': 'text/plain' } }), 415);
    });
  });

  it('has no development clock (and no sandbox pages unless the sandbox is the provider) in production', async () => {
    const prod = await testApp(database.current.db, { nodeEnv: 'production', demoData: false });
    try {
      expect(isAdjustableClock(prod.services.clock)).toBe(false);
      expectErrorShape(await call(prod, 'GET', '/dev/clock'), 404);
      expectErrorShape(await call(prod, 'POST', '/dev/clock/advance', { body: { days: 5 } }), 404);
      expect((await call(prod, 'GET', '/sandbox-provider/entry.js')).status).toBe(404);
      expect(prod.services.paymentProvider).toBeNull();
    } finally {
      await prod.close();
    }
    const withSandbox = await testApp(database.current.db, { nodeEnv: 'production', demoData: false, sandboxProvider: true });
    try {
      expect(withSandbox.services.paymentProvider?.name).toBe('sandbox');
      expect((await call(withSandbox, 'GET', '/sandbox-provider/entry.js')).status).toBe(200);
      expectErrorShape(await call(withSandbox, 'POST', '/dev/clock/advance', { body: { days: 5 } }), 404);
    } finally {
      await withSandbox.close();
    }
  });

  it('runs the tick in the background with pg-boss and settles due bank debits on its own', async () => {
    const queue = { tickSeconds: 0.5, pollingIntervalSeconds: 0.5, databaseUrl: database.current.url };
    const apps: FastifyInstance[] = [];
    const extraDbs: Db[] = [];
    try {
      apps.push(await testApp(database.current.db, { demoData: false, sandboxProvider: true, jobs: queue }));
      if (kind === 'postgres') {
        // A second instance on its own connections: both tick, each debit settles once.
        const other = await openPostgres(database.current.url!, 4);
        extraDbs.push(other);
        apps.push(await testApp(other, { demoData: false, sandboxProvider: true, jobs: queue }));
      }
      const [app] = apps;
      expect(app.services.jobs.boss).not.toBeNull();
      const provider = app.services.paymentProvider!;
      const token = await bankToken(app, provider);
      const charges = [];
      for (let i = 0; i < 6; i++) charges.push(await provider.charge({ merchantAccount: 'acct_jobs', token, amountCents: 100 + i, idempotencyKey: `bg-${i}`, description: '' }));
      const ids = charges.map((c) => `'${c.chargeId}'`).join(',');
      const clock = app.services.clock;
      if (!isAdjustableClock(clock)) throw new Error('expected the adjustable clock');
      await clock.advance(7 * DAY); // no route: only the background tick can settle them
      await waitFor(async () => (await count(database.current.db, `sandbox_charges WHERE id IN (${ids}) AND status = 'pending'`)) === 0);
      expect(await count(database.current.db, `sandbox_events WHERE charge_id IN (${ids})`)).toBe(6);
      const { rows } = await database.current.db.query<{ n: string }>(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'pgboss'`);
      expect(Number(rows[0].n)).toBeGreaterThan(0);
    } finally {
      for (const app of apps) await app.close();
      for (const db of extraDbs) await db.close();
    }
  });

  it('startJobs without a queue has no timers and no pg-boss', async () => {
    const jobs = await startJobs({ db: database.current.db, clock: () => START, handlers: { one: async () => 1 } });
    expect(jobs.boss).toBeNull();
    await jobs.trigger();
    expect((await jobs.runDueWork()).ran.one).toBe(1);
    await jobs.stop();
    if (kind === 'postgres') await expect(startJobs({ db: database.current.db, clock: () => START, queue: true })).rejects.toThrow(/needs databaseUrl/);
  });
});
