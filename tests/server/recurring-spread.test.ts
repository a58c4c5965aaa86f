// The due work 'payments.recurring' on the job queue (pg-boss): the tick spreads the charging to
// the instances (jobs.spread, queue 'app-spread') instead of charging in the tick. Two instances
// with their queues charge every due schedule exactly once (on PGlite and PostgreSQL); on
// PostgreSQL an instance in its own process is killed with SIGKILL in the middle of the charging,
// and the other finishes: after the lease of the claims it left, every occurrence has one payment,
// one provider charge and one ledger entry, none missed.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { repoRoot } from '../../server/app.ts';
import { isAdjustableClock } from '../../server/clock.ts';
import { SPREAD_QUEUE, type JobsQueueOptions } from '../../server/jobs/index.ts';
import { appDate } from '../../server/payments/billing.ts';
import { BACKENDS, DEMO, count, dataOf, signIn, testApp, useTestDatabase } from './helpers.ts';
import { api, associationId } from './billing-helpers.ts';
import { occurrenceTally, seedDueSchedules, SEEDED_MONTHLY_CENTS } from './recurring-helpers.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';

const QUEUE = { tickSeconds: 0.5, pollingIntervalSeconds: 0.5, superviseSeconds: 1 } satisfies JobsQueueOptions;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not done within ${timeoutMs} ms`);
    await sleep(250);
  }
}

describe.each(BACKENDS)('recurring payments spread over the instances on %s', (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.current.db;
  let setup: FastifyInstance;
  let userId: number;
  let visa: number;
  let maple: number;
  let nextAccount = 810000;

  beforeAll(async () => {
    // The seeding instance: no queue (the tests' instances run theirs).
    setup = await testApp(db(), { sandboxProvider: true });
    await endAssessmentSchedules(db());
    const session = await signIn(setup, DEMO.homeowner);
    userId = session.userId;
    maple = await associationId(db(), 'maplegrove');
    visa = (await dataOf(api(setup, session.token).typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
  }, 120_000);
  afterAll(async () => {
    await setup?.close();
  });

  /** Schedules due today by the app clock (shared by every instance on this database). */
  async function seed(n: number): Promise<string[]> {
    const clock = setup.services.clock;
    if (!isAdjustableClock(clock)) throw new Error('expected the adjustable clock');
    await clock.refresh();
    const firstAccount = nextAccount;
    nextAccount += n;
    return seedDueSchedules(db(), { n, firstAccount, associationId: maple, userId, methodId: visa, from: appDate(clock()), owedCents: 3 * SEEDED_MONTHLY_CENTS });
  }

  async function charged(ids: string[]): Promise<number> {
    const { rows } = await db().query<{ n: string }>(
      `SELECT count(*) AS n FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
        WHERE o.recurring_payment_id = ANY($1::text[]) AND o.applied_at IS NOT NULL AND p.status = 'succeeded'`,
      [ids],
    );
    return Number(rows[0].n);
  }

  async function expectEachOnce(ids: string[], charges: number): Promise<void> {
    const once = { occurrences: 1, payments: 1, charges: 1, entries: 1, processing: 0 };
    expect(await occurrenceTally(db(), ids)).toEqual(ids.map(() => once));
    expect(await count(db(), 'sandbox_charges')).toBe(charges + ids.length);
  }

  it('two instances on the queue charge every due schedule once, through spread jobs', { timeout: 180_000 }, async () => {
    const ids = await seed(kind === 'postgres' ? 400 : 60);
    const charges = await count(db(), 'sandbox_charges');
    let pool: Db | null = null;
    const instances: FastifyInstance[] = [];
    try {
      if (kind === 'postgres') pool = await openPostgres(database.current.url!, 6);
      for (const instanceDb of [db(), pool ?? db()]) {
        instances.push(await testApp(instanceDb, { demoData: false, sandboxProvider: true, dueWorkConcurrency: 4, jobs: { ...QUEUE, databaseUrl: database.current.url } }));
      }
      await waitFor(async () => (await charged(ids)) === ids.length, 150_000, 'charging');
    } finally {
      for (const instance of instances) await instance.close();
      await pool?.close();
    }
    await expectEachOnce(ids, charges);
    // Charged by spread jobs, not in the tick.
    expect(await count(db(), `pgboss.job WHERE name = '${SPREAD_QUEUE}'`)).toBeGreaterThan(0);
  });

  it('a run its caller waits for (the development clock route) charges what is due before it answers, even on the queue', { timeout: 120_000 }, async () => {
    // A slow tick, so that only the run asked for can have charged anything.
    const instance = await testApp(db(), { demoData: false, sandboxProvider: true, jobs: { ...QUEUE, tickSeconds: 600, databaseUrl: database.current.url } });
    try {
      const ids = await seed(5);
      const charges = await count(db(), 'sandbox_charges');
      await instance.services.jobs.runDueWork();
      expect(await charged(ids)).toBe(ids.length);
      await expectEachOnce(ids, charges);
    } finally {
      await instance.close();
    }
  });

  // PostgreSQL only: an instance in a process of its own needs a database other processes reach;
  // PGlite lives inside the process that opened it.
  it.skipIf(kind !== 'postgres')('an instance killed with SIGKILL while charging: the other finishes, each occurrence charged once', { timeout: 240_000 }, async () => {
    const url = database.current.url!;
    const ids = await seed(1500);
    const charges = await count(db(), 'sandbox_charges');
    let child: ChildProcess | null = null;
    let survivor: FastifyInstance | null = null;
    const survivorDb = await openPostgres(url, 6);
    try {
      child = spawn(process.execPath, [path.join(repoRoot, 'tests/fixtures/jobs/portal-instance.ts'), url, JSON.stringify(QUEUE), '4'], { stdio: ['ignore', 'pipe', 'inherit'] });
      const running = child;
      await new Promise<void>((resolve, reject) => {
        running.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ready')) resolve();
        });
        running.on('exit', (code) => reject(new Error(`the instance exited (${code}) before starting`)));
      });
      survivor = await testApp(survivorDb, { demoData: false, sandboxProvider: true, dueWorkConcurrency: 4, jobs: { ...QUEUE, databaseUrl: url } });
      // Both charge; the child dies with a share done and batches of its own claimed.
      await waitFor(async () => (await charged(ids)) >= 300, 120_000, 'the first charges');
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
      expect(await charged(ids)).toBeLessThan(ids.length);
      // The leases of the claims it left run out a minute on (the app clock, shared by the instances).
      const clock = survivor.services.clock;
      if (!isAdjustableClock(clock)) throw new Error('expected the adjustable clock');
      await clock.advance(61_000);
      await waitFor(async () => (await charged(ids)) === ids.length, 150_000, 'charging by the survivor');
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await survivor?.close();
      await survivorDb.close();
    }
    await expectEachOnce(ids, charges);
  });
});
