// Auto-draft enrollments (openapi/payments.yaml, /AutoDraft and /LegacyAutoDraft) with the sandbox
// provider, on PGlite: the bank entry's field messages (a refused request changes nothing); which
// Setup the association's auto_draft_type admits (AD001, AD002); no balance (AD003) and one way of
// paying automatically per account (PAY013, both ways); Confirm makes one hidden child schedule per
// sub-ledger, drafted exactly once on the pull date by the due work 'payments.recurring'; the
// cutoff (8:00 pm New York time the business day before the pull); skip, pull day and bank
// changes (a new authorization, recorded and mailed); two failed drafts pause it and resume starts
// it again; legacy enrollments mail the management company and are never drafted; another user's
// enrollment is 404; acknowledgements of both kinds with string ids.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO, call, count, createTestClock, expectErrorShape, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, type Api } from './billing-helpers.ts';
import { mailTo } from './recurring-helpers.ts';
import { TEST_BANK_ENTRY, autoDraftSnapshot, changeAgreed, setAccountBalance } from './auto-draft-helpers.ts';
import { RECURRING_DUE_WORK } from '../../server/payments/recurring-due-work.ts';
import { TEST_BANK_ACCOUNTS } from '../../server/sandbox-provider/test-numbers.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';

const AUTOPAY = { email: 'autopay@example.com', password: 'Autopay#2026' };

