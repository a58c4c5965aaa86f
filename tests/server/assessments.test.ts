// Assessment schedules (server/assessments/): the demo's upcoming 'Monthly assessment' comes from
// its schedule and reaches the ledger when the application clock passes its date, once per month
// (a jump of three months posts three charges, each dated its own day; the 29th-31st fall on a
// shorter month's last day); the balance grows and the full-balance auto-draft of 100238 drafts
// what was posted. Two instances on one database racing through the due work post every charge
// once. The app clock starts at 2026-03-02 10:00 in New York; the demo's schedules charge on the
// 12th from 2026-03-12.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { ASSESSMENTS_DUE_WORK } from '../../server/assessments/posting.ts';
import { createAssessmentSchedule } from '../../server/assessments/store.ts';
import { chargeDatesBetween, firstChargeDate } from '../../server/assessments/schedule.ts';
import { BACKENDS, DEMO, call, createTestClock, dataOf, signIn, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, type Api } from './billing-helpers.ts';

const AUTOPAY = { email: 'autopay@example.com', password: 'Autopay#2026' };

describe('assessment schedule dates', () => {
  it('charges on the day of the month, or on a shorter month’s last day', () => {
    const on31 = { dayOfMonth: 31, startDate: '2027-12-31', endDate: null };
    expect(chargeDatesBetween(on31, firstChargeDate(on31), '2027-12-01', '2028-05-31')).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
    const on30 = { dayOfMonth: 30, startDate: '2026-01-30', endDate: null };
    expect(chargeDatesBetween(on30, firstChargeDate(on30), '2026-01-01', '2026-03-31')).toEqual(['2026-01-30', '2026-02-28', '2026-03-30']);
  });

  it('starts on the first charge day on or after its start date, and stops after its end date', () => {
    expect(firstChargeDate({ dayOfMonth: 5, startDate: '2026-03-12', endDate: null })).toBe('2026-04-05');
    expect(firstChargeDate({ dayOfMonth: 12, startDate: '2026-03-12', endDate: null })).toBe('2026-03-12');
    expect(firstChargeDate({ dayOfMonth: 5, startDate: '2026-03-12', endDate: '2026-03-31' })).toBeNull();
    const once = { dayOfMonth: 22, startDate: '2026-03-22', endDate: '2026-03-22' };
    expect(chargeDatesBetween(once, firstChargeDate(once), '2026-01-01', '2027-01-01')).toEqual(['2026-03-22']);
  });
});

