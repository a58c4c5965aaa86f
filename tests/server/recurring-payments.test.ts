// Recurring payments through HTTP (openapi/payments.yaml, /RecurringPayment): setup with the
// authorization text, confirm (the authorization kept with the caller's address and mailed),
// list, update (next date, skip, amount/method/frequency as a new authorization), remove; the
// 8:00 pm New York cutoff the day before the next payment; one schedule per sub-ledger (PAY013);
// someone else's schedule (404 PAY009); bad input (400, nothing stored). On PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, count, createTestClock, dataOf, expectErrorShape, expectStatus, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase } from './helpers.ts';
import { subLedgerId } from './payments-helpers.ts';
import { api, associationId, saveMethod, type Api } from './billing-helpers.ts';
import { agreeToChange, mailTo, recurringSnapshot } from './recurring-helpers.ts';

const CANCELLATION =
  'You can change or remove it in the portal until 8:00 pm Eastern time the day before a payment is due. To cancel in writing, write to your association at least 14 calendar days before the next due date.';

describe.each(BACKENDS)('recurring payments API on %s', (kind) => {
  const database = useTestDatabase(kind);
  // 15:00 UTC = 10:00 EST on Monday 2026-01-12: "today" is 2026-01-12 in New York.
  const clock = createTestClock(new Date('2026-01-12T15:00:00Z'));
  let app: FastifyInstance;
  let home: Api;
  let paid: Api;
  let visaId: number;
  let assessments: number; // 100234 Assessments, $200.00
  let lateFees: number; // 100234 Late fees, $45.00
  const db = () => database.current.db;

  /** Moves the app clock to an instant and signs in again (the test clock also ages the tokens). */
  let signIns = 0;
  async function at(instant: string) {
    clock.set(new Date(instant));
    // Each time from another address: sign-in is rate limited per e-mail and address.
    const ip = `198.51.100.${++signIns}`;
    home = api(app, (await signIn(app, DEMO.homeowner, ip)).token);
    paid = api(app, (await signIn(app, DEMO.paid, ip)).token);
  }

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now, sandboxProvider: true });
    await at('2026-01-12T15:00:00Z');
    visaId = (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods[0].id;
    assessments = await subLedgerId(db(), '100234');
    lateFees = await subLedgerId(db(), '100234', 'Late fees');
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await at('2026-01-12T15:00:00Z');
    // Each test starts with no schedules (removed ones keep their history but free the sub-ledger).
    await db().query(`UPDATE recurring_payments SET status = 'removed', removed_at = now() WHERE status <> 'removed'`);
  });

  async function setUp(body: Partial<Parameters<Api['typed']['setupRecurringPayment']>[0]> = {}, headers: Record<string, string> = {}) {
    const res = await home.typed.setupRecurringPayment(
      { subLedgerId: assessments, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-01-31', amount: { kind: 'fullBalance' }, ...body },
      { headers },
    );
    expectStatus(res, 201);
    return res.data;
  }
  async function active(body: Partial<Parameters<Api['typed']['setupRecurringPayment']>[0]> = {}) {
    const setup = await setUp(body);
    expectStatus(await home.typed.confirmRecurringPayment(setup.recurringPayment.recurringPaymentId, { ip: '203.0.113.7' }), 200);
    return setup.recurringPayment.recurringPaymentId;
  }
  async function listed(id: string) {
    return (await dataOf(home.typed.listRecurringPayments(), 200)).recurringPayments.find((r) => r.recurringPaymentId === id);
  }

  it('sets up a schedule with the authorization text; Confirm keeps it with the address, mails a copy, and is idempotent', async () => {
    const mails = (await mailTo(db(), DEMO.homeowner.email)).length;
    const setup = await setUp({ amount: { kind: 'percentage', basisPoints: 2500, maximumCents: 10000 } });
    const id = setup.recurringPayment.recurringPaymentId;
    expect(id).toMatch(/^rec_[0-9a-z]{16}$/);
    expect(setup.recurringPayment).toMatchObject({
      subLedgerId: assessments,
      accountNumber: '100234',
      subLedgerName: 'Assessments',
      frequency: 'monthly',
      dayOfMonth: 31,
      startDate: '2026-01-31',
      nextPaymentDate: '2026-01-31',
      amount: { kind: 'percentage', basisPoints: 2500, maximumCents: 10000 },
      paymentMethodId: visaId,
      method: { kind: 'card', brand: 'visa', last4: '4242' },
      status: 'setup',
      consecutiveFailures: 0,
      changeableUntil: '2026-01-31T01:00:00.000Z',
      changeable: true,
    });
    expect(setup.recurringPayment.lastPayment).toBeUndefined();
    const text = setup.authorizationText;
    for (const part of ['Maple Grove HOA', 'Visa card ending in 4242', 'every month', 'on the 31st (the last day of the month in shorter months)', 'starting January 31, 2026', 'account 100234 (Assessments)', '25% of the balance due on the payment date, rounded to the cent, up to $100.00', CANCELLATION]) {
      expect(text).toContain(part);
    }
    // Nothing is authorized or mailed before Confirm.
    expect(await count(db(), `recurring_payment_authorizations WHERE recurring_payment_id = '${id}'`)).toBe(0);
    expect(await mailTo(db(), DEMO.homeowner.email)).toHaveLength(mails);

    const confirmed = await home.typed.confirmRecurringPayment(id, { ip: '203.0.113.7' });
    expectStatus(confirmed, 200);
    expect(confirmed.data).toMatchObject({ recurringPaymentId: id, status: 'active' });
    const { rows } = await db().query<{ text: string; ip: string; sub_ledger_id: number; payment_method_id: number; frequency: string; amount_kind: string; basis_points: number; maximum_cents: string; user_id: number }>(
      'SELECT * FROM recurring_payment_authorizations WHERE recurring_payment_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ text, sub_ledger_id: assessments, payment_method_id: visaId, frequency: 'monthly', amount_kind: 'percentage', basis_points: 2500 });
    expect(Number(rows[0].maximum_cents)).toBe(10000);
    expect(rows[0].ip).toBe('203.0.113.7');
    const mailed = await mailTo(db(), DEMO.homeowner.email);
    expect(mailed).toHaveLength(mails + 1);
    expect(mailed.at(-1)!.subject).toBe('Your recurring payment for account 100234 is set up');
    expect(mailed.at(-1)!.text).toContain(text);
    expect(mailed.at(-1)!.text).toContain(`See it in the portal: ${TEST_PUBLIC_URL}/billing/recurring-payments?accountNumber=100234`);

    // Again: the same answer, nothing recorded or mailed again.
    const again = await home.typed.confirmRecurringPayment(id);
    expectStatus(again, 200);
    expect(again.data).toEqual(confirmed.data);
    expect(await count(db(), `recurring_payment_authorizations WHERE recurring_payment_id = '${id}'`)).toBe(1);
    expect(await mailTo(db(), DEMO.homeowner.email)).toHaveLength(mails + 1);
  });

  it('lists the caller\'s schedules that are not removed, with the cutoff and filters', async () => {
    const first = await active();
    const second = await setUp({ subLedgerId: lateFees, startDate: '2026-02-15', frequency: 'quarterly', amount: { kind: 'fixed', amountCents: 4500 } });
    const all = (await dataOf(home.typed.listRecurringPayments(), 200)).recurringPayments;
    expect(all.map((r) => r.recurringPaymentId)).toEqual([first, second.recurringPayment.recurringPaymentId]);
    expect(all[1]).toMatchObject({ status: 'setup', frequency: 'quarterly', dayOfMonth: 15, changeableUntil: '2026-02-15T01:00:00.000Z', changeable: true });
    expect((await dataOf(home.typed.listRecurringPayments({ subLedgerId: lateFees }), 200)).recurringPayments).toHaveLength(1);
    expect((await dataOf(home.typed.listRecurringPayments({ nextPaymentDate: '2026-01-31' }), 200)).recurringPayments.map((r) => r.recurringPaymentId)).toEqual([first]);
    expect((await dataOf(home.typed.listRecurringPayments({ accountNumber: '200411' }), 200)).recurringPayments).toEqual([]);
    // Another homeowner sees none of them; naming the homeowner's account is 404 GP002.
    expect((await dataOf(paid.typed.listRecurringPayments(), 200)).recurringPayments).toEqual([]);
    expectErrorShape(await paid.typed.listRecurringPayments({ accountNumber: '100234' }), 404, 'GP002');
  });

  it('Idempotency-Key: the same request answers the same schedule; another body with the key is 422 IDEM001', async () => {
    const first = await setUp({}, { 'idempotency-key': 'rec-1' });
    const again = await setUp({}, { 'idempotency-key': 'rec-1' });
    expect(again).toEqual(first);
    expect(await count(db(), `recurring_payments WHERE status = 'setup'`)).toBe(1);
    const other = await home.typed.setupRecurringPayment(
      { subLedgerId: lateFees, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-01-31', amount: { kind: 'fullBalance' } },
      { headers: { 'idempotency-key': 'rec-1' } },
    );
    expectErrorShape(other, 422, 'IDEM001');
  });

  it('one schedule per sub-ledger: another one is 409 PAY013 and nothing is stored; after removal a new one is allowed', async () => {
    const id = await active();
    const before = await recurringSnapshot(db());
    const second = await home.typed.setupRecurringPayment({ subLedgerId: assessments, paymentMethodId: visaId, frequency: 'yearly', startDate: '2026-03-01', amount: { kind: 'fixed', amountCents: 100 } });
    expectErrorShape(second, 409, 'PAY013');
    expect(second.data.detail).toBe('This account already has a recurring payment or auto-draft.');
    expect(await recurringSnapshot(db())).toEqual(before);
    expect((await home.typed.cancelRecurringPayment(id)).status).toBe(204);
    await setUp({ frequency: 'yearly', startDate: '2026-03-01' });
  });

  it('a set-up left unconfirmed never blocks another one: both are listed with their authorization; the first confirmed wins, the other is 409 PAY013', async () => {
    const abandoned = await setUp();
    const second = await setUp({ frequency: 'yearly', startDate: '2026-03-01', amount: { kind: 'fixed', amountCents: 100 } });
    const open = (await dataOf(home.typed.listRecurringPayments({ accountNumber: '100234' }), 200)).recurringPayments;
    expect(open.map((r) => [r.recurringPaymentId, r.status])).toEqual([
      [abandoned.recurringPayment.recurringPaymentId, 'setup'],
      [second.recurringPayment.recurringPaymentId, 'setup'],
    ]);
    expect(open[0]).toMatchObject({ authorizationText: abandoned.authorizationText, expiresAt: '2026-01-13T15:00:00.000Z' });
    expect(open[1].authorizationText).toBe(second.authorizationText);

    expectStatus(await home.typed.confirmRecurringPayment(second.recurringPayment.recurringPaymentId), 200);
    const before = await recurringSnapshot(db());
    expectErrorShape(await home.typed.confirmRecurringPayment(abandoned.recurringPayment.recurringPaymentId), 409, 'PAY013');
    expect(await recurringSnapshot(db())).toEqual(before);
    // A confirmed schedule still holds the sub-ledger.
    expectErrorShape(await home.typed.setupRecurringPayment({ subLedgerId: assessments, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-02-01', amount: { kind: 'fullBalance' } }), 409, 'PAY013');
    const listed = (await dataOf(home.typed.listRecurringPayments({ accountNumber: '100234' }), 200)).recurringPayments;
    expect(listed.find((r) => r.status === 'active')?.authorizationText).toBeUndefined();
  });

  it('a set-up expires 24 hours after it was made: no longer listed, never confirmable (409 PAY008), and it holds nothing', async () => {
    const setup = await setUp();
    const id = setup.recurringPayment.recurringPaymentId;
    await at('2026-01-13T14:59:59Z');
    expect((await listed(id))?.status).toBe('setup');
    await at('2026-01-13T15:00:00Z');
    expect(await listed(id)).toBeUndefined();
    const before = await recurringSnapshot(db());
    const late = await home.typed.confirmRecurringPayment(id);
    expectErrorShape(late, 409, 'PAY008');
    expect(late.data.detail).toBe('This recurring payment was set up more than 24 hours ago and was not authorized in time. Set it up again.');
    expect(await recurringSnapshot(db())).toEqual(before);
    const again = await setUp({ startDate: '2026-02-01' });
    expectStatus(await home.typed.confirmRecurringPayment(again.recurringPayment.recurringPaymentId), 200);
  });

  it('bad input is 400 VAL001 with a clear message, and nothing is stored', async () => {
    const before = await recurringSnapshot(db());
    const base = { subLedgerId: assessments, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-01-31', amount: { kind: 'fullBalance' } };
    const today = await home.post('/RecurringPayment/Setup', { ...base, startDate: '2026-01-12' });
    expectErrorShape(today, 400, 'VAL001');
    expect(today.json.detail).toBe('The first payment date must be after today (January 12, 2026, Eastern time).');
    expect(today.json.fields).toEqual({ startDate: today.json.detail });
    for (const body of [
      { ...base, amount: { kind: 'percentage', basisPoints: 0 } },
      { ...base, amount: { kind: 'percentage', basisPoints: 10001 } },
      { ...base, amount: { kind: 'fixed' } },
      { ...base, amount: { kind: 'fixed', amountCents: 0 } },
      { ...base, amount: { kind: 'fullBalance', amountCents: 100 } },
      { ...base, frequency: 'weekly' },
      { ...base, startDate: '31/01/2026' },
      { ...base, extra: true },
    ]) {
      const res = await home.post('/RecurringPayment/Setup', body);
      expectErrorShape(res, 400, 'VAL001');
      expect(res.json.detail.length, JSON.stringify(body)).toBeGreaterThan(10);
    }
    expect(await recurringSnapshot(db())).toEqual(before);

    const id = await active();
    const afterSetup = await recurringSnapshot(db());
    const both = await home.patch(`/RecurringPayment/${id}`, { nextPaymentDate: '2026-02-10', skipNext: true });
    expectErrorShape(both, 400, 'VAL001');
    expect(both.json.detail).toBe('Give either nextPaymentDate or skipNext, not both.');
    expectErrorShape(await home.patch(`/RecurringPayment/${id}`, { nextPaymentDate: '2026-01-12' }), 400, 'VAL001');
    expectErrorShape(await home.patch(`/RecurringPayment/${id}`, {}), 400, 'VAL001');
    expectErrorShape(await home.patch(`/RecurringPayment/${id}`, { skipNext: false }), 400, 'VAL001');
    expectErrorShape(await home.get('/RecurringPayment/Setup/rec_short/Confirm'), 404);
    expect(await recurringSnapshot(db())).toEqual(afterSetup);
  });

  it('a blocked account cannot set up or confirm (403 PAY004); a method of another association is 409 PM002', async () => {
    const setup = await setUp();
    await db().query(`UPDATE accounts SET payments_blocked = true WHERE account_number = '100234'`);
    try {
      const before = await recurringSnapshot(db());
      expectErrorShape(await home.typed.setupRecurringPayment({ subLedgerId: lateFees, paymentMethodId: visaId, frequency: 'monthly', startDate: '2026-02-01', amount: { kind: 'fullBalance' } }), 403, 'PAY004');
      expectErrorShape(await home.typed.confirmRecurringPayment(setup.recurringPayment.recurringPaymentId), 403, 'PAY004');
      expect(await recurringSnapshot(db())).toEqual(before);
    } finally {
      await db().query(`UPDATE accounts SET payments_blocked = false WHERE account_number = '100234'`);
    }
    const cedarVisa = await saveMethod(app, home, await associationId(db(), 'cedarpoint'), 'visa');
    expectErrorShape(await home.typed.setupRecurringPayment({ subLedgerId: lateFees, paymentMethodId: cedarVisa.id, frequency: 'monthly', startDate: '2026-02-01', amount: { kind: 'fullBalance' } }), 409, 'PM002');
  });

  it('another homeowner\'s schedule answers 404 PAY009 like an unknown one, and nothing changes', async () => {
    const id = await active();
    const before = await recurringSnapshot(db());
    expectErrorShape(await paid.typed.confirmRecurringPayment(id), 404, 'PAY009');
    expectErrorShape(await paid.typed.updateRecurringPayment(id, { skipNext: true }), 404, 'PAY009');
    expectErrorShape(await paid.typed.cancelRecurringPayment(id), 404, 'PAY009');
    expectErrorShape(await home.typed.updateRecurringPayment('rec_0000000000000000', { skipNext: true }), 404, 'PAY009');
    expectErrorShape(await home.typed.cancelRecurringPayment('rec_0000000000000000'), 404, 'PAY009');
    expect(await recurringSnapshot(db())).toEqual(before);
  });

  it('updates: a new date sets the day of the month; skipping moves one period; new terms are a new authorization, mailed', async () => {
    const id = await active({ startDate: '2026-01-31' });
    const moved = await agreeToChange(home, id, { nextPaymentDate: '2026-02-27' });
    expectStatus(moved, 200);
    expect(moved.data).toMatchObject({ nextPaymentDate: '2026-02-27', dayOfMonth: 27, startDate: '2026-01-31', changeableUntil: '2026-02-27T01:00:00.000Z' });
    expect(await count(db(), `recurring_payment_authorizations WHERE recurring_payment_id = '${id}'`)).toBe(2); // a new date is a new authorization too

    const skipped = await home.typed.updateRecurringPayment(id, { skipNext: true });
    expectStatus(skipped, 200);
    expect(skipped.data).toMatchObject({ nextPaymentDate: '2026-03-27', dayOfMonth: 27 });

    const mails = (await mailTo(db(), DEMO.homeowner.email)).length;
    const cedarLess = await saveMethod(app, home, await associationId(db(), 'maplegrove'), 'mastercard');
    const changed = await agreeToChange(home, id, { amount: { kind: 'fixed', amountCents: 7500 }, paymentMethodId: cedarLess.id, frequency: 'quarterly' });
    expectStatus(changed, 200);
    expect(changed.data).toMatchObject({ amount: { kind: 'fixed', amountCents: 7500 }, paymentMethodId: cedarLess.id, method: { kind: 'card', brand: 'mastercard' }, frequency: 'quarterly', status: 'active' });
    const auths = await db().query<{ text: string; amount_cents: string; frequency: string }>('SELECT text, amount_cents, frequency FROM recurring_payment_authorizations WHERE recurring_payment_id = $1 ORDER BY id', [id]);
    expect(auths.rows).toHaveLength(3);
    expect(auths.rows[2]).toMatchObject({ frequency: 'quarterly' });
    expect(auths.rows[2].text).toContain('$75.00');
    expect(auths.rows[2].text).toContain('Mastercard card ending in');
    expect(auths.rows[2].text).toContain('every three months');
    const mailed = await mailTo(db(), DEMO.homeowner.email);
    expect(mailed).toHaveLength(mails + 1);
    expect(mailed.at(-1)!.subject).toBe('Your recurring payment for account 100234 was changed');
    expect(mailed.at(-1)!.text).toContain(auths.rows[2].text);
    // A method that is not the caller's: 404 PM001 (x-policy), nothing changed.
    const before = await recurringSnapshot(db());
    const paidMethod = await saveMethod(app, paid, await associationId(db(), 'maplegrove'), 'visa');
    const after = await recurringSnapshot(db());
    expectErrorShape(await home.typed.updateRecurringPayment(id, { paymentMethodId: paidMethod.id }), 404, 'PM001');
    expect(await recurringSnapshot(db())).toEqual(after);
    expect(before.schedules).toBe(after.schedules);
  });

  it('a change of terms shows its authorization first and changes nothing until it is agreed to word for word (else 409 PAY014)', async () => {
    const id = await active({ startDate: '2026-01-31', amount: { kind: 'fixed', amountCents: 2500 } });
    const mails = (await mailTo(db(), DEMO.homeowner.email)).length;
    const before = await recurringSnapshot(db());
    const change = { amount: { kind: 'percentage' as const, basisPoints: 2500, maximumCents: 10000 }, frequency: 'quarterly' as const, nextPaymentDate: '2026-02-10' };
    const review = await home.typed.reviewRecurringPaymentChange(id, change);
    expectStatus(review, 200);
    expect(review.data.recurringPayment).toMatchObject({ recurringPaymentId: id, amount: change.amount, frequency: 'quarterly', nextPaymentDate: '2026-02-10', dayOfMonth: 10, status: 'active' });
    for (const words of ['every three months on the 10th', 'starting February 10, 2026', '25% of the balance due on the payment date', 'up to $100.00', CANCELLATION]) {
      expect(review.data.authorizationText).toContain(words);
    }
    // Reviewing (and leaving the review) changes nothing: the schedule, its next charge and the authorization in force stay.
    expect(await recurringSnapshot(db())).toEqual(before);
    expect(await listed(id)).toMatchObject({ amount: { kind: 'fixed', amountCents: 2500 }, frequency: 'monthly', nextPaymentDate: '2026-01-31' });
    // Not agreed, or agreed to other words: refused, nothing changes.
    for (const agreed of [undefined, 'I agree.', review.data.authorizationText.replace('25%', '20%')]) {
      const res = await home.typed.updateRecurringPayment(id, { ...change, ...(agreed === undefined ? {} : { agreedAuthorizationText: agreed }) });
      expectErrorShape(res, 409, 'PAY014');
    }
    expect(await recurringSnapshot(db())).toEqual(before);
    expect(await mailTo(db(), DEMO.homeowner.email)).toHaveLength(mails);
    // Agreed: changed, and the text agreed to is the authorization kept and mailed.
    const agreed = await home.typed.updateRecurringPayment(id, { ...change, agreedAuthorizationText: review.data.authorizationText });
    expectStatus(agreed, 200);
    expect(agreed.data).toMatchObject({ amount: change.amount, frequency: 'quarterly', nextPaymentDate: '2026-02-10' });
    const { rows } = await db().query<{ text: string }>('SELECT text FROM recurring_payment_authorizations WHERE recurring_payment_id = $1 ORDER BY id DESC LIMIT 1', [id]);
    expect(rows[0].text).toBe(review.data.authorizationText);
    expect((await mailTo(db(), DEMO.homeowner.email)).at(-1)!.text).toContain(review.data.authorizationText);
    // Skipping one payment and resuming are not new terms.
    expectStatus(await home.typed.updateRecurringPayment(id, { skipNext: true }), 200);
  });

  it('the cutoff: allowed until 8:00 pm New York time the day before the next payment, then 409 PAY012 and nothing changes', async () => {
    const id = await active({ startDate: '2026-01-15' });
    const other = await active({ subLedgerId: lateFees, startDate: '2026-01-15' });
    // 7:59 pm EST on Jan 14 = 00:59 UTC on Jan 15: still allowed.
    await at('2026-01-15T00:59:00Z');
    expect(await listed(id)).toMatchObject({ changeableUntil: '2026-01-15T01:00:00.000Z', changeable: true });
    expectStatus(await agreeToChange(home, id, { amount: { kind: 'fixed', amountCents: 1000 } }), 200);
    expect((await home.typed.cancelRecurringPayment(other)).status).toBe(204);
    expect(await listed(other)).toBeUndefined();
    expect((await home.typed.cancelRecurringPayment(other)).status).toBe(204); // again: 204

    // 8:00 pm EST exactly: refused, nothing changed.
    await at('2026-01-15T01:00:00Z');
    expect(await listed(id)).toMatchObject({ changeable: false });
    const before = await recurringSnapshot(db());
    for (const change of [{ amount: { kind: 'fixed' as const, amountCents: 500 } }, { skipNext: true as const }, { nextPaymentDate: '2026-01-20' }]) {
      const res = await home.typed.updateRecurringPayment(id, change);
      expectErrorShape(res, 409, 'PAY012');
    }
    expectErrorShape(await home.typed.cancelRecurringPayment(id), 409, 'PAY012');
    expect(await recurringSnapshot(db())).toEqual(before);
    expect(await listed(id)).toMatchObject({ status: 'active', amount: { kind: 'fixed', amountCents: 1000 }, nextPaymentDate: '2026-01-15' });
  });

  it('the cutoff in summer (EDT): 8:00 pm is 00:00 UTC', async () => {
    await at('2026-07-13T14:00:00Z');
    const id = await active({ startDate: '2026-07-16' });
    await at('2026-07-15T23:59:00Z');
    expectStatus(await agreeToChange(home, id, { frequency: 'yearly' }), 200);
    await at('2026-07-16T00:01:00Z');
    expectErrorShape(await home.typed.updateRecurringPayment(id, { frequency: 'monthly' }), 409, 'PAY012');
  });

  it('removed schedules answer 409 PAY008 to changes and Confirm, 204 to removal again', async () => {
    const setup = await setUp();
    const id = setup.recurringPayment.recurringPaymentId;
    expect((await home.typed.cancelRecurringPayment(id)).status).toBe(204);
    expectErrorShape(await home.typed.confirmRecurringPayment(id), 409, 'PAY008');
    expectErrorShape(await home.typed.updateRecurringPayment(id, { skipNext: true }), 409, 'PAY008');
    expect((await home.typed.cancelRecurringPayment(id)).status).toBe(204);
    expect(await listed(id)).toBeUndefined();
  });

  it('lists the authorizations given, newest first, word for word with who, when and where; the latest in effect only', async () => {
    const id = await active({ startDate: '2026-01-31', amount: { kind: 'fixed', amountCents: 2500 } });
    expectStatus(await agreeToChange(home, id, { amount: { kind: 'fixed', amountCents: 3000 } }), 200);
    const mine = (await dataOf(home.typed.listAcknowledgements({ accountNumber: '100234' }), 200)).acknowledgements
      .filter((a) => a.recurringPaymentId === id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ kind: 'recurringPayment', accountNumber: '100234', subLedgerName: 'Assessments', active: true });
    expect(mine[0].text).toContain('$30.00');
    expect(mine[1]).toMatchObject({ active: false, ipAddress: '203.0.113.7' });
    expect(mine[1].text).toContain('$25.00');
    expect(mine[0].agreedBy).toMatch(/\S+ \S+/);
    expect(Date.parse(mine[0].agreedAt)).toBeGreaterThanOrEqual(Date.parse(mine[1].agreedAt));
    // Removed: kept, no longer in effect. Another homeowner sees none of them; another's account is 404.
    expect((await home.typed.cancelRecurringPayment(id)).status).toBe(204);
    const after = (await dataOf(home.typed.listAcknowledgements(), 200)).acknowledgements.filter((a) => a.recurringPaymentId === id);
    expect(after.map((a) => a.active)).toEqual([false, false]);
    expect((await dataOf(paid.typed.listAcknowledgements(), 200)).acknowledgements.some((a) => a.recurringPaymentId === id)).toBe(false);
    expectErrorShape(await paid.typed.listAcknowledgements({ accountNumber: '100234' }), 404, 'GP002');
  });

  // Last: it removes the saved Visa the other tests pay with.
  it('removing the saved method counts its recurring payments, refuses past the cutoff, then removes them with it', async () => {
    const id = await active({ startDate: '2026-01-31' });
    const visa = async () => (await dataOf(home.typed.listPaymentMethods(), 200)).paymentMethods.find((m) => m.id === visaId);
    expect((await visa())?.scheduledPaymentCount).toBe(1);
    // 9:00 pm New York time the day before the next payment: the method pays it as scheduled.
    await at('2026-01-31T02:00:00Z');
    expectErrorShape(await home.typed.deletePaymentMethod(visaId), 409, 'PM004');
    expect((await listed(id))?.status).toBe('active');
    await at('2026-01-12T15:00:00Z');
    const removed = await home.typed.deletePaymentMethod(visaId);
    expectStatus(removed, 200);
    expect(removed.data.deactivatedScheduledPayments).toBe(1);
    expect(await listed(id)).toBeUndefined();
    expect(await visa()).toBeUndefined();
  });
});
