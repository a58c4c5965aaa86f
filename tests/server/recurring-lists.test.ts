// What the lists of recurring payments and notices tell the homeowner: "last payment" is the last
// one that succeeded (a declined one is reported as the latest attempt only); each schedule names
// its account and association; a notice whose debit was moved is no longer in effect; nothing due
// is neither announced nor drafted. On PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, createTestClock, dataOf, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import { balance, subLedgerId } from './payments-helpers.ts';
import { api, associationId, saveMethod, type Api } from './billing-helpers.ts';
import { agreeToChange, mailTo } from './recurring-helpers.ts';
import { listDebitNotices } from '../../server/payments/recurring-notices.ts';

describe.each(BACKENDS)('recurring payment lists and notices on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let userId: number;
  let visaId: number;
  let maple: number;
  let assessments: number;
  const db = () => database.current.db;

  let signIns = 0;
  async function at(date: string) {
    clock.set(new Date(`${date}T15:00:00Z`));
    const session = await signIn(app, DEMO.homeowner, `198.51.100.${++signIns}`);
    home = api(app, session.token);
    userId = session.userId;
  }
  async function run() {
    const report = await app.services.jobs.runDueWork();
    expect(report.failed).toEqual({});
  }
  async function setBalance(subLedger: number, cents: number) {
    const delta = cents - (await balance(db(), subLedger));
    if (delta !== 0) await db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description) VALUES ($1, 'adjustment', $2, 'test balance')`, [subLedger, delta]);
  }
  async function schedule(body: Partial<Parameters<Api['typed']['setupRecurringPayment']>[0]>): Promise<string> {
    const setup = await home.typed.setupRecurringPayment({ subLedgerId: assessments, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-01-25', amount: { kind: 'fullBalance' }, ...body });
    expectStatus(setup, 201);
    expectStatus(await home.typed.confirmRecurringPayment(setup.data.recurringPayment.recurringPaymentId), 200);
    return setup.data.recurringPayment.recurringPaymentId;
  }
  async function listed(id: string) {
    return (await dataOf(home.typed.listRecurringPayments(), 200)).recurringPayments.find((r) => r.recurringPaymentId === id)!;
  }
  async function noticeOf(id: string) {
    const { acknowledgements } = await dataOf(home.typed.listAcknowledgements(), 200);
    return acknowledgements.find((a) => a.kind === 'debitNotice' && a.recurringPaymentId === id);
  }
  const noticeMails = async () => (await mailTo(db(), DEMO.homeowner.email)).filter((m) => m.subject.startsWith('Your next recurring payment'));

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
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

  it('a declined payment is the latest attempt, not the last payment; the schedule names its account and association', async () => {
    await setBalance(assessments, 50000);
    const declining = await saveMethod(app, home, maple, 'declined');
    const id = await schedule({ paymentMethodId: declining.id, startDate: '2026-01-15', amount: { kind: 'fixed', amountCents: 1000 } });
    expect(await listed(id)).toMatchObject({ accountNumber: '100234', subLedgerName: 'Assessments', associationName: 'Maple Grove HOA' });
    await at('2026-01-15');
    await run();
    const after = await listed(id);
    expect(after.lastPayment).toMatchObject({ date: '2026-01-15', amountCents: 1000, status: 'declined' });
    expect(after.lastSuccessfulPayment).toBeUndefined();

    // With a card that pays, the next one is the last payment.
    expectStatus(await agreeToChange(home, id, { paymentMethodId: visaId }), 200);
    await at('2026-02-15');
    await run();
    expect((await listed(id)).lastSuccessfulPayment).toMatchObject({ date: '2026-02-15', amountCents: 1000 });
  });

  it('a notice whose payment was moved is no longer in effect', async () => {
    await setBalance(assessments, 12345);
    const id = await schedule({});
    await at('2026-01-16');
    await run();
    expect(await noticeOf(id)).toMatchObject({ active: true, debitDate: '2026-01-25', amountCents: 12345 });
    expectStatus(await agreeToChange(home, id, { nextPaymentDate: '2026-02-05' }), 200);
    const moved = await noticeOf(id);
    expect(moved).toMatchObject({ active: false, debitDate: '2026-01-25' });
    expect(moved!.confirmedAt).toBeUndefined();
  });

  it('nothing due: no notice and no draft', async () => {
    await setBalance(assessments, 0);
    const id = await schedule({});
    const mails = (await noticeMails()).length;
    await at('2026-01-16');
    await run();
    expect(await noticeOf(id)).toBeUndefined();
    expect((await listDebitNotices(db(), userId, null)).filter((n) => n.recurring_payment_id === id)).toEqual([]);
    expect(await noticeMails()).toHaveLength(mails);
    await at('2026-01-25');
    await run();
    const { rows } = await db().query(`SELECT 1 FROM recurring_payment_occurrences WHERE recurring_payment_id = $1 AND payment_id IS NOT NULL`, [id]);
    expect(rows).toEqual([]);
  });
});
