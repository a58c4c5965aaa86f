// Notices of a debit that differs (due work 'payments.recurring-notices',
// server/payments/recurring-notices.ts) and bank returns counted as failures of their schedule
// (server/payments/recurring-due-work.ts), with the sandbox provider and the app clock, on PGlite
// and PostgreSQL.
//
// Notices: 10 days before an occurrence its amount is recorded (once, whatever runs it) and fixed;
// the homeowner is e-mailed when it differs from the last payment; charges posted later wait for
// the next payment, a payment made meanwhile lowers it; listDebitNotices / confirmDebitNotice.
// Returns: a recurring bank debit is pending when charged (nothing counted), then returned 3
// business days later (R01): one failure, counted once (runs repeated, a second instance, the
// provider's events replayed); two in a row pause the schedule and mail the homeowner once; a
// settlement after a return resets the count.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openPostgres, type Db } from '../../server/db/index.ts';
import { BACKENDS, DEMO, createTestClock, dataOf, expectStatus, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase } from './helpers.ts';
import { balance, sandboxCharges, subLedgerId } from './payments-helpers.ts';
import { api, associationId, saveMethod, type Api } from './billing-helpers.ts';
import { agreeToChange, mailTo } from './recurring-helpers.ts';
import { RECURRING_DUE_WORK } from '../../server/payments/recurring-due-work.ts';
import { paymentServiceFor } from '../../server/payments/index.ts';
import { settleDue } from '../../server/sandbox-provider/index.ts';
import { confirmDebitNotice, listDebitNotices, RECURRING_NOTICES_DUE_WORK } from '../../server/payments/recurring-notices.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';

