// The due work 'payments.recurring' at scale (server/payments/recurring-due-work.ts and
// recurring-claim.ts: batch claims, several workers per instance), on PGlite and PostgreSQL, with
// schedules written straight into the database (300 on PostgreSQL, 60 on PGlite):
// - two app instances running it at once charge every due occurrence exactly once: one occurrence,
//   one payment, one provider charge and one ledger entry each;
// - a batch claimed by an instance that dies before charging is left alone by the other while its
//   lease runs (no second claim, nothing charged), then charged once after the lease, a payment the
//   provider had already charged replayed with its key (still one charge);
// - DUE_WORK_CONCURRENCY sets the workers per instance (1 on PGlite);
// - catching up several missed dates goes in date order per schedule (a schedule's next date is
//   not claimable while its previous one is open), and two declines in a row pause a schedule
//   before its third date is claimed (one mail each).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, count, createTestClock, dataOf, signIn, testApp, useTestDatabase } from './helpers.ts';
import { api, associationId, saveMethod } from './billing-helpers.ts';
import { mailTo, occurrenceTally, seedDueSchedules, SEEDED_MONTHLY_CENTS as MONTHLY_CENTS } from './recurring-helpers.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';
import { DEFAULT_CONCURRENCY, dueWorkConcurrency, RECURRING_DUE_WORK } from '../../server/payments/recurring-due-work.ts';
import { configFromEnv } from '../../server/config.ts';
import { claimDueOccurrences } from '../../server/payments/recurring-claim.ts';

describe('DUE_WORK_CONCURRENCY', () => {
  it('sets the workers per instance on PostgreSQL (4 by default), always 1 on PGlite, a whole number from 1 to 64', () => {
    expect(configFromEnv({ DUE_WORK_CONCURRENCY: '8' }).app.dueWorkConcurrency).toBe(8);
    expect(configFromEnv({}).app.dueWorkConcurrency).toBeUndefined();
    for (const bad of ['0', '65', '2.5', 'many']) expect(() => configFromEnv({ DUE_WORK_CONCURRENCY: bad })).toThrow(/DUE_WORK_CONCURRENCY/);
    const postgres = { kind: 'postgres' } as Db;
    const pglite = { kind: 'pglite' } as Db;
    expect(DEFAULT_CONCURRENCY).toBe(4);
    expect(dueWorkConcurrency(postgres, undefined)).toBe(4);
    expect(dueWorkConcurrency(postgres, 8)).toBe(8);
    expect(dueWorkConcurrency(pglite, 8)).toBe(1);
  });
});

