// Due work after an instance dies holding the tick: the surviving instances settle what is due
// within 60 s of the crash (the tick's heartbeat stops, a supervisor gives it up, the waiting tick
// runs), and every debit settles once. On PGlite and PostgreSQL a tick claimed and abandoned by a
// queue client that does nothing more stands for the dead instance; on PostgreSQL a child process
// is also killed with SIGKILL in the middle of settling, its transaction uncommitted.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PgBoss, fromPglite, type PGliteLike } from 'pg-boss';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { repoRoot } from '../../server/app.ts';
import { isAdjustableClock } from '../../server/clock.ts';
import { TICK_QUEUE, type JobsQueueOptions } from '../../server/jobs/index.ts';
import { TEST_BANK_ACCOUNTS } from '../../server/sandbox-provider/index.ts';
import { BACKENDS, call, count, testApp, useTestDatabase } from './helpers.ts';

const DAY = 86_400_000;
/** How soon after a crash the due work must run again. */
const BOUND_MS = 60_000;
// Ticks and polls well under a second and a supervisor every second; the heartbeat is pg-boss's
// smallest (10 s), so a crash costs a test about 12 s.
const QUEUE = { tickSeconds: 0.5, pollingIntervalSeconds: 0.5, superviseSeconds: 1 } satisfies JobsQueueOptions;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not done within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Six bank debits on the sandbox provider, due once the clock has moved a week. */
async function sixDebits(app: FastifyInstance): Promise<string> {
  const provider = app.services.paymentProvider!;
  const intent = await provider.createSetupIntent({ merchantAccount: 'acct_crash', kind: 'bank', customerRef: 'u' });
  const res = await call(app, 'POST', `/sandbox-provider/api/setup-intents/${intent.setupIntentId}/attach`, {
    body: { secret: intent.clientSecret, ...TEST_BANK_ACCOUNTS.settles, accountType: 'checking', holderName: 'A B' },
  });
  expect(res.status).toBe(200);
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const charge = await provider.charge({ merchantAccount: 'acct_crash', token: res.json.method.token, amountCents: 100 + i, idempotencyKey: `crash-${i}-${Date.now()}`, description: '' });
    ids.push(`'${charge.chargeId}'`);
  }
  const clock = app.services.clock;
  if (!isAdjustableClock(clock)) throw new Error('expected the adjustable clock');
  await clock.advance(7 * DAY); // no route: only a tick can settle them
  return ids.join(',');
}

async function expectSettledOnce(db: Db, ids: string, crashedAt: number): Promise<void> {
  await waitFor(async () => (await count(db, `sandbox_charges WHERE id IN (${ids}) AND status = 'pending'`)) === 0, BOUND_MS);
  expect(Date.now() - crashedAt).toBeLessThan(BOUND_MS);
  expect(await count(db, `sandbox_charges WHERE id IN (${ids}) AND status = 'succeeded'`)).toBe(6);
  const { rows } = await db.query<{ charge_id: string; n: string }>(`SELECT charge_id, count(*) AS n FROM sandbox_events WHERE charge_id IN (${ids}) GROUP BY charge_id`);
  expect(rows.map((r) => Number(r.n))).toEqual([1, 1, 1, 1, 1, 1]);
}

describe.each(BACKENDS)('due work after a crashed instance on %s', (kind) => {
  const database = useTestDatabase(kind);

  it('resumes on the surviving instance within 60 s when the running tick is abandoned', { timeout: 120_000 }, async () => {
    const db = database.current.db;
    const survivor = await testApp(db, { demoData: false, sandboxProvider: true, jobs: { ...QUEUE, databaseUrl: database.current.url } });
    const pglite = (db as Db & { pglite?: PGliteLike }).pglite;
    const dead = new PgBoss({
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
      ...(pglite ? { db: fromPglite(pglite), backend: 'pglite' as const } : { connectionString: database.current.url, max: 1 }),
    });
    try {
      await dead.start();
      // It takes a tick (the survivor's worker takes the others) and never finishes it.
      while ((await dead.fetch(TICK_QUEUE)).length === 0) await sleep(20);
      const crashedAt = Date.now();
      const ids = await sixDebits(survivor);
      await expectSettledOnce(db, ids, crashedAt);
    } finally {
      await survivor.close();
      await dead.stop({ graceful: false }).catch(() => undefined);
    }
  });

  // PostgreSQL only: an instance in a process of its own needs a database other processes reach;
  // PGlite lives inside the process that opened it.
  it.skipIf(kind !== 'postgres')('resumes within 60 s when an instance is killed in the middle of its due work', { timeout: 120_000 }, async () => {
    const db = database.current.db;
    const url = database.current.url!;
    const setup = await testApp(db, { demoData: false, sandboxProvider: true });
    let child: ChildProcess | null = null;
    let survivor: FastifyInstance | null = null;
    const survivorDb = await openPostgres(url, 4);
    try {
      const ids = await sixDebits(setup);
      child = spawn(process.execPath, [path.join(repoRoot, 'tests/fixtures/jobs/crashing-instance.ts'), url, JSON.stringify(QUEUE)], { stdio: ['ignore', 'pipe', 'inherit'] });
      const running = child;
      // The child holds the tick with the six debits settled in its open transaction.
      await new Promise<void>((resolve, reject) => {
        let out = '';
        running.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('working 6')) resolve();
        });
        running.on('exit', (code) => reject(new Error(`the instance exited (${code}) before working: ${out}`)));
      });
      survivor = await testApp(survivorDb, { demoData: false, sandboxProvider: true, jobs: { ...QUEUE, databaseUrl: url } });
      await sleep(1500);
      // While the instance lives its tick is running: the survivor waits, the debits are not settled twice.
      expect(await count(db, `sandbox_charges WHERE id IN (${ids}) AND status = 'pending'`)).toBe(6);
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      const crashedAt = Date.now();
      await exited;
      await expectSettledOnce(db, ids, crashedAt);
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await survivor?.close();
      await survivorDb.close();
      await setup.close();
    }
  });
});
