// The scale bench's seed and exactly-once checks (tests/bench/scale/seed-schedules.ts, verify.ts):
// schedules seeded set-based are noticed and charged by the real due work like schedules set up
// through the API, the checks hold after it, and they name what is wrong when something is charged,
// paid or entered twice, or not done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestClock, createTestDatabase, testApp, type TestDatabase } from './helpers.ts';
import { seedDueSchedules } from '../bench/scale/seed-schedules.ts';
import { dueChecks, failedChecks, noticeChecks } from '../bench/scale/verify.ts';

const DAY = 24 * 3600 * 1000;

describe('the scale bench seed and checks', () => {
  // 10:00 in New York on 2026-03-02: the warm-up schedules are due today, the others in 10 days.
  const clock = createTestClock(new Date('2026-03-02T15:00:00Z'));
  let database: TestDatabase;
  let app: FastifyInstance;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDueSchedules(db(), { count: 3, dueDate: '2026-03-12', warm: 2, warmDate: '2026-03-02' }, clock.now());
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true, demoData: false });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('counts nothing done as missed before the due work runs', async () => {
    expect(failedChecks(await dueChecks(db(), 5))).toEqual(expect.arrayContaining([
      'occurrence rows: 0 (expected 5)',
      'schedules without an occurrence of their due date (missed): 5 (expected 0)',
      'provider charges (sandbox_charges): 0 (expected 5)',
      'payment ledger entries: 0 (expected 5)',
    ]));
    expect(failedChecks(await noticeChecks(db(), 5))).toContain('notice rows: 0 (expected 5)');
  });

  it('holds once the due work has noticed every schedule and charged each on its date', async () => {
    await app.services.jobs.runDueWork();
    expect(failedChecks(await noticeChecks(db(), 5))).toEqual([]);
    expect(Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM recurring_payment_occurrences`)).rows[0].n)).toBe(2);
    clock.advance(10 * DAY);
    await app.services.jobs.runDueWork();
    expect(failedChecks(await dueChecks(db(), 5))).toEqual([]);
  });

  it('names a second charge of a method and a second payment entry of a sub-ledger', async () => {
    await db().query(
      `INSERT INTO sandbox_charges (id, merchant_account, method_id, amount_cents, status, created_at)
       SELECT 'ch_twice', merchant_account, method_id, amount_cents, 'succeeded', now() FROM sandbox_charges ORDER BY id LIMIT 1`,
    );
    await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES (1, 'payment', -100, 'Paid twice')`);
    expect(failedChecks(await dueChecks(db(), 5))).toEqual([
      'provider charges (sandbox_charges): 6 (expected 5)',
      'saved methods charged more than once: 1 (expected 0)',
      'payment ledger entries: 6 (expected 5)',
      'sub-ledgers with more than one payment entry: 1 (expected 0)',
      'sub-ledgers whose balance is not zero after their full-balance payment: 1 (expected 0)',
    ]);
  });
});