describe.each(BACKENDS)('recurring payments in batches on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 10:00 EST on 2026-03-12.
  const clock = createTestClock(new Date('2026-03-12T15:00:00Z'));
  const size = kind === 'postgres' ? 300 : 60;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let pool: Db | null = null;
  let userId: number;
  let visa: number;
  let declining: number;
  let maple: number;
  let nextAccount = 800000;
  const db = () => database.current.db;

  /** `n` accounts of the demo homeowner at Maple Grove owing `owed`, each with an active monthly schedule (fixed amount) due from `from`. */
  async function seedSchedules(n: number, method: number, from: string, owed: number): Promise<string[]> {
    const firstAccount = nextAccount;
    nextAccount += n;
    return seedDueSchedules(db(), { n, firstAccount, associationId: maple, userId, methodId: method, from, owedCents: owed });
  }
  const tally = (ids: string[]) => occurrenceTally(db(), ids);

  async function runBoth(): Promise<number> {
    const reports = await Promise.all([first.services.jobs.runDueWork(), second.services.jobs.runDueWork()]);
    for (const report of reports) expect(report.failed).toEqual({});
    return reports.reduce((sum, r) => sum + (r.ran[RECURRING_DUE_WORK] ?? 0), 0);
  }

  beforeAll(async () => {
    first = await testApp(db(), { clock: clock.now, sandboxProvider: true, dueWorkConcurrency: 4 });
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 6);
    second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true, dueWorkConcurrency: 4 });
    await endAssessmentSchedules(db());
    const session = await signIn(first, DEMO.homeowner);
    userId = session.userId;
    const home = api(first, session.token);
    maple = await associationId(db(), 'maplegrove');
    visa = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    declining = (await saveMethod(first, home, maple, 'declined')).id;
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await pool?.close();
  });
  beforeEach(async () => {
    clock.set(new Date('2026-03-12T15:00:00Z'));
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
  });

  it('two instances at once charge every due schedule exactly once', { timeout: 240_000 }, async () => {
    const ids = await seedSchedules(size, visa, '2026-03-12', 5 * MONTHLY_CENTS);
    const charges = await count(db(), 'sandbox_charges');
    expect(await runBoth()).toBe(size);
    const once = { occurrences: 1, payments: 1, charges: 1, entries: 1, processing: 0 };
    expect(await tally(ids)).toEqual(ids.map(() => once));
    expect(await count(db(), 'sandbox_charges')).toBe(charges + size);
    const next = await db().query<{ d: string; n: string }>(
      `SELECT to_char(next_payment_date, 'YYYY-MM-DD') AS d, count(*) AS n FROM recurring_payments WHERE id = ANY($1::text[]) GROUP BY 1`,
      [ids],
    );
    expect(next.rows.map((r) => ({ d: r.d, n: Number(r.n) }))).toEqual([{ d: '2026-04-12', n: size }]);
    // Run again (both at once): nothing more is due.
    expect(await runBoth()).toBe(0);
    expect(await count(db(), 'sandbox_charges')).toBe(charges + size);
  });

  it('a batch claimed by an instance that died is charged once by the other after its lease', { timeout: 240_000 }, async () => {
    const ids = await seedSchedules(size, visa, '2026-03-12', 5 * MONTHLY_CENTS);
    const charges = await count(db(), 'sandbox_charges');
    // The dead instance claimed a batch and charged none of it: its last payment only reached the provider.
    const claimed = await claimDueOccurrences(db(), clock.now(), 40, clock.now());
    expect(claimed).toHaveLength(40);
    const lastCharged = claimed.at(-1)!;
    if (lastCharged.kind !== 'charge') throw new Error('expected a payment to charge');
    const p = (
      await db().query<{ merchant_account: string; method_token: string; total_cents: string; account_number: string; association_name: string }>(
        `SELECT p.merchant_account, p.method_token, p.total_cents, ac.account_number, a.name AS association_name
           FROM payments p JOIN accounts ac ON ac.id = p.account_id JOIN associations a ON a.id = p.association_id WHERE p.id = $1`,
        [lastCharged.paymentId],
      )
    ).rows[0];
    await first.services.paymentProvider!.charge({
      merchantAccount: p.merchant_account,
      token: p.method_token,
      amountCents: Number(p.total_cents),
      idempotencyKey: lastCharged.paymentId,
      description: `${p.association_name} account ${p.account_number} payment ${lastCharged.paymentId}`,
    });
    // The others go on with the rest; the claimed schedules wait for the lease (nothing claimed again, nothing charged).
    expect(await runBoth()).toBe(size - 40);
    const claimedIds = new Set(claimed.map((c) => c.recurringId));
    const waiting = ids.filter((id) => claimedIds.has(id));
    expect(waiting).toHaveLength(40);
    const before = await tally(waiting);
    expect(before.map((t) => ({ occurrences: t.occurrences, payments: t.payments, processing: t.processing, entries: t.entries }))).toEqual(
      waiting.map(() => ({ occurrences: 1, payments: 1, processing: 1, entries: 0 })),
    );
    expect(await count(db(), 'sandbox_charges')).toBe(charges + size - 40 + 1);
    // 61 seconds on: the lease has run out, the next run charges them (the one already charged is replayed) and counts them.
    clock.advance(61_000);
    expect(await runBoth()).toBe(40);
    const once = { occurrences: 1, payments: 1, charges: 1, entries: 1, processing: 0 };
    expect(await tally(ids)).toEqual(ids.map(() => once));
    expect(await count(db(), 'sandbox_charges')).toBe(charges + size);
  });

  it('catches up several missed dates in date order, and two declines in a row pause before the third', { timeout: 240_000 }, async () => {
    const half = size / 2;
    // Four dates missed: 12 December, January, February and March.
    const paying = await seedSchedules(half, visa, '2025-12-12', 5 * MONTHLY_CENTS);
    const failing = await seedSchedules(half, declining, '2025-12-12', 5 * MONTHLY_CENTS);
    const mails = (await mailTo(db(), DEMO.homeowner.email)).filter((m) => m.subject.endsWith('is paused')).length;
    // A claim takes each schedule's first date; while those are open, no second date is claimable.
    const firstDates = await claimDueOccurrences(db(), clock.now(), size, clock.now());
    expect(new Set(firstDates.map((c) => `${c.recurringId}:${c.occurrenceDate}`)).size).toBe(size);
    expect(new Set(firstDates.map((c) => c.occurrenceDate))).toEqual(new Set(['2025-12-12']));
    expect(await claimDueOccurrences(db(), clock.now(), size, clock.now())).toEqual([]);
    // Left uncharged (as by a crash): charged after the lease, then the later dates follow.
    clock.advance(61_000);
    expect(await runBoth()).toBe(4 * half + 2 * half);
    // Paying: four payments each, their ledger entries written in date order.
    const { rows } = await db().query<{ id: string; dates: string[]; entry_dates: string[] }>(
      `SELECT o.recurring_payment_id AS id, array_agg(to_char(o.occurrence_date, 'YYYY-MM-DD') ORDER BY o.occurrence_date) AS dates,
              array_agg(to_char(p.scheduled_date, 'YYYY-MM-DD') ORDER BY e.id) AS entry_dates
         FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id JOIN ledger_entries e ON e.payment_id = p.id
        WHERE o.recurring_payment_id = ANY($1::text[]) AND p.status = 'succeeded' GROUP BY o.recurring_payment_id`,
      [paying],
    );
    const fourDates = ['2025-12-12', '2026-01-12', '2026-02-12', '2026-03-12'];
    expect(rows).toHaveLength(half);
    for (const row of rows) expect({ dates: row.dates, entryDates: row.entry_dates }).toEqual({ dates: fourDates, entryDates: fourDates });
    // Failing: two declined occurrences each, then paused with the third date next (never claimed).
    const failed = await db().query<{ status: string; failures: number; next: string; outcomes: string[] }>(
      `SELECT r.status, r.consecutive_failures AS failures, to_char(r.next_payment_date, 'YYYY-MM-DD') AS next,
              array_agg(o.outcome || ':' || to_char(o.occurrence_date, 'YYYY-MM-DD') ORDER BY o.occurrence_date) AS outcomes
         FROM recurring_payments r JOIN recurring_payment_occurrences o ON o.recurring_payment_id = r.id WHERE r.id = ANY($1::text[]) GROUP BY r.id`,
      [failing],
    );
    expect(failed.rows).toHaveLength(half);
    for (const row of failed.rows) {
      expect({ ...row, failures: Number(row.failures) }).toEqual({ status: 'paused', failures: 2, next: '2026-02-12', outcomes: ['failed:2025-12-12', 'failed:2026-01-12'] });
    }
    expect((await mailTo(db(), DEMO.homeowner.email)).filter((m) => m.subject.endsWith('is paused')).length).toBe(mails + half);
    expect(await runBoth()).toBe(0);
  });
});
