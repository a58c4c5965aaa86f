// Two app instances on one database run the due work 'payments.recurring' together, overlapping,
// through a year of monthly payments for many accounts (start days 13 January to 11 February,
// the 29th-31st included), moving the clock on in uneven steps (some runs catch up on several
// days at once): every occurrence is charged exactly once, by exactly one provider charge, with
// one ledger entry, and none is missed (the 12 dates of each schedule are the expected ones). The
// notices due work ('payments.recurring-notices') runs too: at most one notice per occurrence, and
// an occurrence noticed is charged the noticed amount. 100 accounts on PostgreSQL (each instance its
// own connection pool), 10 on PGlite (both share the one database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, createTestClock, dataOf, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { sandboxCharges } from './payments-helpers.ts';
import { api, associationId } from './billing-helpers.ts';
import { RECURRING_DUE_WORK } from '../../server/payments/recurring-due-work.ts';
import { RECURRING_NOTICES_DUE_WORK } from '../../server/payments/recurring-notices.ts';
import { followingOccurrence } from '../../server/payments/recurring-schedule.ts';

const DAY = 24 * 3600 * 1000;
const MONTHLY_CENTS = 10000;

describe.each(BACKENDS)('recurring payments: two instances, a year, many accounts, on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 10:00 EST on 2026-01-12.
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  const accounts = kind === 'postgres' ? 100 : 10;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let pool: Db | null = null;
  const db = () => database.current.db;
  const ledgers: number[] = [];
  const startDates = new Map<number, string>();

  beforeAll(async () => {
    first = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 4);
    second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true });
    const home = await signIn(first, DEMO.homeowner);
    const client = api(first, home.token);
    const visa = (await dataOf(client.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    const maple = await associationId(db(), 'maplegrove');
    // Only this test's schedules (not the demo data's recurring payment at Cedar Point).
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
    // Accounts of the demo homeowner at Maple Grove, each owing enough for a year of payments (one statement each).
    await db().query(
      `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code)
       SELECT $1, (900000 + i)::text, $2, (i + 1) || ' Recurring Way', 'Atlanta', 'GA', '30301' FROM generate_series(0, $3::integer - 1) i`,
      [maple, home.userId, accounts],
    );
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO sub_ledgers (account_id, name, position)
       SELECT id, 'Assessments', 0 FROM accounts WHERE account_number::integer BETWEEN 900000 AND 900000 + $1::integer - 1 AND association_id = $2
        ORDER BY account_number RETURNING id`,
      [accounts, maple],
    );
    ledgers.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
    await db().query(
      `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) SELECT id, 'charge', $2, 'Annual assessment' FROM unnest($1::integer[]) id`,
      [ledgers, 12 * MONTHLY_CENTS + 999],
    );
    // Set up and confirmed through the API, a few at a time.
    for (let from = 0; from < accounts; from += 10) {
      await Promise.all(
        ledgers.slice(from, from + 10).map(async (ledger, k) => {
          const i = from + k;
          const startDate = new Date(Date.parse('2026-01-13T12:00:00Z') + ((i * 7) % 30) * DAY).toISOString().slice(0, 10);
          startDates.set(ledger, startDate);
          const setup = await client.typed.setupRecurringPayment({ subLedgerId: ledger, paymentMethodId: visa, frequency: 'monthly', startDate, amount: { kind: 'fixed', amountCents: MONTHLY_CENTS } });
          expectStatus(setup, 201);
          expectStatus(await client.typed.confirmRecurringPayment(setup.data.recurringPayment.recurringPaymentId), 200);
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await pool?.close();
  });

  it('charges every occurrence exactly once', { timeout: 240_000 }, async () => {
    const charges = await sandboxCharges(db());
    const steps = [1, 3, 1, 9, 2, 30, 5, 1, 17, 45, 4, 11, 60, 2, 7, 33, 20, 29, 6, 40, 22, 17]; // 365 days
    let processed = 0;
    let noticed = 0;
    const started = Date.now();
    for (const days of steps) {
      clock.advance(days * DAY);
      const reports = await Promise.all([first.services.jobs.runDueWork(), second.services.jobs.runDueWork(), first.services.jobs.runDueWork(), second.services.jobs.runDueWork()]);
      for (const report of reports) expect(report.failed).toEqual({});
      processed += reports.reduce((sum, r) => sum + (r.ran[RECURRING_DUE_WORK] ?? 0), 0);
      noticed += reports.reduce((sum, r) => sum + (r.ran[RECURRING_NOTICES_DUE_WORK] ?? 0), 0);
    }
    console.info(`recurring-instances on ${kind}: ${accounts} accounts, a year in ${steps.length} steps, ${Date.now() - started} ms`);
    // 2027-01-12: a year on. Every schedule started between 13 January and 11 February: 12 payments each.
    expect(new Date(clock.now()).toISOString().slice(0, 10)).toBe('2027-01-12');
    const { rows } = await db().query<{ ledger: number; payments: string; succeeded: string; entries: string; dates: string }>(
      `SELECT r.sub_ledger_id AS ledger, count(p.id) AS payments, count(*) FILTER (WHERE p.status = 'succeeded') AS succeeded,
              (SELECT count(*) FROM ledger_entries e JOIN payments q ON q.id = e.payment_id WHERE q.sub_ledger_id = r.sub_ledger_id AND q.kind = 'recurring') AS entries,
              count(DISTINCT o.occurrence_date) AS dates
         FROM recurring_payments r JOIN recurring_payment_occurrences o ON o.recurring_payment_id = r.id LEFT JOIN payments p ON p.id = o.payment_id
        WHERE r.sub_ledger_id = ANY($1::integer[]) GROUP BY r.sub_ledger_id`,
      [ledgers],
    );
    expect(rows).toHaveLength(accounts);
    for (const row of rows) expect({ payments: Number(row.payments), succeeded: Number(row.succeeded), entries: Number(row.entries), dates: Number(row.dates) }).toEqual({ payments: 12, succeeded: 12, entries: 12, dates: 12 });
    // None missed: each schedule's 12 dates are its day of the month, month after month from its start.
    const dates = await db().query<{ ledger: number; dates: string[] }>(
      `SELECT r.sub_ledger_id AS ledger, array_agg(to_char(o.occurrence_date, 'YYYY-MM-DD') ORDER BY o.occurrence_date) AS dates
         FROM recurring_payments r JOIN recurring_payment_occurrences o ON o.recurring_payment_id = r.id WHERE r.sub_ledger_id = ANY($1::integer[]) GROUP BY r.sub_ledger_id`,
      [ledgers],
    );
    for (const row of dates.rows) {
      const start = startDates.get(Number(row.ledger))!;
      const expected = [start];
      while (expected.length < 12) expected.push(followingOccurrence(expected.at(-1)!, Number(start.slice(8)), 'monthly'));
      expect(row.dates).toEqual(expected);
    }
    // Notices: recorded once per occurrence (unique), by one instance (the reports add up to the rows); each occurrence noticed
    // was charged the noticed amount. Only the 13th occurrences (from 13 January 2027, 10 days away or closer at the end) differ:
    // $9.99 is left after 12 payments. Those are e-mailed, once each.
    const notices = await db().query<{ n: string; emailed: string; differing: string; mismatched: string; noticed_paid: string; sent: string }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE n.emailed) AS emailed, count(*) FILTER (WHERE n.amount_cents = 999 AND n.occurrence_date >= '2027-01-13' AND p.id IS NULL) AS differing,
              count(*) FILTER (WHERE p.id IS NOT NULL AND p.amount_cents <> n.amount_cents) AS mismatched, count(p.id) AS noticed_paid,
              count(*) FILTER (WHERE n.sent_at IS NOT NULL) AS sent
         FROM recurring_debit_notices n JOIN recurring_payments r ON r.id = n.recurring_payment_id
         LEFT JOIN recurring_payment_occurrences o ON o.recurring_payment_id = n.recurring_payment_id AND o.occurrence_date = n.occurrence_date
         LEFT JOIN payments p ON p.id = o.payment_id
        WHERE r.sub_ledger_id = ANY($1::integer[])`,
      [ledgers],
    );
    const n = Object.fromEntries(Object.entries(notices.rows[0]).map(([k, v]) => [k, Number(v)]));
    expect(n.n).toBe(noticed);
    expect(n.noticed_paid).toBeGreaterThan(accounts);
    const due13th = [...startDates.values()].filter((d) => d <= '2026-01-22').length;
    expect(due13th).toBeGreaterThan(0);
    expect({ emailed: n.emailed, differing: n.differing, sent: n.sent, mismatched: n.mismatched }).toEqual({ emailed: due13th, differing: due13th, sent: due13th, mismatched: 0 });
    const mailed = await db().query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE subject LIKE 'Your next recurring payment for account 9%'`);
    expect(Number(mailed.rows[0].n)).toBe(due13th);
    expect(processed).toBe(12 * accounts);
    expect(await sandboxCharges(db())).toBe(charges + 12 * accounts);
    const balances = await db().query<{ b: string }>(`SELECT balance_cents AS b FROM sub_ledgers WHERE id = ANY($1::integer[])`, [ledgers]);
    for (const b of balances.rows) expect(Number(b.b)).toBe(999);
    // Payments of one schedule are on distinct dates one month apart; none is left processing.
    expect(Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM payments WHERE kind = 'recurring' AND status = 'processing'`)).rows[0].n)).toBe(0);
  });
});
