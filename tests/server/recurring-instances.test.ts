// Two app instances on one database run the due work 'payments.recurring' together, overlapping,
// through a year of monthly payments for many accounts (start days 13 January to 11 February,
// the 29th-31st included), moving the clock on in uneven steps (some runs catch up on several
// days at once): every occurrence is charged exactly once, by exactly one provider charge, with
// one ledger entry. On PostgreSQL each instance has its own connection pool; on PGlite both share
// the one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, createTestClock, dataOf, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { sandboxCharges } from './payments-helpers.ts';
import { api, associationId } from './billing-helpers.ts';
import { RECURRING_DUE_WORK } from '../../server/payments/recurring-due-work.ts';

const DAY = 24 * 3600 * 1000;
const MONTHLY_CENTS = 10000;

describe.each(BACKENDS)('recurring payments: two instances, a year, many accounts, on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 10:00 EST on 2026-01-12.
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  const accounts = kind === 'postgres' ? 30 : 10;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let pool: Db | null = null;
  const db = () => database.current.db;
  const ledgers: number[] = [];

  beforeAll(async () => {
    first = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 4);
    second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true });
    const home = await signIn(first, DEMO.homeowner);
    const client = api(first, home.token);
    const visa = (await dataOf(client.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    const maple = await associationId(db(), 'maplegrove');
    // Accounts of the demo homeowner at Maple Grove, each owing enough for a year of payments.
    for (let i = 0; i < accounts; i++) {
      const { rows } = await db().query<{ id: number }>(
        `WITH account AS (
           INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code)
           VALUES ($1, $2, $3, $4, 'Atlanta', 'GA', '30301') RETURNING id)
         INSERT INTO sub_ledgers (account_id, name, position) SELECT id, 'Assessments', 0 FROM account RETURNING id`,
        [maple, String(900000 + i), home.userId, `${i + 1} Recurring Way`],
      );
      const ledger = Number(rows[0].id);
      ledgers.push(ledger);
      await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'charge', $2, 'Annual assessment')`, [ledger, 12 * MONTHLY_CENTS + 999]);
      const startDate = new Date(Date.parse('2026-01-13T12:00:00Z') + ((i * 7) % 30) * DAY).toISOString().slice(0, 10);
      const setup = await client.typed.setupRecurringPayment({ subLedgerId: ledger, paymentMethodId: visa, frequency: 'monthly', startDate, amount: { kind: 'fixed', amountCents: MONTHLY_CENTS } });
      expectStatus(setup, 201);
      expectStatus(await client.typed.confirmRecurringPayment(setup.data.recurringPayment.recurringPaymentId), 200);
    }
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await pool?.close();
  });

  it('charges every occurrence exactly once', { timeout: 240_000 }, async () => {
    const charges = await sandboxCharges(db());
    const steps = [1, 3, 1, 9, 2, 30, 5, 1, 17, 45, 4, 11, 60, 2, 7, 33, 20, 29, 6, 40, 22, 17]; // 365 days
    let processed = 0;
    for (const days of steps) {
      clock.advance(days * DAY);
      const reports = await Promise.all([first.services.jobs.runDueWork(), second.services.jobs.runDueWork(), first.services.jobs.runDueWork(), second.services.jobs.runDueWork()]);
      for (const report of reports) expect(report.failed).toEqual({});
      processed += reports.reduce((sum, r) => sum + (r.ran[RECURRING_DUE_WORK] ?? 0), 0);
    }
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
    expect(processed).toBe(12 * accounts);
    expect(await sandboxCharges(db())).toBe(charges + 12 * accounts);
    const balances = await db().query<{ b: string }>(`SELECT balance_cents AS b FROM sub_ledgers WHERE id = ANY($1::integer[])`, [ledgers]);
    for (const b of balances.rows) expect(Number(b.b)).toBe(999);
    // Payments of one schedule are on distinct dates one month apart; none is left processing.
    expect(Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM payments WHERE kind = 'recurring' AND status = 'processing'`)).rows[0].n)).toBe(0);
  });
});
