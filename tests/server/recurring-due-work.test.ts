// The due work 'payments.recurring' (server/payments/recurring-due-work.ts) with the sandbox
// provider, on PGlite and PostgreSQL: each occurrence is charged on its date exactly once (runs
// repeated and overlapping, a second app instance, a clock jump over several months); the amount
// rules on the day (full balance, fixed capped by the balance, percentage half-up with a maximum,
// nothing owed: skipped); the association's recurring fee exemption; two declines in a row pause
// the schedule and mail the homeowner; resuming starts again after today.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, count, createTestClock, dataOf, expectStatus, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase } from './helpers.ts';
import { balance, paymentEntries, sandboxCharges, subLedgerId } from './payments-helpers.ts';
import { api, associationId, saveMethod, type Api } from './billing-helpers.ts';
import { agreeToChange, mailTo } from './recurring-helpers.ts';
import { RECURRING_DUE_WORK } from '../../server/payments/recurring-due-work.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';

interface RecurringPaymentRow {
  id: string;
  amount_cents: number;
  fee_cents: number;
  total_cents: number;
  status: string;
  scheduled_date: string;
  confirmation_number: string | null;
}

describe.each(BACKENDS)('recurring payments due work on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let visaId: number;
  let assessments: number;
  let lateFees: number;
  const db = () => database.current.db;

  let signIns = 0;
  /** Moves the app clock (10:00 New York time on a date, unless a time is given) and signs in again. */
  async function at(instant: string) {
    clock.set(new Date(instant.length === 10 ? `${instant}T15:00:00Z` : instant));
    home = api(app, (await signIn(app, DEMO.homeowner, `198.51.100.${++signIns}`)).token);
  }
  async function run(instance: FastifyInstance = app) {
    const report = await instance.services.jobs.runDueWork();
    expect(report.failed).toEqual({});
    return report.ran[RECURRING_DUE_WORK] ?? 0;
  }
  /** Sets a sub-ledger's balance with an adjustment entry. */
  async function setBalance(subLedger: number, cents: number) {
    const delta = cents - (await balance(db(), subLedger));
    if (delta !== 0) await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'adjustment', $2, 'test balance')`, [subLedger, delta]);
  }
  async function schedule(body: Partial<Parameters<Api['typed']['setupRecurringPayment']>[0]>): Promise<string> {
    const setup = await home.typed.setupRecurringPayment({ subLedgerId: assessments, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-01-31', amount: { kind: 'fullBalance' }, ...body });
    expectStatus(setup, 201);
    expectStatus(await home.typed.confirmRecurringPayment(setup.data.recurringPayment.recurringPaymentId), 200);
    return setup.data.recurringPayment.recurringPaymentId;
  }
  async function paymentsOf(id: string): Promise<RecurringPaymentRow[]> {
    const { rows } = await db().query<RecurringPaymentRow>(
      `SELECT p.id, p.amount_cents, p.fee_cents, p.total_cents, p.status, to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date, p.confirmation_number
         FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id WHERE o.recurring_payment_id = $1 ORDER BY o.occurrence_date`,
      [id],
    );
    // Numbers as numbers (PostgreSQL answers bigint as text, PGlite as a number).
    return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), fee_cents: Number(r.fee_cents), total_cents: Number(r.total_cents) }));
  }
  async function occurrencesOf(id: string): Promise<{ date: string; outcome: string | null }[]> {
    const { rows } = await db().query<{ date: string; outcome: string | null }>(
      `SELECT to_char(occurrence_date, 'YYYY-MM-DD') AS date, outcome FROM recurring_payment_occurrences WHERE recurring_payment_id = $1 ORDER BY occurrence_date`,
      [id],
    );
    return rows;
  }
  async function listed(id: string) {
    return (await dataOf(home.typed.listRecurringPayments(), 200)).recurringPayments.find((r) => r.recurringPaymentId === id)!;
  }

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    // Balances here are the suite's own: the demo's monthly assessments do not post as the clock moves on.
    await endAssessmentSchedules(db());
    await at('2026-01-12');
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    assessments = await subLedgerId(db(), '100234');
    lateFees = await subLedgerId(db(), '100234', 'Late fees');
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await at('2026-01-12');
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
    await db().query(`UPDATE fee_rules SET exempt_recurring = false`);
  });

  it('charges the full balance on the date exactly once (runs repeated and overlapping, two instances), then skips when nothing is owed', async () => {
    await setBalance(assessments, 20000);
    const id = await schedule({ amount: { kind: 'fullBalance' } });
    const charges = await sandboxCharges(db());
    await at('2026-01-30');
    expect(await run()).toBe(0);
    expect(await sandboxCharges(db())).toBe(charges);

    let pool: Db | null = null;
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 4);
    const second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true });
    try {
      await at('2026-01-31');
      const processed = await Promise.all([run(), run(second), run(), run(second)]);
      expect(processed.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await second.close();
      await pool?.close();
    }
    expect(await sandboxCharges(db())).toBe(charges + 1);
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    // Maple Grove's card fee is 2.95 %, not exempted for recurring payments here.
    expect(payment).toMatchObject({ amount_cents: 20000, fee_cents: 590, total_cents: 20590, status: 'succeeded', scheduled_date: '2026-01-31' });
    expect(await balance(db(), assessments)).toBe(0);
    const receipts = await mailTo(db(), DEMO.homeowner.email);
    expect(receipts.at(-1)!.subject).toBe(`Payment confirmation ${payment.confirmation_number}`);
    expect(await listed(id)).toMatchObject({
      status: 'active',
      nextPaymentDate: '2026-02-28',
      consecutiveFailures: 0,
      lastPayment: { date: '2026-01-31', amountCents: 20000, status: 'succeeded', confirmationNumber: payment.confirmation_number },
    });
    expect(await run()).toBe(0);

    // 28 February: nothing owed, nothing charged; the occurrence is recorded as skipped.
    await at('2026-02-28');
    expect(await run()).toBe(1);
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await occurrencesOf(id)).toEqual([
      { date: '2026-01-31', outcome: 'succeeded' },
      { date: '2026-02-28', outcome: 'skipped' },
    ]);
    expect(await listed(id)).toMatchObject({ nextPaymentDate: '2026-03-31', lastPayment: { date: '2026-01-31' } });
  });

  it('after a clock jump charges each missed occurrence once, a fixed amount capped by the balance, with no fee when the association exempts recurring payments', async () => {
    await db().query(`UPDATE fee_rules SET exempt_recurring = true WHERE association_id = $1 AND method_kind = 'card'`, [await associationId(db(), 'maplegrove')]);
    await setBalance(lateFees, 4500);
    const id = await schedule({ subLedgerId: lateFees, amount: { kind: 'fixed', amountCents: 1000 } });
    const charges = await sandboxCharges(db());
    await at('2026-05-05');
    expect(await run()).toBe(4);
    expect(await run()).toBe(0);
    expect(await sandboxCharges(db())).toBe(charges + 4);
    const payments = await paymentsOf(id);
    expect(payments.map((p) => [p.scheduled_date, p.amount_cents, p.fee_cents, p.status])).toEqual([
      ['2026-01-31', 1000, 0, 'succeeded'],
      ['2026-02-28', 1000, 0, 'succeeded'],
      ['2026-03-31', 1000, 0, 'succeeded'],
      ['2026-04-30', 1000, 0, 'succeeded'],
    ]);
    // ...and the fifth (5 June) is not due yet; 4500 - 4000 = 500 left.
    expect(await balance(db(), lateFees)).toBe(500);
    expect((await occurrencesOf(id)).length).toBe(4);
    expect(await listed(id)).toMatchObject({ nextPaymentDate: '2026-05-31', dayOfMonth: 31 });
    await at('2026-05-31');
    expect(await run()).toBe(1);
    // Only $5.00 was owed: the fixed $10.00 pays the balance.
    expect((await paymentsOf(id)).at(-1)).toMatchObject({ scheduled_date: '2026-05-31', amount_cents: 500, fee_cents: 0, status: 'succeeded' });
    expect(await balance(db(), lateFees)).toBe(0);
  });

  it('a percentage of the balance is rounded half-up and capped by its maximum', async () => {
    await setBalance(assessments, 24501);
    const id = await schedule({ frequency: 'quarterly', startDate: '2026-01-20', amount: { kind: 'percentage', basisPoints: 5000 } });
    await at('2026-01-20');
    expect(await run()).toBe(1);
    expect((await paymentsOf(id))[0]).toMatchObject({ amount_cents: 12251, status: 'succeeded' });
    expect(await listed(id)).toMatchObject({ nextPaymentDate: '2026-04-20' });
    expectStatus(await agreeToChange(home, id, { amount: { kind: 'percentage', basisPoints: 5000, maximumCents: 5000 } }), 200);
    await at('2026-04-20');
    expect(await run()).toBe(1);
    expect((await paymentsOf(id))[1]).toMatchObject({ amount_cents: 5000, scheduled_date: '2026-04-20' });
    expect(await balance(db(), assessments)).toBe(24501 - 12251 - 5000);
  });

  it('two declined payments in a row pause the schedule and mail the homeowner; resuming starts after today', async () => {
    const declining = await saveMethod(app, home, await associationId(db(), 'maplegrove'), 'declined');
    await setBalance(assessments, 30000);
    const id = await schedule({ paymentMethodId: declining.id, startDate: '2026-01-15', amount: { kind: 'fixed', amountCents: 10000 } });
    const entries = await count(db(), 'ledger_entries');
    await at('2026-01-15');
    expect(await run()).toBe(1);
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 1, lastPayment: { status: 'declined', amountCents: 10000 } });
    const mails = (await mailTo(db(), DEMO.homeowner.email)).length;
    // The clock jumps past two more dates: the second decline pauses it, the third is not tried.
    await at('2026-03-20');
    expect(await run()).toBe(1);
    expect(await occurrencesOf(id)).toEqual([
      { date: '2026-01-15', outcome: 'failed' },
      { date: '2026-02-15', outcome: 'failed' },
    ]);
    expect(await listed(id)).toMatchObject({ status: 'paused', consecutiveFailures: 2, nextPaymentDate: '2026-03-15', changeable: true, resumable: true });
    expect(await count(db(), 'ledger_entries')).toBe(entries);
    const mailed = await mailTo(db(), DEMO.homeowner.email);
    expect(mailed).toHaveLength(mails + 1);
    expect(mailed.at(-1)!.subject).toBe('Your recurring payment for account 100234 is paused');
    expect(mailed.at(-1)!.text).toContain(`See it in the portal: ${TEST_PUBLIC_URL}/billing/recurring-payments?accountNumber=100234`);
    expect(await run()).toBe(0);

    // Paid from the Visa (a new authorization, agreed to), then resumed: active, failures cleared, next date the first 15th after today.
    expectStatus(await agreeToChange(home, id, { paymentMethodId: visaId }), 200);
    const resumed = await home.typed.updateRecurringPayment(id, { resume: true });
    expectStatus(resumed, 200);
    expect(resumed.data).toMatchObject({ status: 'active', consecutiveFailures: 0, nextPaymentDate: '2026-04-15', paymentMethodId: visaId, resumable: false });
    await at('2026-04-15');
    expect(await run()).toBe(1);
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 0, lastPayment: { date: '2026-04-15', status: 'succeeded', amountCents: 10000 } });
  });

  it('a decline then a success does not pause: a success resets the count', async () => {
    const declining = await saveMethod(app, home, await associationId(db(), 'maplegrove'), 'declined');
    await setBalance(assessments, 30000);
    const id = await schedule({ paymentMethodId: declining.id, startDate: '2026-01-15', amount: { kind: 'fixed', amountCents: 1000 } });
    await at('2026-01-15');
    expect(await run()).toBe(1);
    expect(await listed(id)).toMatchObject({ consecutiveFailures: 1 });
    expectStatus(await agreeToChange(home, id, { paymentMethodId: visaId }), 200);
    await at('2026-02-15');
    expect(await run()).toBe(1);
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 0 });
  });

  it('a transient provider failure is retried on the next run with the same key: charged once, counted once', async () => {
    const flaky = await saveMethod(app, home, await associationId(db(), 'maplegrove'), 'transientFailure');
    await setBalance(assessments, 5000);
    const id = await schedule({ paymentMethodId: flaky.id, startDate: '2026-01-20', amount: { kind: 'fullBalance' } });
    await at('2026-01-20');
    expect(await run()).toBe(0); // the provider failed transiently: the payment stays processing, nothing counted
    expect(await occurrencesOf(id)).toEqual([{ date: '2026-01-20', outcome: null }]);
    expect((await paymentsOf(id))[0]).toMatchObject({ status: 'processing' });
    expect(await listed(id)).toMatchObject({ nextPaymentDate: '2026-02-20', consecutiveFailures: 0 });
    expect(await run()).toBe(1);
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ status: 'succeeded', amount_cents: 5000 });
    expect(await paymentEntries(db(), payment.id)).toEqual([{ kind: 'payment', amount: -5000 }]);
    expect(await occurrencesOf(id)).toEqual([{ date: '2026-01-20', outcome: 'succeeded' }]);
    expect(await run()).toBe(0);
    expect(await balance(db(), assessments)).toBe(0);
  });

  it('a saved method removed by the homeowner takes its schedule with it: nothing is charged on the date', async () => {
    const card = await saveMethod(app, home, await associationId(db(), 'maplegrove'), 'mastercard');
    await setBalance(assessments, 5000);
    const id = await schedule({ paymentMethodId: card.id, startDate: '2026-01-20', amount: { kind: 'fullBalance' } });
    expectStatus(await home.typed.deletePaymentMethod(card.id), 200);
    const charges = await sandboxCharges(db());
    await at('2026-01-20');
    await run();
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await paymentsOf(id)).toEqual([]);
    expect(await listed(id)).toBeUndefined();
  });

  it('a saved method no longer usable otherwise (deactivated): the occurrence fails without a charge (PM001) and counts as a failure', async () => {
    const card = await saveMethod(app, home, await associationId(db(), 'maplegrove'), 'mastercard');
    await setBalance(assessments, 5000);
    const id = await schedule({ paymentMethodId: card.id, startDate: '2026-01-20', amount: { kind: 'fullBalance' } });
    await db().query('UPDATE payment_methods SET active = false WHERE id = $1', [card.id]);
    const charges = await sandboxCharges(db());
    await at('2026-01-20');
    expect(await run()).toBe(1);
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await paymentsOf(id)).toEqual([]);
    const { rows } = await db().query<{ outcome: string; failure_code: string }>('SELECT outcome, failure_code FROM recurring_payment_occurrences WHERE recurring_payment_id = $1', [id]);
    expect(rows).toEqual([{ outcome: 'failed', failure_code: 'PM001' }]);
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 1, nextPaymentDate: '2026-02-20' });
  });
});