describe.each(BACKENDS)('recurring debit notices and bank returns on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let userId: number;
  let visaId: number;
  let assessments: number;
  let maple: number;
  const db = () => database.current.db;

  let signIns = 0;
  async function at(date: string) {
    clock.set(new Date(`${date}T15:00:00Z`));
    const session = await signIn(app, DEMO.homeowner, `198.51.100.${++signIns}`);
    home = api(app, session.token);
    userId = session.userId;
  }
  async function run(instance: FastifyInstance = app) {
    const report = await instance.services.jobs.runDueWork();
    expect(report.failed).toEqual({});
    return { charged: report.ran[RECURRING_DUE_WORK] ?? 0, noticed: report.ran[RECURRING_NOTICES_DUE_WORK] ?? 0 };
  }
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
  async function notices(id: string) {
    const { rows } = await db().query<{ date: string; amount: string | number; emailed: boolean; sent: boolean; text: string }>(
      `SELECT to_char(occurrence_date, 'YYYY-MM-DD') AS date, amount_cents AS amount, emailed, sent_at IS NOT NULL AS sent, text
         FROM recurring_debit_notices WHERE recurring_payment_id = $1 ORDER BY occurrence_date`,
      [id],
    );
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  }
  async function payments(id: string) {
    const { rows } = await db().query<{ date: string; amount: string | number; status: string }>(
      `SELECT to_char(o.occurrence_date, 'YYYY-MM-DD') AS date, p.amount_cents AS amount, p.status
         FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id WHERE o.recurring_payment_id = $1 ORDER BY o.occurrence_date`,
      [id],
    );
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  }
  async function occurrences(id: string) {
    const { rows } = await db().query<{ date: string; outcome: string | null; code: string | null }>(
      `SELECT to_char(occurrence_date, 'YYYY-MM-DD') AS date, outcome, failure_code AS code FROM recurring_payment_occurrences WHERE recurring_payment_id = $1 ORDER BY occurrence_date`,
      [id],
    );
    return rows;
  }
  /** The schedule's payments whose bank answer is still to count (what a tick reads: payments_bank_answer_idx's predicate). */
  async function answersToCount(id: string) {
    const { rows } = await db().query<{ date: string; status: string; counted: string }>(
      `SELECT to_char(o.occurrence_date, 'YYYY-MM-DD') AS date, p.status, p.schedule_counted_status AS counted
         FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
        WHERE o.recurring_payment_id = $1 AND p.schedule_counted_status IS NOT NULL AND p.status IN ('succeeded', 'returned') AND p.status <> p.schedule_counted_status`,
      [id],
    );
    return rows;
  }
  async function listed(id: string) {
    return (await dataOf(home.typed.listRecurringPayments(), 200)).recurringPayments.find((r) => r.recurringPaymentId === id)!;
  }
  const noticeMails = async () => (await mailTo(db(), DEMO.homeowner.email)).filter((m) => m.subject.startsWith('Your next recurring payment'));
  const pausedMails = async () => (await mailTo(db(), DEMO.homeowner.email)).filter((m) => m.subject.endsWith('is paused'));

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    // Balances here are the suite's own: the demo's monthly assessments do not post as the clock moves on.
    await endAssessmentSchedules(db());
    await at('2026-01-12');
    maple = await associationId(db(), 'maplegrove');
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods.find((m) => m.associationId === maple)!.id;
    assessments = await subLedgerId(db(), '100234');
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await at('2026-01-12');
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
  });

  it('notices the full balance 10 days before and charges that: charges posted later wait, a payment made meanwhile lowers it', async () => {
    await setBalance(assessments, 20000);
    const id = await schedule({ amount: { kind: 'fullBalance' }, startDate: '2026-01-31' });
    await at('2026-01-20'); // 11 days before: nothing yet
    expect((await run()).noticed).toBe(0);
    const before = (await noticeMails()).length;
    await at('2026-01-21');
    expect(await run()).toEqual({ charged: 0, noticed: 1 });
    expect(await run()).toEqual({ charged: 0, noticed: 0 });
    const [notice, ...none] = await notices(id);
    expect(none).toEqual([]);
    expect(notice).toMatchObject({ date: '2026-01-31', amount: 20000, emailed: true, sent: true });
    expect(notice.text).toBe(
      'Your recurring payment for account 100234 (Assessments) at Maple Grove HOA will charge $200.00 to your card ending in 4242 on January 31, 2026. ' +
        'Charges posted to the account after this notice are not included: they wait for the next payment. ' +
        'A payment you make before January 31, 2026 lowers this charge; it is never more than the balance due.',
    );
    const mails = await noticeMails();
    expect(mails).toHaveLength(before + 1);
    // The mail is the notice the portal shows, and the link to where it shows it.
    expect(mails.at(-1)).toEqual({
      subject: 'Your next recurring payment for account 100234 on January 31, 2026',
      text: `${notice.text}\n\nSee it in the portal: ${TEST_PUBLIC_URL}/billing/payment-consent?accountNumber=100234`,
    });

    // Listed for the homeowner word for word; confirmed once.
    const [shown] = await listDebitNotices(db(), userId, null);
    expect(shown).toMatchObject({ recurring_payment_id: id, account_number: '100234', sub_ledger_name: 'Assessments', occurrence_date: '2026-01-31', amount_cents: 20000, text: notice.text, confirmed_at: null, first_name: 'Jordan', last_name: 'Rivera' });
    expect(shown.sent_at).not.toBeNull();
    expect(await listDebitNotices(db(), userId, '100234')).toHaveLength(1);
    expect(await listDebitNotices(db(), userId, '200411')).toEqual([]);
    const other = (await db().query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DEMO.paid.email])).rows[0].id;
    expect(await listDebitNotices(db(), Number(other), null)).toEqual([]);
    expect(await confirmDebitNotice(db(), Number(other), shown.id, clock.now())).toBeNull();
    expect(await confirmDebitNotice(db(), userId, 999999, clock.now())).toBeNull();
    const confirmed = await confirmDebitNotice(db(), userId, shown.id, clock.now());
    expect(confirmed).toMatchObject({ id: shown.id, confirmed_at: clock.now().toISOString() });
    clock.advance(3600_000);
    expect((await confirmDebitNotice(db(), userId, shown.id, clock.now()))!.confirmed_at).toBe(confirmed!.confirmed_at);

    // Through the API: listed with the authorizations, confirmed through PUT /Acknowledgement/{id}/Confirm; another user's: 404.
    const listedNotice = (await dataOf(home.typed.listAcknowledgements({ accountNumber: '100234' }), 200)).acknowledgements.find((a) => a.id === `dn_${shown.id}`);
    expect(listedNotice).toMatchObject({
      kind: 'debitNotice', recurringPaymentId: id, accountNumber: '100234', subLedgerName: 'Assessments', agreedBy: 'Jordan Rivera', text: notice.text,
      active: true, debitDate: '2026-01-31', amountCents: 20000, confirmedAt: confirmed!.confirmed_at,
    });
    expect(await dataOf(home.typed.confirmAcknowledgement(`dn_${shown.id}`), 200)).toEqual(listedNotice);
    const stranger = api(app, (await signIn(app, DEMO.paid, '198.51.100.250')).token);
    expect((await stranger.typed.confirmAcknowledgement(`dn_${shown.id}`)).status).toBe(404);
    expect((await dataOf(stranger.typed.listAcknowledgements(), 200)).acknowledgements.filter((a) => a.kind === 'debitNotice')).toEqual([]);

    // A charge posted after the notice is not taken on the 31st.
    await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'charge', 5000, 'Pool key')`, [assessments]);
    await at('2026-01-31');
    expect(await run()).toEqual({ charged: 1, noticed: 0 });
    expect(await payments(id)).toEqual([{ date: '2026-01-31', amount: 20000, status: 'succeeded' }]);
    expect(await balance(db(), assessments)).toBe(5000);

    // February: $50.00 differs from the last payment ($200.00): noticed and e-mailed; $20.00 paid meanwhile lowers it.
    await at('2026-02-18');
    expect(await run()).toEqual({ charged: 0, noticed: 1 });
    expect((await notices(id))[1]).toMatchObject({ date: '2026-02-28', amount: 5000, emailed: true, sent: true });
    expect((await notices(id))[1].text).toContain('will charge $50.00 to your card ending in 4242 on February 28, 2026. Your last payment, on January 31, 2026, was $200.00.');
    await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'payment', -2000, 'Check 1021')`, [assessments]);
    await at('2026-02-28');
    expect((await run()).charged).toBe(1);
    expect((await payments(id)).at(-1)).toEqual({ date: '2026-02-28', amount: 3000, status: 'succeeded' });
    expect(await balance(db(), assessments)).toBe(0);
  });

  it('records the amount of a fixed rule without e-mailing while it does not differ; once per occurrence with two instances', async () => {
    await setBalance(assessments, 50000);
    const id = await schedule({ amount: { kind: 'fixed', amountCents: 10000 }, startDate: '2026-01-25' });
    const before = (await noticeMails()).length;
    let pool: Db | null = null;
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 4);
    const second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true });
    try {
      await at('2026-01-16');
      const runs = await Promise.all([run(), run(second), run(), run(second)]);
      expect(runs.reduce((sum, r) => sum + r.noticed, 0)).toBe(1);
    } finally {
      await second.close();
      await pool?.close();
    }
    expect(await notices(id)).toMatchObject([{ date: '2026-01-25', amount: 10000, emailed: false, sent: false }]);
    await at('2026-01-25');
    expect((await run()).charged).toBe(1);
    await at('2026-02-20');
    await run();
    expect((await notices(id)).map((n) => [n.date, n.amount, n.emailed])).toEqual([
      ['2026-01-25', 10000, false],
      ['2026-02-25', 10000, false],
    ]);
    expect(await noticeMails()).toHaveLength(before);
    expect((await listDebitNotices(db(), userId, null)).filter((n) => n.recurring_payment_id === id)).toEqual([]);
    // The rule changed after the notice: the new rule (a new authorization, mailed) applies on the date.
    expectStatus(await agreeToChange(home, id, { amount: { kind: 'fixed', amountCents: 7000 } }), 200);
    await at('2026-02-25');
    expect((await run()).charged).toBe(1);
    expect((await payments(id)).map((p) => p.amount)).toEqual([10000, 7000]);
  });

  it('an auto-draft child schedule is noticed as an auto-draft', async () => {
    await setBalance(assessments, 12345);
    const id = await schedule({ amount: { kind: 'fullBalance' }, startDate: '2026-01-20' });
    const enrollment = 'ad_0123456789abcdefgh';
    await db().query(
      `INSERT INTO auto_draft_enrollments (id, user_id, account_id, drafted_by, status, start_month, pull_day, next_pull_date, payment_method_id, bank_name, routing_number,
                                           account_type, last4, signature)
       SELECT $1, $2, sl.account_id, 'portal', 'active', '2026-01-01', 20, '2026-01-20', $3, 'Test Bank', '110000000', 'checking', '4242', 'Jordan Rivera'
         FROM sub_ledgers sl WHERE sl.id = $4`,
      [enrollment, userId, visaId, assessments],
    );
    await db().query(`UPDATE recurring_payments SET auto_draft_id = $2 WHERE id = $1`, [id, enrollment]);
    await at('2026-01-12');
    expect((await run()).noticed).toBe(1);
    const [notice] = await notices(id);
    expect(notice.text).toMatch(/^Your auto-draft for account 100234 \(Assessments\) at .* will charge \$123\.45 /);
    const mails = await mailTo(db(), DEMO.homeowner.email);
    expect(mails.at(-1)!.subject).toBe('Your next auto-draft for account 100234 on January 20, 2026');
    expect(mails.at(-1)!.text).toBe(`${notice.text}\n\nSee it in the portal: ${TEST_PUBLIC_URL}/billing/payment-consent?accountNumber=100234`);
    await db().query(`UPDATE recurring_payments SET auto_draft_id = NULL WHERE id = $1`, [id]);
    await db().query(`UPDATE auto_draft_enrollments SET status = 'removed', removed_at = now() WHERE id = $1`, [enrollment]);
  });

  it('a returned bank debit counts as a failure once (runs repeated, two instances, events replayed); two in a row pause and mail once', async () => {
    const returning = await saveMethod(app, home, maple, 'bankReturned');
    await setBalance(assessments, 50000);
    // Thursday 15 January, then Sunday 15 February.
    const id = await schedule({ paymentMethodId: returning.id, amount: { kind: 'fixed', amountCents: 10000 }, startDate: '2026-01-15' });
    const paused = (await pausedMails()).length;
    await at('2026-01-15');
    expect((await run()).charged).toBe(1);
    expect(await payments(id)).toEqual([{ date: '2026-01-15', amount: 10000, status: 'pending' }]);
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 0 });
    expect(await occurrences(id)).toEqual([{ date: '2026-01-15', outcome: 'succeeded', code: null }]);
    expect(await answersToCount(id)).toEqual([]);
    // The bank's answer arrives (the provider's events): the debit is among the answers to count until counted.
    await at('2026-01-20');
    await settleDue(db(), clock.now());
    await paymentServiceFor(app.services).applyProviderEvents();
    expect(await answersToCount(id)).toEqual([{ date: '2026-01-15', status: 'returned', counted: 'pending' }]);

    // Returned 3 business days later (Tuesday 20 January), counted once.
    let pool: Db | null = null;
    if (kind === 'postgres') pool = await openPostgres(database.current.url!, 4);
    const second = await testApp(pool ?? db(), { clock: clock.now, sandboxProvider: true });
    try {
      await at('2026-01-20');
      await Promise.all([run(), run(second), run(), run(second)]);
      // The provider's events read again from the start: nothing counted twice.
      await db().query(`DELETE FROM settings WHERE key = 'payments.provider_events_cursor'`);
      await Promise.all([run(), run(second)]);
    } finally {
      await second.close();
      await pool?.close();
    }
    expect(await payments(id)).toEqual([{ date: '2026-01-15', amount: 10000, status: 'returned' }]);
    expect(await occurrences(id)).toEqual([{ date: '2026-01-15', outcome: 'failed', code: 'R01' }]);
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 1 });
    expect(await pausedMails()).toHaveLength(paused);
    expect(await answersToCount(id)).toEqual([]);

    // The second is pending on 15 February (no count yet), returned on 19 February: paused, mailed once.
    await at('2026-02-15');
    await run();
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 1, lastPayment: { date: '2026-02-15', status: 'pending' } });
    await at('2026-02-19');
    await run();
    await run();
    expect(await listed(id)).toMatchObject({ status: 'paused', consecutiveFailures: 2, nextPaymentDate: '2026-03-15', lastPayment: { status: 'returned' } });
    const mails = await pausedMails();
    expect(mails).toHaveLength(paused + 1);
    expect(mails.at(-1)!.subject).toBe('Your recurring payment for account 100234 is paused');
    const charges = await sandboxCharges(db());
    await at('2026-03-20');
    await run();
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await pausedMails()).toHaveLength(paused + 1);
    expect(await balance(db(), assessments)).toBe(50000);
  });

  it('a settlement after a return resets the count (a pending debit does not)', async () => {
    const returning = await saveMethod(app, home, maple, 'bankReturned');
    const settling = await saveMethod(app, home, maple, 'bankSettles');
    await setBalance(assessments, 50000);
    const id = await schedule({ paymentMethodId: returning.id, amount: { kind: 'fixed', amountCents: 10000 }, startDate: '2026-01-15' });
    await at('2026-01-15');
    await run();
    await at('2026-01-20');
    await run();
    expect(await listed(id)).toMatchObject({ consecutiveFailures: 1 });
    expectStatus(await agreeToChange(home, id, { paymentMethodId: settling.id }), 200);
    await at('2026-02-16'); // Monday: the 15th's debit is pending
    await run();
    expect(await listed(id)).toMatchObject({ consecutiveFailures: 1, lastPayment: { status: 'pending' } });
    await at('2026-02-19');
    await run();
    expect(await listed(id)).toMatchObject({ status: 'active', consecutiveFailures: 0, lastPayment: { status: 'succeeded' } });
    expect(await occurrences(id)).toEqual([
      { date: '2026-01-15', outcome: 'failed', code: 'R01' },
      { date: '2026-02-15', outcome: 'succeeded', code: null },
    ]);
    expect(await answersToCount(id)).toEqual([]);
  });
});