describe.each(BACKENDS)('assessment schedules on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let first: FastifyInstance;
  let second: FastifyInstance;
  let pool: Db | null = null;
  let paid: Api;
  let autopay: Api;
  let paidLedger: number; // 100235 Assessments: nothing owed at load
  let lockerSchedule: number; // 100234 Late fees, on the 31st
  const db = () => database.current.db;

  beforeAll(async () => {
    first = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 4);
    second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true });
    paid = api(first, (await signIn(first, DEMO.paid)).token);
    autopay = api(first, (await signIn(first, AUTOPAY)).token);
    paidLedger = await subLedgerId(db(), '100235');
    lockerSchedule = await createAssessmentSchedule(
      db(),
      { subLedgerId: await subLedgerId(db(), '100234', 'Late fees'), description: 'Storage locker', amountCents: 1500, dayOfMonth: 31, startDate: '2026-03-31' },
      clock.now(),
    );
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await pool?.close();
  });

  /** Runs the due work on both instances at once, twice each; answers how many charges they posted. */
  async function race(): Promise<number> {
    const reports = await Promise.all([first.services.jobs.runDueWork(), second.services.jobs.runDueWork(), first.services.jobs.runDueWork(), second.services.jobs.runDueWork()]);
    for (const report of reports) expect(report.failed).toEqual({});
    return reports.reduce((sum, r) => sum + (r.ran[ASSESSMENTS_DUE_WORK] ?? 0), 0);
  }

  /** Moves the app clock on as a developer does (the route runs the due work before answering); answers what a race of both instances posted afterwards. */
  async function advance(days: number): Promise<number> {
    const moved = await call(first, 'POST', '/dev/clock/advance', { body: { days } });
    expect(moved.status).toBe(200);
    return race();
  }

  async function assessmentEntries(accountNumber: string, who: Api) {
    const { entries } = await dataOf(who.typed.getLedger({ accountNumber }), 200);
    return entries.filter((e) => e.description === 'Monthly assessment');
  }

  async function accountBalance(accountNumber: string, who: Api): Promise<number> {
    const { accounts } = await dataOf(who.typed.getAccounts(), 200);
    return accounts.find((a) => a.accountNumber === accountNumber)!.currentBalanceCents;
  }

  it('lists the upcoming charge from the schedule and posts nothing before its date', async () => {
    expect((await dataOf(paid.typed.getCharges({ accountNumber: '100235' }), 200)).charges).toEqual([
      { subLedgerId: paidLedger, accountNumber: '100235', description: 'Monthly assessment', dueDate: '2026-03-12', amountCents: 20000 },
    ]);
    expect(await advance(0)).toBe(0);
    expect(await assessmentEntries('100235', paid)).toEqual([]);
    expect(await accountBalance('100235', paid)).toBe(0);
  });

  it('posts the charge once when the clock passes its date; the full-balance auto-draft drafts it', async () => {
    // 2026-04-06: past 03-12 (and 03-31 for the locker), and the auto-draft's first pull on 04-05.
    expect(await advance(35)).toBe(0);
    const posted = await assessmentEntries('100235', paid);
    expect(posted.map((e) => [e.date, e.kind, e.amountCents, e.balanceAfterCents])).toEqual([['2026-03-12', 'Charge', 20000, 20000]]);
    expect(await accountBalance('100235', paid)).toBe(20000);
    // Posted, it is in the ledger, not among the upcoming charges; the next one (04-12) is.
    expect((await dataOf(paid.typed.getCharges({ accountNumber: '100235' }), 200)).charges.map((c) => c.dueDate)).toEqual(['2026-04-12']);
    // 100238 owed nothing before: its draft on 04-05 is for the full balance, the charge posted on 03-12.
    expect((await assessmentEntries('100238', autopay)).map((e) => e.date)).toEqual(['2026-03-12']);
    const drafts = await db().query<{ scheduled_date: string; amount_cents: string | number }>(
      `SELECT to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date, p.amount_cents FROM payments p JOIN accounts ac ON ac.id = p.account_id
        WHERE ac.account_number = '100238' AND p.kind = 'auto_draft' ORDER BY p.scheduled_date`,
    );
    expect(drafts.rows.map((r) => [r.scheduled_date, Number(r.amount_cents)])).toEqual([['2026-04-05', 20000]]);
    expect(await accountBalance('100238', autopay)).toBe(0);
    const locker = await db().query<{ period: string; charge_date: string }>(
      `SELECT to_char(period, 'YYYY-MM-DD') AS period, to_char(charge_date, 'YYYY-MM-DD') AS charge_date FROM assessment_postings WHERE schedule_id = $1`,
      [lockerSchedule],
    );
    expect(locker.rows).toEqual([{ period: '2026-03-01', charge_date: '2026-03-31' }]);
  });

  it('posts each month the clock jumps over once, with its own date; running again posts nothing', async () => {
    // 2026-07-06: three months on.
    expect(await advance(91)).toBe(0);
    const posted = await assessmentEntries('100235', paid);
    expect(posted.map((e) => [e.date, e.amountCents, e.balanceAfterCents])).toEqual([
      ['2026-03-12', 20000, 20000],
      ['2026-04-12', 20000, 40000],
      ['2026-05-12', 20000, 60000],
      ['2026-06-12', 20000, 80000],
    ]);
    expect(await accountBalance('100235', paid)).toBe(80000);
    const locker = await db().query<{ charge_date: string }>(
      `SELECT to_char(charge_date, 'YYYY-MM-DD') AS charge_date FROM assessment_postings WHERE schedule_id = $1 ORDER BY period`,
      [lockerSchedule],
    );
    expect(locker.rows.map((r) => r.charge_date)).toEqual(['2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30']);
    // Whatever the auto-draft caught up on, it drafted what was posted: 100238 owes nothing.
    expect((await assessmentEntries('100238', autopay)).map((e) => e.date)).toEqual(['2026-03-12', '2026-04-12', '2026-05-12', '2026-06-12']);
    expect(await accountBalance('100238', autopay)).toBe(0);
    expect(await advance(0)).toBe(0);
    expect(await assessmentEntries('100235', paid)).toHaveLength(4);
  });

  it('two instances racing through the due work post every charge once', { timeout: 240_000 }, async () => {
    const homes = kind === 'postgres' ? 200 : 30;
    // Schedules on Maple Grove's other homes, each from 07-07 on a day from the 7th to the 31st.
    const { rows } = await db().query<{ id: number }>(
      `SELECT sl.id FROM sub_ledgers sl JOIN accounts ac ON ac.id = sl.account_id WHERE ac.account_number::integer BETWEEN 101001 AND 101280 ORDER BY ac.account_number LIMIT $1`,
      [homes],
    );
    const schedules: number[] = [];
    for (const [i, r] of rows.entries()) {
      const day = 7 + (i % 25);
      schedules.push(
        await createAssessmentSchedule(
          db(),
          { subLedgerId: Number(r.id), description: 'Race assessment', amountCents: 1000 + i, dayOfMonth: day, startDate: `2026-07-${String(day).padStart(2, '0')}` },
          clock.now(),
        ),
      );
    }
    const before = Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM assessment_postings`)).rows[0].n);
    // 2026-10-06: three charges each (July, August, September), whoever posts them.
    clock.advance(91 * 24 * 3600 * 1000);
    const posted = await race();
    const check = await db().query<{ postings: string; entries: string; months: string; total: string }>(
      `SELECT count(*) AS postings, count(DISTINCT ap.ledger_entry_id) AS entries, count(DISTINCT (ap.schedule_id, ap.period)) AS months, sum(le.amount_cents) AS total
         FROM assessment_postings ap JOIN ledger_entries le ON le.id = ap.ledger_entry_id WHERE ap.schedule_id = ANY($1::integer[])`,
      [schedules],
    );
    expect(Number(check.rows[0].postings)).toBe(homes * 3);
    expect(Number(check.rows[0].entries)).toBe(homes * 3);
    expect(Number(check.rows[0].months)).toBe(homes * 3);
    expect(Number(check.rows[0].total)).toBe(rows.reduce((sum, _r, i) => sum + 3 * (1000 + i), 0));
    const races = await db().query<{ n: string }>(`SELECT count(*) AS n FROM ledger_entries WHERE description = 'Race assessment'`);
    expect(Number(races.rows[0].n)).toBe(homes * 3);
    // The instances' reports add up to what was posted (the demo's schedules posted theirs too).
    const after = Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM assessment_postings`)).rows[0].n);
    expect(posted).toBe(after - before);
  });
});
