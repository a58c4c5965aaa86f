// Signed-in one-time payments, the ledger and upcoming charges, through HTTP with the sandbox
// provider on PGlite and PostgreSQL: a saved method, a new method through the hosted entry, the
// duplicate warning, update and cancel, ownership (404, nothing written), blocked and unconnected
// accounts, bank payments pending then settled or returned in the ledger, charges within 25 days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase, expectStatus, dataOf } from './helpers.ts';
import { balance, enterMethod, paymentEntries, sandboxCharges, subLedgerId } from './payments-helpers.ts';
import { api, associationId, paymentStatus, saveMethod, snapshot, type Api } from './billing-helpers.ts';
import { createAssessmentSchedule } from '../../server/assessments/store.ts';

const HOUR = 3600 * 1000;

describe.each(BACKENDS)('billing: one-time payments, ledger and charges on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let home: Api;
  let paid: Api;
  let homeUserId: number;
  let paidUserId: number;
  let visaId: number;
  let assessments: number; // 100234 Assessments, $200.00
  let lateFees: number; // 100234 Late fees, $45.00
  let cedar: number; // 200411 Assessments, $2,450.00
  /** Signs in again (sessions expire when the clock moves on). */
  async function signInBoth() {
    const h = await signIn(app, DEMO.homeowner);
    const p = await signIn(app, DEMO.paid);
    home = api(app, h.token);
    paid = api(app, p.token);
    homeUserId = h.userId;
    paidUserId = p.userId;
  }
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    await signInBoth();
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    assessments = await subLedgerId(db(), '100234');
    lateFees = await subLedgerId(db(), '100234', 'Late fees');
    cedar = await subLedgerId(db(), '200411');
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  it('lists the demo’s upcoming charges (due in 10 and 20 days; the one in 40 days is not yet)', async () => {
    const res = await home.typed.getCharges();
    expectStatus(res, 200);
    expect(res.data).toEqual({
      charges: [
        { subLedgerId: assessments, accountNumber: '100234', description: 'Monthly assessment', dueDate: '2026-03-12', amountCents: 20000 },
        { subLedgerId: cedar, accountNumber: '200411', description: 'Special assessment: roof repair', dueDate: '2026-03-22', amountCents: 35000 },
      ],
    });
    expect((await dataOf(home.typed.getCharges({ accountNumber: '100234' }), 200)).charges).toHaveLength(1);
    expect((await dataOf(paid.typed.getCharges(), 200)).charges).toEqual([
      { subLedgerId: await subLedgerId(db(), '100235'), accountNumber: '100235', description: 'Monthly assessment', dueDate: '2026-03-12', amountCents: 20000 },
    ]);
  });

  it('pays with the saved Visa: fee from the server, one charge, one ledger entry, a receipt; Idempotency-Key repeats', async () => {
    const before = await balance(db(), assessments);
    const charges = await sandboxCharges(db());
    const body = { subLedgerId: assessments, amountCents: 5000, paymentMethodId: visaId };
    const setup = await home.typed.setupPayment(body, { headers: { 'idempotency-key': 'saved-1' } });
    expectStatus(setup, 201);
    expect(setup.data).toEqual({ paymentId: expect.stringMatching(/^pay_/), amountCents: 5000, feeCents: 148, totalCents: 5148, methodKind: 'card', paymentMethodId: visaId, duplicateWarning: false });
    const again = await home.typed.setupPayment(body, { headers: { 'idempotency-key': 'saved-1' } });
    expectStatus(again, 201);
    expect(JSON.stringify(again.data)).toBe(JSON.stringify(setup.data));
    expect(await count(db(), 'payments')).toBe(1);
    expectErrorShape(await home.typed.setupPayment({ ...body, amountCents: 5001 }, { headers: { 'idempotency-key': 'saved-1' } }), 422, 'IDEM001');

    const confirmed = await home.typed.confirmPayment(setup.data.paymentId, undefined, { headers: { 'idempotency-key': 'confirm-1' } });
    expectStatus(confirmed, 200);
    expect(confirmed.data).toEqual({
      paymentId: setup.data.paymentId,
      confirmationNumber: expect.stringMatching(/^CP-[0-9A-Z]{8}$/),
      status: 'succeeded',
      amountCents: 5000,
      feeCents: 148,
      totalCents: 5148,
      method: { kind: 'card', brand: 'visa', last4: '4242' },
      createdAt: clock.now().toISOString(),
    });
    expect(JSON.stringify((await home.typed.confirmPayment(setup.data.paymentId, {})).data)).toBe(JSON.stringify(confirmed.data));
    expect(await sandboxCharges(db())).toBe(charges + 1);
    expect(await paymentEntries(db(), setup.data.paymentId)).toEqual([{ kind: 'payment', amount: -5000 }]);
    expect(await balance(db(), assessments)).toBe(before - 5000);
    const mail = await db().query<{ to_address: string; text_body: string }>(`SELECT to_address, text_body FROM mail_outbox WHERE subject = $1`, [
      `Payment confirmation ${confirmed.data.confirmationNumber}`,
    ]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].to_address).toBe(DEMO.homeowner.email);
    expect(mail.rows[0].text_body).toContain('VISA ending in 4242');
    expect(mail.rows[0].text_body).toContain(`See it in the portal: ${TEST_PUBLIC_URL}/billing/account-history?accountNumber=100234`);

    // A confirmed payment can no longer be changed or cancelled.
    expectErrorShape(await home.typed.updatePaymentSetup(setup.data.paymentId, { amountCents: 100 }), 409, 'PAY008');
    expectErrorShape(await home.typed.cancelPaymentSetup(setup.data.paymentId), 409, 'PAY008');

    const list = await home.typed.listPayments({ subLedgerId: assessments, ownerId: homeUserId });
    expectStatus(list, 200);
    expect(list.data.payments).toEqual([
      {
        paymentId: setup.data.paymentId,
        subLedgerId: assessments,
        accountNumber: '100234',
        confirmationNumber: confirmed.data.confirmationNumber,
        createdAt: confirmed.data.createdAt,
        amountCents: 5000,
        feeCents: 148,
        totalCents: 5148,
        status: 'succeeded',
        method: { kind: 'card', brand: 'visa', last4: '4242' },
        kind: 'one_time',
      },
    ]);
    expect((await paid.typed.listPayments()).data).toEqual({ payments: [] });

    // With the preference sendPaymentConfirmationEmail off, no receipt.
    await db().query('UPDATE users SET send_payment_confirmation_email = false WHERE id = $1', [homeUserId]);
    try {
      const mails = await count(db(), 'mail_outbox');
      const quiet = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 100, paymentMethodId: visaId });
      expectStatus(quiet, 201);
      expectStatus(await home.typed.confirmPayment(quiet.data.paymentId), 200);
      expect(await count(db(), 'mail_outbox')).toBe(mails);
    } finally {
      await db().query('UPDATE users SET send_payment_confirmation_email = true WHERE id = $1', [homeUserId]);
    }
  });

  it('warns of a duplicate within 12 hours; a setup can be updated and cancelled before Confirm', async () => {
    const setup = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId });
    expectStatus(setup, 201);
    expect(setup.data.duplicateWarning).toBe(true);
    // Unconfirmed setups do not count, and another sub-ledger has no payment.
    expect((await dataOf(home.typed.setupPayment({ subLedgerId: lateFees, amountCents: 1000, methodKind: 'bank' }), 201)).duplicateWarning).toBe(false);

    const updated = await home.typed.updatePaymentSetup(setup.data.paymentId, { amountCents: 10000 });
    expectStatus(updated, 200);
    expect(updated.data).toEqual({ paymentId: setup.data.paymentId, amountCents: 10000, feeCents: 295, totalCents: 10295, methodKind: 'card', paymentMethodId: visaId, duplicateWarning: true });
    expectErrorShape(await home.typed.updatePaymentSetup(setup.data.paymentId, { amountCents: 0 }), 422, 'PAY003');
    expectErrorShape(await home.typed.updatePaymentSetup(setup.data.paymentId, { amountCents: 999999 }), 422, 'PAY001');
    expect(await paymentStatus(db(), setup.data.paymentId)).toBe('setup');

    const cancelled = await home.typed.cancelPaymentSetup(setup.data.paymentId);
    expectStatus(cancelled, 204);
    expect((await home.typed.cancelPaymentSetup(setup.data.paymentId)).status).toBe(204);
    expectErrorShape(await home.typed.confirmPayment(setup.data.paymentId, {}), 409, 'PAY008');

    clock.advance(13 * HOUR);
    await signInBoth();
    expect((await dataOf(home.typed.setupPayment({ subLedgerId: assessments, amountCents: 1000, paymentMethodId: visaId }), 201)).duplicateWarning).toBe(false);
  });

  it('pays with a new card through the hosted entry, and switches a setup to a saved method', async () => {
    const setup = await home.typed.setupPayment({ subLedgerId: lateFees, amountCents: 4500, methodKind: 'card' });
    expectStatus(setup, 201);
    expect(setup.data).toEqual({
      paymentId: expect.stringMatching(/^pay_/),
      amountCents: 4500,
      feeCents: 133,
      totalCents: 4633,
      methodKind: 'card',
      setupIntentId: expect.stringMatching(/^seti_/),
      clientSecret: expect.any(String),
      hostedEntryUrl: expect.stringContaining('/sandbox-provider/entry/'),
      duplicateWarning: false,
    });
    expectErrorShape(await home.typed.confirmPayment(setup.data.paymentId, { setupIntentId: setup.data.setupIntentId }), 409, 'PAY005');
    await enterMethod(app, setup.data.setupIntentId!, setup.data.clientSecret!, 'mastercard');
    const confirmed = await home.typed.confirmPayment(setup.data.paymentId, { setupIntentId: setup.data.setupIntentId });
    expectStatus(confirmed, 200);
    expect(confirmed.data).toMatchObject({ status: 'succeeded', totalCents: 4633, method: { kind: 'card', brand: 'mastercard', last4: '4444' } });
    expect(await balance(db(), lateFees)).toBe(0);

    // A hosted-entry setup switched to the saved bank account: fee recomputed ($1.50 flat).
    const bank = await saveMethod(app, home, await associationId(db(), 'maplegrove'), 'bankSettles');
    const other = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 2000, methodKind: 'card' });
    expectStatus(other, 201);
    const switched = await home.typed.updatePaymentSetup(other.data.paymentId, { paymentMethodId: bank.id });
    expectStatus(switched, 200);
    expect(switched.data).toEqual({ paymentId: other.data.paymentId, amountCents: 2000, feeCents: 150, totalCents: 2150, methodKind: 'bank', paymentMethodId: bank.id, duplicateWarning: expect.any(Boolean) });
    const paidBank = await home.typed.confirmPayment(other.data.paymentId);
    expectStatus(paidBank, 200);
    expect(paidBank.data).toMatchObject({ status: 'pending', method: { kind: 'bank', last4: '6789' } });
  });

  it('refuses exactly-one-of violations, foreign methods and other users’ resources with 404 (another user id: 403), writing nothing', async () => {
    const mine = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 500, paymentMethodId: visaId });
    expectStatus(mine, 201);
    const before = await snapshot(db());
    const charges = await sandboxCharges(db());
    expectErrorShape(await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 500, paymentMethodId: visaId, methodKind: 'card' }), 400, 'VAL001');
    expectErrorShape(await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 500 }), 400, 'VAL001');
    expectErrorShape(await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 5.5, methodKind: 'card' }), 400, 'VAL001');
    // The Maple Grove Visa cannot pay Cedar Point (the provider charges it only for Maple Grove's merchant).
    expectErrorShape(await home.typed.setupPayment({ subLedgerId: cedar, amountCents: 500, paymentMethodId: visaId }), 409, 'PM002');
    // Another homeowner: the homeowner's sub-ledger, method and payment do not exist for them.
    const paidLedger = await subLedgerId(db(), '100235');
    expectErrorShape(await paid.typed.setupPayment({ subLedgerId: assessments, amountCents: 500, methodKind: 'card' }, { headers: { 'idempotency-key': 'x-1' } }), 404, 'GP002');
    expectErrorShape(await paid.typed.setupPayment({ subLedgerId: paidLedger, amountCents: 500, paymentMethodId: visaId }), 404, 'PM001');
    expectErrorShape(await paid.typed.confirmPayment(mine.data.paymentId, {}, { headers: { 'idempotency-key': 'x-2' } }), 404, 'PAY009');
    expectErrorShape(await paid.typed.updatePaymentSetup(mine.data.paymentId, { amountCents: 100 }), 404, 'PAY009');
    expectErrorShape(await paid.typed.cancelPaymentSetup(mine.data.paymentId), 404, 'PAY009');
    expectErrorShape(await paid.typed.listPayments({ subLedgerId: assessments }), 404, 'GP002');
    // Naming another user (not a resource of theirs) is 403 whether or not that user exists.
    expectErrorShape(await paid.typed.listPayments({ ownerId: homeUserId }), 403, 'AUTH003');
    expectErrorShape(await paid.typed.getLedger({ subLedgerId: assessments }), 404, 'GP002');
    expectErrorShape(await paid.typed.getLedger({ accountNumber: '100234' }), 404, 'GP002');
    expectErrorShape(await paid.typed.getCharges({ accountNumber: '100234' }), 404, 'GP002');
    expectErrorShape(await home.typed.confirmPayment('pay_0000000000000000', {}), 404, 'PAY009');
    expect(await snapshot(db())).toEqual(before);
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await paymentStatus(db(), mine.data.paymentId)).toBe('setup');
    expect((await paid.typed.listPayments({ ownerId: paidUserId })).data).toEqual({ payments: [] });
    expect((await home.typed.cancelPaymentSetup(mine.data.paymentId)).status).toBe(204);
  });

  it('blocked account: 403 PAY004 at Confirm; unconnected association: 409 PA007', async () => {
    const setup = await home.typed.setupPayment({ subLedgerId: cedar, amountCents: 1000, methodKind: 'card' });
    expectStatus(setup, 201);
    await enterMethod(app, setup.data.setupIntentId!, setup.data.clientSecret!, 'visa');
    await db().query(`UPDATE accounts SET payments_blocked = true WHERE account_number = '200411'`);
    try {
      const charges = await sandboxCharges(db());
      const blocked = await home.typed.confirmPayment(setup.data.paymentId, { setupIntentId: setup.data.setupIntentId });
      expectErrorShape(blocked, 403, 'PAY004');
      expect(await sandboxCharges(db())).toBe(charges);
      expectErrorShape(await home.typed.setupPayment({ subLedgerId: cedar, amountCents: 1000, methodKind: 'card' }), 403, 'PAY004');
    } finally {
      await db().query(`UPDATE accounts SET payments_blocked = false WHERE account_number = '200411'`);
    }
    // Demoville (a test merchant account) given to paid@example.com.
    await db().query(`UPDATE accounts SET owner_user_id = $1 WHERE account_number = '300100'`, [paidUserId]);
    const demoville = await associationId(db(), 'demoville');
    expect((await paid.typed.getPaymentOptions(demoville)).data).toMatchObject({ providerConnected: false });
    const before = await snapshot(db());
    const res = await paid.typed.setupPayment({ subLedgerId: await subLedgerId(db(), '300100'), amountCents: 1000, methodKind: 'card' });
    expectErrorShape(res, 409, 'PA007');
    expect(res.data.title).toBe('Test Account Detected');
    expectErrorShape(await paid.typed.setupPaymentMethod({ associationId: demoville, kind: 'card' }), 409, 'PA007');
    expect(await snapshot(db())).toEqual(before);
  });

  it('shows the ledger oldest first with running balance and portal labels; a bank payment pending, then settled or returned', async () => {
    const bank = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods.find((m) => m.kind === 'bank');
    const ledger = async () => (await dataOf(home.typed.getLedger({ subLedgerId: assessments }), 200)).entries as Record<string, unknown>[];
    const first = await ledger();
    expect(first[0]).toEqual({ id: expect.any(Number), subLedgerId: assessments, date: expect.any(String), kind: 'Charge', description: 'Quarterly assessment', amountCents: 20000, balanceAfterCents: 20000 });
    expect(first[1]).toMatchObject({ kind: 'Payment', amountCents: -20000, balanceAfterCents: 0 });
    expect(first[1].status).toBeUndefined();
    expect(first.at(-1)!.balanceAfterCents).toBe(await balance(db(), assessments));

    const setup = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 3000, paymentMethodId: bank!.id });
    expectStatus(setup, 201);
    const c = await home.typed.confirmPayment(setup.data.paymentId);
    expectStatus(c, 200);
    expect(c.data.status).toBe('pending');
    let entries = await ledger();
    expect(entries.at(-1)).toEqual({
      id: expect.any(Number),
      subLedgerId: assessments,
      date: expect.any(String),
      kind: 'Payment',
      paymentMethod: 'eCheck',
      description: expect.stringContaining('Payment'),
      amountCents: -3000,
      balanceAfterCents: await balance(db(), assessments),
      status: 'pending',
      confirmationNumber: c.data.confirmationNumber,
    });
    // Card payments are settled at once.
    expect(entries.find((e) => e.paymentMethod === 'Credit Card')).toMatchObject({ status: 'settled' });

    // A bank account that will be returned, paid through the hosted entry.
    const returning = await home.typed.setupPayment({ subLedgerId: assessments, amountCents: 1000, methodKind: 'bank' });
    expectStatus(returning, 201);
    await enterMethod(app, returning.data.setupIntentId!, returning.data.clientSecret!, 'bankReturned');
    const r = await home.typed.confirmPayment(returning.data.paymentId, { setupIntentId: returning.data.setupIntentId });
    expectStatus(r, 200);
    const balanceBefore = await balance(db(), assessments);

    const advanced = await call(app, 'POST', '/dev/clock/advance', { body: { days: 5 } });
    expectStatus(advanced, 200);
    await signInBoth();
    entries = await ledger();
    expect(entries.find((e) => e.confirmationNumber === c.data.confirmationNumber && e.kind === 'Payment')).toMatchObject({ status: 'settled' });
    expect(entries.find((e) => e.confirmationNumber === r.data.confirmationNumber && e.kind === 'Payment')).toMatchObject({ status: 'returned' });
    expect(entries.at(-1)).toMatchObject({ kind: 'Payment Return', amountCents: 1000, confirmationNumber: r.data.confirmationNumber, balanceAfterCents: balanceBefore + 1000 });
    expect(await balance(db(), assessments)).toBe(balanceBefore + 1000);
    const listed = (await dataOf(home.typed.listPayments({ subLedgerId: assessments }), 200)).payments;
    expect(listed.find((p) => p.paymentId === r.data.paymentId)?.status).toBe('returned');
    expect(listed.find((p) => p.paymentId === c.data.paymentId)?.status).toBe('succeeded');

    // By account number: all of its sub-ledgers; both given must match; neither: 400.
    const all = (await dataOf(home.typed.getLedger({ accountNumber: '100234' }), 200)).entries;
    expect(new Set(all.map((e: { subLedgerId: number }) => e.subLedgerId))).toEqual(new Set([assessments, lateFees]));
    expectErrorShape(await home.typed.getLedger({ accountNumber: '200411', subLedgerId: assessments }), 404, 'GP002');
    expectErrorShape(await home.typed.getLedger(), 400, 'VAL001');
  });

  it('lists upcoming charges due within the next 25 days only (boundaries in America/New_York dates)', async () => {
    // Now is 2026-03-02 in New York plus what the earlier tests advanced; the demo seeded its
    // schedules relative to 2026-03-02 (monthly from 03-12, once on 03-22).
    const now = new Date((await call(app, 'GET', '/dev/clock')).json.now);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
    const plus = (d: number) => new Date(Date.parse(`${today}T12:00:00Z`) + d * 24 * HOUR).toISOString().slice(0, 10);
    for (const [days, description] of [[-1, 'Yesterday'], [0, 'Today'], [25, 'In 25 days'], [26, 'In 26 days']] as const) {
      const date = plus(days);
      await createAssessmentSchedule(db(), { subLedgerId: lateFees, description, amountCents: 1234, dayOfMonth: Number(date.slice(8)), startDate: date, endDate: date }, now);
    }
    const seeded = [
      { subLedgerId: assessments, accountNumber: '100234', description: 'Monthly assessment', dueDate: '2026-03-12', amountCents: 20000 },
      { subLedgerId: cedar, accountNumber: '200411', description: 'Special assessment: roof repair', dueDate: '2026-03-22', amountCents: 35000 },
      { subLedgerId: assessments, accountNumber: '100234', description: 'Monthly assessment', dueDate: '2026-04-12', amountCents: 20000 },
    ];
    const expected = [
      ...seeded,
      { subLedgerId: lateFees, accountNumber: '100234', description: 'Today', dueDate: plus(0), amountCents: 1234 },
      { subLedgerId: lateFees, accountNumber: '100234', description: 'In 25 days', dueDate: plus(25), amountCents: 1234 },
    ]
      .filter((c) => c.dueDate >= today && c.dueDate <= plus(25))
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
    const res = await home.typed.getCharges();
    expectStatus(res, 200);
    expect(res.data.charges).toEqual(expected);
    expect(res.data.charges.map((c: { description: string }) => c.description)).not.toContain('In 26 days');
    expect((await dataOf(home.typed.getCharges({ accountNumber: '200411' }), 200)).charges).toEqual(expected.filter((c) => c.accountNumber === '200411'));
    // paid@example.com was given 300100 above (its $50.00 monthly assessment is due within 25 days too).
    expect((await dataOf(paid.typed.getCharges(), 200)).charges.every((c: { accountNumber: string }) => ['100235', '300100'].includes(c.accountNumber))).toBe(true);
  });
});