describe('auto-draft enrollments', () => {
  const database = useTestDatabase('pglite');
  // Monday 2 March 2026, 10:00 in New York.
  const clock = createTestClock(new Date('2026-03-02T15:00:00Z'));
  let app: FastifyInstance;
  let paid: Api;
  let home: Api;
  let autopay: Api;
  const db = () => database.current.db;

  let signIns = 0;
  /** Moves the app clock (10:00 New York time on a date, unless an instant is given) and signs in again. */
  async function at(instant: string) {
    clock.set(new Date(instant.length === 10 ? `${instant}T15:00:00Z` : instant));
    const ip = () => `198.51.100.${(++signIns % 250) + 1}`;
    paid = api(app, (await signIn(app, DEMO.paid, ip())).token);
    home = api(app, (await signIn(app, DEMO.homeowner, ip())).token);
    autopay = api(app, (await signIn(app, AUTOPAY, ip())).token);
  }
  async function run() {
    const report = await app.services.jobs.runDueWork();
    expect(report.failed).toEqual({});
    return report.ran[RECURRING_DUE_WORK] ?? 0;
  }
  /** Sets up and confirms (portal) or enrolls (legacy) an auto-draft; returns its id. */
  async function enroll(client: Api, accountNumber: string, body: Record<string, unknown> = {}, legacy = false): Promise<string> {
    const setup = await client.post(legacy ? '/LegacyAutoDraft/Setup' : '/AutoDraft/Setup', { accountNumber, startMonth: '2026-04', pullDay: 6, bank: TEST_BANK_ENTRY, ...body });
    expect(setup.status, setup.body).toBe(201);
    const id = setup.json.autoDraft.autoDraftId as string;
    const confirmed = await client.put(legacy ? '/LegacyAutoDraft/Enroll' : '/AutoDraft/Setup/Confirm', { autoDraftId: id });
    expect(confirmed.status, confirmed.body).toBe(200);
    return id;
  }
  async function children(id: string) {
    const { rows } = await db().query<{ id: string; status: string; next: string; day: number; method: number; failures: number }>(
      `SELECT id, status, to_char(next_payment_date, 'YYYY-MM-DD') AS next, day_of_month AS day, payment_method_id AS method, consecutive_failures AS failures
         FROM recurring_payments WHERE auto_draft_id = $1 AND status <> 'removed' ORDER BY sub_ledger_id`,
      [id],
    );
    return rows;
  }
  async function draftsOf(accountNumber: string) {
    const { rows } = await db().query<{ kind: string; amount_cents: number | string; status: string; scheduled_date: string }>(
      `SELECT p.kind, p.amount_cents, p.status, to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date FROM payments p JOIN accounts ac ON ac.id = p.account_id
        WHERE ac.account_number = $1 AND p.kind IN ('recurring', 'auto_draft') ORDER BY p.scheduled_date, p.id`,
      [accountNumber],
    );
    return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
  }
  /** The payments an enrollment's children made. */
  async function draftsOfEnrollment(id: string) {
    const { rows } = await db().query<{ status: string; scheduled_date: string }>(
      `SELECT p.status, to_char(p.scheduled_date, 'YYYY-MM-DD') AS scheduled_date FROM recurring_payment_occurrences o JOIN payments p ON p.id = o.payment_id
         JOIN recurring_payments r ON r.id = o.recurring_payment_id WHERE r.auto_draft_id = $1 ORDER BY p.scheduled_date`,
      [id],
    );
    return rows;
  }
  async function listed(client: Api, id: string) {
    return (await client.get('/AutoDraft')).json.autoDraftEnrollments.find((e: { autoDraftId: string }) => e.autoDraftId === id);
  }

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    // Balances here are the suite's own: the demo's monthly assessments do not post as the clock moves on.
    await endAssessmentSchedules(db());
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await at('2026-03-02');
    // Each test starts from the demo's own enrollments only, on accounts without a balance.
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed' AND auto_draft_id IS NOT NULL
                        AND auto_draft_id NOT IN (SELECT e.id FROM auto_draft_enrollments e JOIN accounts ac ON ac.id = e.account_id WHERE ac.account_number = '100238')`);
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed' AND auto_draft_id IS NULL AND user_id = (SELECT id FROM users WHERE email = $1)`, [DEMO.paid.email]);
    await db().query(`UPDATE auto_draft_enrollments SET status = 'removed', removed_at = now() WHERE status <> 'removed'
                        AND account_id NOT IN (SELECT id FROM accounts WHERE account_number = '100238')`);
    await db().query(`UPDATE associations SET auto_draft_type = CASE code WHEN 'cedarpoint' THEN 'legacy' WHEN 'demoville' THEN 'off' ELSE 'portal' END`);
    for (const account of ['100235', '200413', '100238']) await setAccountBalance(db(), account, 0);
  });

  it('shows the demo enrollment of autopay@example.com, drafted by the portal through hidden child schedules', async () => {
    const [enrollment, ...more] = (await autopay.get('/AutoDraft')).json.autoDraftEnrollments;
    expect(more).toEqual([]);
    expect(enrollment).toMatchObject({
      accountNumber: '100238', associationName: 'Maple Grove HOA', draftedBy: 'portal', status: 'active', pullDay: 5, nextPullDate: '2026-04-05',
      bank: { accountType: 'checking', bankName: 'Sandbox Test Bank', routingNumber: '110000000', last4: '6789' }, signature: 'Avery Patel', consecutiveFailures: 0, changeable: true,
    });
    // The child is no recurring payment of the API, and its bank account no saved method.
    expect((await autopay.get('/RecurringPayment')).json.recurringPayments).toEqual([]);
    expect((await autopay.get('/PaymentMethod')).json.paymentMethods).toEqual([]);
    const [child] = await children(enrollment.autoDraftId);
    expectErrorShape(await autopay.patch(`/RecurringPayment/${child.id}`, { skipNext: true }), 404, 'PAY009');
    expectErrorShape(await autopay.del(`/RecurringPayment/${child.id}`), 404, 'PAY009');
    expectErrorShape(await autopay.put(`/RecurringPayment/Setup/${child.id}/Confirm`), 404, 'PAY009');
    expectErrorShape(await autopay.del(`/PaymentMethod/${child.method}`), 404, 'PM001');
    const [ack] = (await autopay.get('/Acknowledgement')).json.acknowledgements;
    expect(ack).toMatchObject({ kind: 'autoDraft', autoDraftId: enrollment.autoDraftId, accountNumber: '100238', agreedBy: 'Avery Patel', signature: 'Avery Patel', active: true });
    expect(ack.id).toMatch(/^ada_\d+$/);
  });

  it('refuses a bad bank entry with a message per field, and changes nothing', async () => {
    const before = await autoDraftSnapshot(db());
    const refused = async (bank: Partial<typeof TEST_BANK_ENTRY>, fields: Record<string, string>) => {
      const res = await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: { ...TEST_BANK_ENTRY, ...bank } });
      expectErrorShape(res, 400, 'VAL001');
      expect(res.json.fields).toEqual(fields);
    };
    await refused({ routingNumber: '' }, { routingNumber: 'Routing number is required.' });
    await refused({ routingNumber: '11000000' }, { routingNumber: 'Routing number must be 9 digits.' });
    await refused({ routingNumber: '110000001' }, { routingNumber: 'Routing number is not valid.' });
    await refused({ bankName: ' ' }, { bankName: 'Bank name is required.' });
    await refused({ bankAccountNumber: '' }, { bankAccountNumber: 'Account number is required.' });
    await refused({ bankAccountNumberConfirmation: '' }, { bankAccountNumberConfirmation: 'Confirm the account number.' });
    await refused({ bankAccountNumberConfirmation: '000123456780' }, { bankAccountNumberConfirmation: 'Account numbers must match.' });
    await refused({ bankAccountNumber: '123', bankAccountNumberConfirmation: '123' }, { bankAccountNumber: 'Account number must be 4 to 17 digits.' });
    await refused({ bankAccountNumber: '123456789012345678', bankAccountNumberConfirmation: '123456789012345678' }, { bankAccountNumber: 'Account number must be 4 to 17 digits.' });
    await refused({ signature: '' }, { signature: 'Sign with your full name.' });
    await refused(
      { routingNumber: '', bankName: '', bankAccountNumber: '', bankAccountNumberConfirmation: '', signature: '' },
      {
        routingNumber: 'Routing number is required.', bankName: 'Bank name is required.', bankAccountNumber: 'Account number is required.',
        bankAccountNumberConfirmation: 'Confirm the account number.', signature: 'Sign with your full name.',
      },
    );
    // The first draft must come after the current month (March 2026 in New York).
    const thisMonth = await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-03', pullDay: 5, bank: TEST_BANK_ENTRY });
    expectErrorShape(thisMonth, 400, 'VAL001');
    expect(Object.keys(thisMonth.json.fields)).toEqual(['startMonth']);
    expectErrorShape(await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 29, bank: TEST_BANK_ENTRY }), 400, 'VAL001');
    expect(await autoDraftSnapshot(db())).toEqual(before);
  });

  it('admits only the Setup of the association\'s auto_draft_type (AD001, AD002), and no account with a balance (AD003)', async () => {
    const before = await autoDraftSnapshot(db());
    const legacyAtPortal = await paid.post('/LegacyAutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expectErrorShape(legacyAtPortal, 409, 'AD002');
    expect(legacyAtPortal.json.detail).toContain('POST /AutoDraft/Setup');
    const portalAtLegacy = await paid.post('/AutoDraft/Setup', { accountNumber: '200413', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expectErrorShape(portalAtLegacy, 409, 'AD002');
    expect(portalAtLegacy.json.detail).toContain('POST /LegacyAutoDraft/Setup');
    await db().query(`UPDATE associations SET auto_draft_type = 'off' WHERE code = 'maplegrove'`);
    const off = await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expectErrorShape(off, 409, 'AD001');
    expect(off.json.detail).toBe('Auto-draft is not offered by this association.');
    await db().query(`UPDATE associations SET auto_draft_type = 'portal' WHERE code = 'maplegrove'`);
    const owing = await home.post('/AutoDraft/Setup', { accountNumber: '100234', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expectErrorShape(owing, 409, 'AD003');
    expect(owing.json.detail).toBe('An account with a balance cannot enroll in auto-draft. Pay the balance first, then enroll.');
    expectErrorShape(await home.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY }), 404, 'GP002');
    expect(await autoDraftSnapshot(db())).toEqual(before);

    // A balance that comes after Setup stops Confirm too; paid, the same Confirm goes through.
    const setup = await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expect(setup.status, setup.body).toBe(201);
    await setAccountBalance(db(), '100235', 1500);
    expectErrorShape(await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: setup.json.autoDraft.autoDraftId }), 409, 'AD003');
    expect(await children(setup.json.autoDraft.autoDraftId)).toEqual([]);
    await setAccountBalance(db(), '100235', 0);
    expect((await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: setup.json.autoDraft.autoDraftId })).status).toBe(200);
    // The confirmation of a legacy enrollment is Enroll.
    expectErrorShape(await paid.put('/LegacyAutoDraft/Enroll', { autoDraftId: setup.json.autoDraft.autoDraftId }), 409, 'AD002');
  });

  it('keeps an account to one way of paying automatically: recurring payment or auto-draft (PAY013, both ways)', async () => {
    const ledger = await subLedgerId(db(), '100235');
    await setAccountBalance(db(), '100235', 1000);
    const visa = (await paid.get('/PaymentMethod')).json.paymentMethods[0]?.id ?? null;
    const method = visa ?? (await saveVisa());
    async function saveVisa(): Promise<number> {
      const { saveMethod, associationId } = await import('./billing-helpers.ts');
      return (await saveMethod(app, paid, await associationId(db(), 'maplegrove'), 'visa')).id;
    }
    const recurring = await paid.post('/RecurringPayment/Setup', { subLedgerId: ledger, paymentMethodId: method, frequency: 'monthly', startDate: '2026-03-20', amount: { kind: 'fullBalance' } });
    expect(recurring.status, recurring.body).toBe(201);
    await setAccountBalance(db(), '100235', 0);
    // Set up only, it holds nothing; confirmed, it keeps auto-draft off the account.
    const open = await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expect(open.status, open.body).toBe(201);
    expect((await paid.del(`/AutoDraft/${open.json.autoDraft.autoDraftId}`)).status).toBe(204);
    expect((await paid.put(`/RecurringPayment/Setup/${recurring.json.recurringPayment.recurringPaymentId}/Confirm`)).status).toBe(200);
    let before = await autoDraftSnapshot(db());
    expectErrorShape(await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY }), 409, 'PAY013');
    expect(await autoDraftSnapshot(db())).toEqual(before);
    expect((await paid.del(`/RecurringPayment/${recurring.json.recurringPayment.recurringPaymentId}`)).status).toBe(204);

    // A confirmed enrollment (portal or legacy) keeps recurring payments off the account: Setup and Confirm.
    const id = await enroll(paid, '100235');
    before = await autoDraftSnapshot(db());
    expectErrorShape(await paid.post('/RecurringPayment/Setup', { subLedgerId: ledger, paymentMethodId: method, frequency: 'monthly', startDate: '2026-03-20', amount: { kind: 'fullBalance' } }), 409, 'PAY013');
    expectErrorShape(await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-05', pullDay: 5, bank: TEST_BANK_ENTRY }), 409, 'PAY013');
    expect(await autoDraftSnapshot(db())).toEqual(before);
    expect((await paid.del(`/AutoDraft/${id}`)).status).toBe(204);
    const second = await paid.post('/RecurringPayment/Setup', { subLedgerId: ledger, paymentMethodId: method, frequency: 'monthly', startDate: '2026-03-20', amount: { kind: 'fullBalance' } });
    expect(second.status, second.body).toBe(201);
    const legacy = await paid.post('/LegacyAutoDraft/Setup', { accountNumber: '200413', startMonth: '2026-04', pullDay: 5, bank: TEST_BANK_ENTRY });
    expect(legacy.status).toBe(201);
    expect((await paid.put('/LegacyAutoDraft/Enroll', { autoDraftId: legacy.json.autoDraft.autoDraftId })).status).toBe(200);
    // A recurring payment set up before the enrollment, confirmed after: refused.
    await db().query(`UPDATE auto_draft_enrollments SET account_id = (SELECT id FROM accounts WHERE account_number = '100235') WHERE id = $1`, [legacy.json.autoDraft.autoDraftId]);
    expectErrorShape(await paid.put(`/RecurringPayment/Setup/${second.json.recurringPayment.recurringPaymentId}/Confirm`), 409, 'PAY013');
  });

  it('drafts every sub-ledger of a confirmed portal enrollment once on its pull date, through the due work', async () => {
    const setup = await paid.post('/AutoDraft/Setup', { accountNumber: '100235', startMonth: '2026-04', pullDay: 6, bank: TEST_BANK_ENTRY });
    expect(setup.status, setup.body).toBe(201);
    expect(setup.json.autoDraft).toMatchObject({ status: 'setup', draftedBy: 'portal', startMonth: '2026-04', pullDay: 6, nextPullDate: '2026-04-06', signature: 'Jordan Rivera' });
    const text: string = setup.json.authorizationText;
    for (const words of [
      'Maple Grove HOA', 'account 100235', 'checking account ending in 6789 at Sandbox Test Bank', 'on the 6th of each month', 'starting April 6, 2026',
      'the full balance due on the account that day', 'at least 14 calendar days before the next due date',
      'until one business day before the next debit (8:00 pm Eastern time)',
    ]) expect(text).toContain(words);
    const id = setup.json.autoDraft.autoDraftId as string;
    expect(await children(id)).toEqual([]);
    const confirmed = await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: id });
    expect(confirmed.status, confirmed.body).toBe(200);
    expect(confirmed.json.status).toBe('active');
    // Again: the same answer, nothing recorded twice.
    expect((await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: id })).json).toEqual(confirmed.json);
    expect(await count(db(), `auto_draft_authorizations WHERE auto_draft_id = '${id}'`)).toBe(1);
    const mail = await mailTo(db(), DEMO.paid.email);
    expect(mail.at(-1)!.subject).toBe('Your auto-draft for account 100235 is set up');
    expect(mail.at(-1)!.text).toContain(text);
    expect(mail.at(-1)!.text).toContain(`See it in the portal: ${TEST_PUBLIC_URL}/billing/auto-draft?accountNumber=100235`);
    const kids = await children(id);
    expect(kids).toHaveLength(1);
    expect(kids[0]).toMatchObject({ status: 'active', next: '2026-04-06', day: 6 });
    expect((await paid.get('/RecurringPayment')).json.recurringPayments).toEqual([]);
    expect((await paid.get('/PaymentMethod')).json.paymentMethods.map((m: { id: number }) => m.id)).not.toContain(Number(kids[0].method));

    await setAccountBalance(db(), '100235', 20000);
    await at('2026-04-05');
    await run();
    expect(await draftsOf('100235')).toEqual([]);
    await at('2026-04-06');
    await Promise.all([run(), run()]);
    await run();
    const drafts = await draftsOf('100235');
    expect(drafts).toEqual([{ kind: 'auto_draft', amount_cents: 20000, status: 'pending', scheduled_date: '2026-04-06' }]);
    const shown = await listed(paid, id);
    expect(shown).toMatchObject({ status: 'active', nextPullDate: '2026-05-06', lastDraft: { date: '2026-04-06', amountCents: 20000, status: 'pending' } });
    // Catching up after downtime: the missed months once each (nothing owed in May: skipped), never twice.
    await setAccountBalance(db(), '100235', 0);
    await at('2026-06-10');
    await setAccountBalance(db(), '100235', 0);
    await run();
    expect(await draftsOf('100235')).toHaveLength(1);
    const occurrences = await db().query<{ date: string; outcome: string }>(
      `SELECT to_char(o.occurrence_date, 'YYYY-MM-DD') AS date, o.outcome FROM recurring_payment_occurrences o JOIN recurring_payments r ON r.id = o.recurring_payment_id
        WHERE r.auto_draft_id = $1 ORDER BY o.occurrence_date`,
      [id],
    );
    expect(occurrences.rows).toEqual([
      { date: '2026-04-06', outcome: 'succeeded' },
      { date: '2026-05-06', outcome: 'skipped' },
      { date: '2026-06-06', outcome: 'skipped' },
    ]);
    expect((await listed(paid, id)).nextPullDate).toBe('2026-07-06');
  });

  it('can be changed until 8:00 pm New York time the business day before the pull (a Monday: the Friday), then not', async () => {
    const id = await enroll(paid, '100235', { pullDay: 6 });
    const shown = await listed(paid, id);
    // 6 April 2026 is a Monday: the cutoff is Friday 3 April, 8:00 pm EDT.
    expect(shown.changeableUntil).toBe('2026-04-04T00:00:00.000Z');
    await at('2026-04-03T23:59:00Z');
    expect((await listed(paid, id)).changeable).toBe(true);
    expect((await paid.patch(`/AutoDraft/${id}`, { pullDay: 6 })).status).toBe(200); // the same day: no new terms
    await at('2026-04-04T00:00:00Z');
    expect((await listed(paid, id)).changeable).toBe(false);
    const before = await autoDraftSnapshot(db());
    expectErrorShape(await paid.patch(`/AutoDraft/${id}`, { skipNext: true }), 409, 'PAY012');
    expectErrorShape(await paid.patch(`/AutoDraft/${id}`, { bank: TEST_BANK_ENTRY }), 409, 'PAY012');
    expectErrorShape(await paid.del(`/AutoDraft/${id}`), 409, 'PAY012');
    expect(await autoDraftSnapshot(db())).toEqual(before);
  });

  it('skips a draft, moves the pull day and changes the bank (each new term signed again), and removes for good', async () => {
    const id = await enroll(paid, '100235', { pullDay: 6 });
    const authorizations = () => count(db(), `auto_draft_authorizations WHERE auto_draft_id = '${id}'`);
    const skipped = await paid.patch(`/AutoDraft/${id}`, { skipNext: true });
    expect(skipped.json).toMatchObject({ nextPullDate: '2026-05-06', pullDay: 6 });
    expect((await children(id))[0]).toMatchObject({ next: '2026-05-06', day: 6 });
    expect(await authorizations()).toBe(1);

    const moved = await changeAgreed(paid, id, { pullDay: 20 });
    expect(moved.json).toMatchObject({ nextPullDate: '2026-05-20', pullDay: 20 });
    expect((await children(id))[0]).toMatchObject({ next: '2026-05-20', day: 20 });
    expect(await authorizations()).toBe(2);
    expect((await mailTo(db(), DEMO.paid.email)).at(-1)!.text).toContain('on the 20th of each month');

    const oldMethod = Number((await children(id))[0].method);
    const other = { ...TEST_BANK_ENTRY, accountType: 'savings', bankName: 'Second Bank', bankAccountNumber: '5550001234', bankAccountNumberConfirmation: '5550001234', signature: 'Morgan Lee' };
    const rebanked = await changeAgreed(paid, id, { bank: other });
    expect(rebanked.status, rebanked.body).toBe(200);
    expect(rebanked.json).toMatchObject({ bank: { accountType: 'savings', bankName: 'Second Bank', last4: '1234' }, signature: 'Morgan Lee' });
    const newMethod = Number((await children(id))[0].method);
    expect(newMethod).not.toBe(oldMethod);
    expect((await db().query<{ active: boolean }>('SELECT active FROM payment_methods WHERE id = $1', [oldMethod])).rows[0].active).toBe(false);
    expect(await authorizations()).toBe(3);
    // (Debit notices of drafts made by earlier tests are listed too: only the authorizations here.)
    const [latest, previous] = ((await paid.get('/Acknowledgement?accountNumber=100235')).json.acknowledgements as { kind: string; text: string; active: boolean }[])
      .filter((item) => item.kind === 'autoDraft');
    expect(latest).toMatchObject({ kind: 'autoDraft', autoDraftId: id, signature: 'Morgan Lee', active: true });
    expect(latest.text).toContain('savings account ending in 1234 at Second Bank');
    expect(previous.active).toBe(false);
    const mail = (await mailTo(db(), DEMO.paid.email)).at(-1)!;
    expect(mail.subject).toBe('Your auto-draft for account 100235 was changed');
    expect(mail.text).toContain(latest.text);
    // The account number itself is nowhere in the portal's tables (only in the provider's).
    const stored = await db().query(`SELECT 1 FROM auto_draft_enrollments e, auto_draft_authorizations a WHERE e.id = $1 AND (a.text LIKE '%5550001234%' OR e.last4 <> '1234')`, [id]);
    expect(stored.rows).toEqual([]);

    expect((await paid.del(`/AutoDraft/${id}`)).status).toBe(204);
    expect((await paid.del(`/AutoDraft/${id}`)).status).toBe(204);
    expect(await children(id)).toEqual([]);
    expect(await listed(paid, id)).toBeUndefined();
    expectErrorShape(await paid.patch(`/AutoDraft/${id}`, { skipNext: true }), 409, 'PAY008');
    expect((await paid.get('/Acknowledgement?accountNumber=100235')).json.acknowledgements.every((a: { active: boolean }) => !a.active)).toBe(true);
  });

  it('a new pull day or bank account shows its authorization first and changes nothing until it is agreed to word for word (else 409 PAY014)', async () => {
    const id = await enroll(paid, '100235', { pullDay: 6 });
    const authorizations = () => count(db(), `auto_draft_authorizations WHERE auto_draft_id = '${id}'`);
    const mailsBefore = (await mailTo(db(), DEMO.paid.email)).length;
    const before = await autoDraftSnapshot(db());
    const other = { ...TEST_BANK_ENTRY, bankName: 'Second Bank', bankAccountNumber: '5550009876', bankAccountNumberConfirmation: '5550009876', signature: 'Morgan Lee' };

    // The review answers the enrollment as it would be, with the text to agree to; nothing is written
    // and the new bank account is not sent to the provider.
    const review = await paid.post(`/AutoDraft/${id}/Review`, { pullDay: 20, bank: other });
    expect(review.status, review.body).toBe(200);
    expect(review.json.autoDraft).toMatchObject({ autoDraftId: id, pullDay: 20, nextPullDate: '2026-04-20', bank: { bankName: 'Second Bank', last4: '9876' }, signature: 'Morgan Lee' });
    expect(review.json.authorizationText).toContain('on the 20th of each month, starting April 20, 2026');
    expect(review.json.authorizationText).toContain('checking account ending in 9876 at Second Bank');
    expect(await autoDraftSnapshot(db())).toEqual(before);

    // Without the text, with another text, or with the text of other terms: refused, nothing changes.
    expectErrorShape(await paid.patch(`/AutoDraft/${id}`, { pullDay: 20, bank: other }), 409, 'PAY014');
    expectErrorShape(await paid.patch(`/AutoDraft/${id}`, { pullDay: 20, bank: other, agreedAuthorizationText: 'I agree.' }), 409, 'PAY014');
    expectErrorShape(await paid.patch(`/AutoDraft/${id}`, { pullDay: 21, bank: other, agreedAuthorizationText: review.json.authorizationText }), 409, 'PAY014');
    expect(await autoDraftSnapshot(db())).toEqual(before);
    expect(await mailTo(db(), DEMO.paid.email)).toHaveLength(mailsBefore);

    // Agreed to as shown: changed, and exactly that text is recorded and mailed.
    const agreed = await paid.patch(`/AutoDraft/${id}`, { pullDay: 20, bank: other, agreedAuthorizationText: review.json.authorizationText });
    expect(agreed.status, agreed.body).toBe(200);
    expect(agreed.json).toMatchObject({ pullDay: 20, nextPullDate: '2026-04-20', bank: { last4: '9876' } });
    expect(await authorizations()).toBe(2);
    const recorded = await db().query<{ text: string }>('SELECT text FROM auto_draft_authorizations WHERE auto_draft_id = $1 ORDER BY id DESC LIMIT 1', [id]);
    expect(recorded.rows[0].text).toBe(review.json.authorizationText);
    expect((await mailTo(db(), DEMO.paid.email)).at(-1)!.text).toContain(review.json.authorizationText);

    // A skip names no new terms: no review needed. Bad input: 400, nothing changes.
    expect((await paid.patch(`/AutoDraft/${id}`, { skipNext: true })).status).toBe(200);
    expectErrorShape(await paid.post(`/AutoDraft/${id}/Review`, { bank: { ...other, bankAccountNumberConfirmation: '1' } }), 400, 'VAL001');
  });

  it('pauses after two failed drafts in a row and resumes from the next pull date after today', async () => {
    const id = await enroll(paid, '100235', { pullDay: 6 });
    await setAccountBalance(db(), '100235', 5000);
    // The bank account can no longer be debited (its token withdrawn): each draft fails without a charge.
    await db().query('UPDATE payment_methods SET active = false WHERE id = (SELECT payment_method_id FROM auto_draft_enrollments WHERE id = $1)', [id]);
    await at('2026-04-06');
    await run();
    expect(await listed(paid, id)).toMatchObject({ status: 'active', consecutiveFailures: 1 });
    await at('2026-05-06');
    await run();
    const paused = await listed(paid, id);
    expect(paused).toMatchObject({ status: 'paused', consecutiveFailures: 2, changeable: true, resumable: true });
    expect((await mailTo(db(), DEMO.paid.email)).at(-1)!.subject).toContain('is paused');
    await at('2026-06-10');
    await run();
    expect(await draftsOfEnrollment(id)).toEqual([]);
    // Resumed with another bank account: active again from 6 July.
    const resumed = await changeAgreed(paid, id, { resume: true, bank: { ...TEST_BANK_ENTRY, bankAccountNumber: '4444', bankAccountNumberConfirmation: '4444' } });
    expect(resumed.status, resumed.body).toBe(200);
    expect(resumed.json).toMatchObject({ status: 'active', consecutiveFailures: 0, nextPullDate: '2026-07-06', resumable: false });
    await at('2026-07-06');
    await run();
    expect(await draftsOfEnrollment(id)).toEqual([{ status: 'pending', scheduled_date: '2026-07-06' }]);
  });

  it('enrolls a legacy auto-draft: the management company is mailed, nothing is drafted by the portal', async () => {
    const setup = await paid.post('/LegacyAutoDraft/Setup', { accountNumber: '200413', startMonth: '2026-04', pullDay: 6, bank: TEST_BANK_ENTRY });
    expect(setup.status, setup.body).toBe(201);
    expect(setup.json.autoDraft).toMatchObject({ draftedBy: 'managementCompany', status: 'setup', associationName: 'Cedar Point Condominiums' });
    expect(setup.json.authorizationText).toContain('drafted by your management company');
    expectErrorShape(await paid.put('/AutoDraft/Setup/Confirm', { autoDraftId: setup.json.autoDraft.autoDraftId }), 409, 'AD002');
    const managerMail = (await mailTo(db(), DEMO.manager.email)).length;
    const enrolled = await paid.put('/LegacyAutoDraft/Enroll', { autoDraftId: setup.json.autoDraft.autoDraftId });
    expect(enrolled.status, enrolled.body).toBe(200);
    expect(enrolled.json.status).toBe('active');
    const toManager = await mailTo(db(), DEMO.manager.email);
    expect(toManager).toHaveLength(managerMail + 1);
    expect(toManager.at(-1)!.subject).toBe('Auto-draft for account 200413 (Cedar Point Condominiums)');
    expect(toManager.at(-1)!.text).toContain('Pull day: the 6th of each month; next draft April 6, 2026');
    expect(toManager.at(-1)!.text).not.toContain(TEST_BANK_ACCOUNTS.settles.accountNumber);
    expect((await mailTo(db(), DEMO.paid.email)).at(-1)!.subject).toBe('Your auto-draft for account 200413 is set up');
    expect(await children(setup.json.autoDraft.autoDraftId)).toEqual([]);
    expect((await paid.get('/AutoDraft?portalEnabled=false')).json.autoDraftEnrollments.map((e: { autoDraftId: string }) => e.autoDraftId)).toEqual([setup.json.autoDraft.autoDraftId]);
    expect((await paid.get('/AutoDraft?portalEnabled=true')).json.autoDraftEnrollments).toEqual([]);
    await setAccountBalance(db(), '200413', 30000);
    await at('2026-04-06');
    await run();
    expect(await draftsOf('200413')).toEqual([]);
    // Next month the management company drafts it again: the portal shows the date coming.
    await at('2026-04-07');
    expect((await listed(paid, setup.json.autoDraft.autoDraftId)).nextPullDate).toBe('2026-05-06');
  });

  it('answers another user\'s enrollment and acknowledgements as not found, and changes nothing', async () => {
    const id = await enroll(paid, '100235');
    const ack = (await paid.get('/Acknowledgement?accountNumber=100235')).json.acknowledgements[0].id as string;
    const before = await autoDraftSnapshot(db());
    expectErrorShape(await autopay.patch(`/AutoDraft/${id}`, { skipNext: true }), 404, 'AD404');
    expectErrorShape(await autopay.del(`/AutoDraft/${id}`), 404, 'AD404');
    expectErrorShape(await autopay.put('/AutoDraft/Setup/Confirm', { autoDraftId: id }), 404, 'AD404');
    expectErrorShape(await autopay.put('/LegacyAutoDraft/Enroll', { autoDraftId: id }), 404, 'AD404');
    expectErrorShape(await autopay.put(`/Acknowledgement/${ack}/Confirm`), 404, 'ACK404');
    expect((await autopay.get('/AutoDraft')).json.autoDraftEnrollments.map((e: { autoDraftId: string }) => e.autoDraftId)).not.toContain(id);
    expectErrorShape(await call(app, 'GET', '/api/payments/AutoDraft'), 401);
    expect(await autoDraftSnapshot(db())).toEqual(before);
  });

  it('lists recurring-payment and auto-draft authorizations with string ids, and confirms them as they are', async () => {
    // The homeowner: a recurring payment at Maple Grove, and (its recurring payment removed, its balance paid) a legacy auto-draft at Cedar Point.
    const visa = (await home.get('/PaymentMethod')).json.paymentMethods[0].id;
    const rec = await home.post('/RecurringPayment/Setup', { subLedgerId: await subLedgerId(db(), '100234'), paymentMethodId: visa, frequency: 'monthly', startDate: '2026-03-20', amount: { kind: 'fullBalance' } });
    expect(rec.status, rec.body).toBe(201);
    expect((await home.put(`/RecurringPayment/Setup/${rec.json.recurringPayment.recurringPaymentId}/Confirm`)).status).toBe(200);
    for (const r of (await home.get('/RecurringPayment?accountNumber=200411')).json.recurringPayments) expect((await home.del(`/RecurringPayment/${r.recurringPaymentId}`)).status).toBe(204);
    await setAccountBalance(db(), '200411', 0);
    clock.advance(1000);
    const id = await enroll(home, '200411', {}, true);
    const list = (await home.get('/Acknowledgement')).json.acknowledgements;
    const ada = list.find((a: { kind: string }) => a.kind === 'autoDraft');
    const rpa = list.find((a: { recurringPaymentId?: string }) => a.recurringPaymentId === rec.json.recurringPayment.recurringPaymentId);
    expect(list[0]).toEqual(ada);
    expect(ada).toMatchObject({ autoDraftId: id, accountNumber: '200411', agreedBy: 'Jordan Rivera', signature: 'Jordan Rivera', active: true });
    expect(ada).not.toHaveProperty('subLedgerName');
    expect(ada.confirmedAt).toBe(ada.agreedAt);
    expect(rpa).toMatchObject({ kind: 'recurringPayment', accountNumber: '100234', subLedgerName: 'Assessments', active: true });
    expect(rpa.id).toMatch(/^rpa_\d+$/);
    expect(ada.id).toMatch(/^ada_\d+$/);
    const cedar = (await home.get('/Acknowledgement?accountNumber=200411')).json.acknowledgements;
    expect(cedar.filter((a: { kind: string }) => a.kind === 'autoDraft').map((a: { id: string }) => a.id)).toEqual([ada.id]);
    expect(cedar.map((a: { accountNumber: string }) => a.accountNumber)).not.toContain('100234');
    for (const a of [ada, rpa]) {
      const confirmed = await home.put(`/Acknowledgement/${a.id}/Confirm`);
      expect(confirmed.status, confirmed.body).toBe(200);
      expect(confirmed.json).toEqual(a);
    }
    expectErrorShape(await home.put('/Acknowledgement/dn_1/Confirm'), 404, 'ACK404');
    expectErrorShape(await home.put('/Acknowledgement/ada_999999999999/Confirm'), 404, 'ACK404');
  });
});
