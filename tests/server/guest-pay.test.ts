// Guest pay end to end through HTTP, with the built-in sandbox provider: configuration, session,
// account, open charges, Setup and Confirm (card, declined card, bank settle and return), the
// large amount fee, PA007 on the test account, and refusals that leave nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, signIn, TEST_PUBLIC_URL, testApp, useTestDatabase, expectStatus, clients, dataOf } from './helpers.ts';
import { paymentServiceFor } from '../../server/payments/index.ts';
import { endAssessmentSchedules } from './assessment-helpers.ts';
import { GUEST, balance, confirm, enterMethod, guestPayerOf, guestSession, paymentEntries, sandboxCharges, setup, setupAndEnter, subLedgerId } from './payments-helpers.ts';

const DAY = 24 * 3600 * 1000;

describe.each(BACKENDS)('guest pay on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
    // The balances here are the demo's at load: its monthly assessments do not post as the clock moves on.
    await endAssessmentSchedules(database.current.db);
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;

  it('answers the configuration by association code or id; unknown: 404 GP001', async () => {
    const res = await clients(app).guestPay.getGuestConfiguration({ associationCode: 'maplegrove' });
    expectStatus(res, 200);
    expect(res.data).toEqual({
      association: { id: expect.any(Number), code: 'maplegrove', name: 'Maple Grove HOA', logoUrl: '/brand/maplegrove-logo.svg', designTemplate: 'Evergreen', faviconUrl: null, themeOverrides: {} },
      acceptsCard: true,
      acceptsBank: true,
      largeAmountThresholdCents: 200000,
      largeAmountFeeBasisPoints: 100,
      fees: [
        { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: false },
        { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true },
      ],
    });
    const byId = await clients(app).guestPay.getGuestConfiguration({ associationId: res.data.association.id });
    expect(byId.data).toEqual(res.data);
    const cedar = await clients(app).guestPay.getGuestConfiguration({ associationCode: 'cedarpoint' });
    expectStatus(cedar, 200);
    expect(cedar.data.fees).toEqual([{ methodKind: 'card', kind: 'percent', basisPoints: 350, exemptRecurring: false }]);
    const demoville = await clients(app).guestPay.getGuestConfiguration({ associationCode: 'demoville' });
    expectStatus(demoville, 200);
    expect(demoville.data.association).toMatchObject({ code: 'demoville', name: 'Demoville Test HOA', designTemplate: 'Default' });
    const unknown = await clients(app).guestPay.getGuestConfiguration({ associationCode: 'nowhere' });
    expectErrorShape(unknown, 404, 'GP001');
    expect(unknown.data.detail).toBe('Association not found');
    expectErrorShape(await clients(app).guestPay.getGuestConfiguration({ associationId: 99999 }), 404, 'GP001');
    expectErrorShape(await call(app, 'GET', `${GUEST}/configuration`), 400, 'VAL001');
  });

  it('opens a guest session with account number + zip; refuses wrong details, blocked accounts and foreign tokens', async () => {
    const ok = await clients(app).guestPay.createGuestSession({ accountNumber: '100234', zip: '30301', email: 'Guest@Example.org', associationCode: 'maplegrove' });
    expectStatus(ok, 200);
    expect(ok.data).toEqual({
      token: expect.any(String),
      account: { accountNumber: '100234', associationId: expect.any(Number), associationName: 'Maple Grove HOA', address: '412 Maple Grove Lane, Atlanta, GA 30301' },
      configuration: expect.objectContaining({ association: expect.objectContaining({ code: 'maplegrove' }) }),
    });
    const wrongZip = await clients(app).guestPay.createGuestSession({ accountNumber: '100234', zip: '30302', email: 'g@example.org' });
    expectErrorShape(wrongZip, 404, 'GP002');
    expect(wrongZip.data.detail).toBe('Account not found');
    expectErrorShape(await clients(app).guestPay.createGuestSession({ accountNumber: '999999', zip: '30301', email: 'g@example.org' }), 404, 'GP002');
    expectErrorShape(await clients(app).guestPay.createGuestSession({ accountNumber: '100234', zip: '30301', email: 'g@example.org', associationCode: 'cedarpoint' }), 404, 'GP002');
    const blocked = await clients(app).guestPay.createGuestSession({ accountNumber: '100236', zip: '30301', email: 'g@example.org' });
    expectErrorShape(blocked, 403, 'PAY004');
    expect(blocked.data.detail).toBe('Payments are blocked or disabled for this account. Please contact your management company.');
    expectErrorShape(await clients(app).guestPay.createGuestSession({ accountNumber: '10023a', zip: '30301', email: 'g@example.org' }), 400, 'VAL001');
    expectErrorShape(await clients(app).guestPay.createGuestSession({ accountNumber: '100234', zip: '3030', email: 'g@example.org' }), 400, 'VAL001');
    expectErrorShape(await clients(app).guestPay.createGuestSession({ accountNumber: '100234', zip: '30301', email: 'not-an-email' }), 400, 'VAL001');

    // A guest token is not a homeowner token, and the other way round.
    expectErrorShape(await clients(app, ok.data.token).payments.getAccounts(), 401, 'AUTH002');
    const homeowner = await signIn(app, DEMO.homeowner);
    expectErrorShape(await clients(app, homeowner.token).guestPay.getGuestAccount(), 401, 'AUTH002');
    expectErrorShape(await clients(app).guestPay.getGuestAccount(), 401, 'AUTH002');
    // Guest tokens expire (1 hour).
    clock.advance(61 * 60 * 1000);
    expectErrorShape(await clients(app, ok.data.token).guestPay.getGuestAccount(), 401, 'AUTH002');
  });

  it('rate limits guest sessions like sign-in (per account number and IP)', async () => {
    const limited = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true, rateLimits: { authenticate: { limit: 3, windowSeconds: 900 } } });
    try {
      const body = { accountNumber: '100235', zip: '99999', email: 'g@example.org' };
      for (let i = 0; i < 3; i++) expectErrorShape(await call(limited, 'POST', `${GUEST}/session`, { body, ip: '10.9.9.9' }), 404, 'GP002');
      const res = await call(limited, 'POST', `${GUEST}/session`, { body: { ...body, zip: '30301' }, ip: '10.9.9.9' });
      expectErrorShape(res, 429, 'RATE001');
      expect(res.headers['retry-after']).toBeDefined();
      // Another IP is not limited.
      expect((await call(limited, 'POST', `${GUEST}/session`, { body: { ...body, zip: '30301' }, ip: '10.9.9.10' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('shows the account, its sub-ledgers and the open charges; another account’s sub-ledger is 404', async () => {
    const token = await guestSession(app, '100234', '30301');
    const account = await clients(app, token).guestPay.getGuestAccount();
    expectStatus(account, 200);
    const assessmentsId = await subLedgerId(db(), '100234');
    const lateFeesId = await subLedgerId(db(), '100234', 'Late fees');
    expect(account.data).toEqual({
      accountNumber: '100234',
      associationName: 'Maple Grove HOA',
      address: '412 Maple Grove Lane, Atlanta, GA 30301',
      balanceCents: 24500,
      subLedgers: [
        { id: assessmentsId, name: 'Assessments', balanceCents: 20000 },
        { id: lateFeesId, name: 'Late fees', balanceCents: 4500 },
      ],
    });
    const open = await clients(app, token).guestPay.getGuestAssessments(assessmentsId);
    expect(open.data).toEqual({ subLedgerId: assessmentsId, assessments: [{ description: 'Quarterly assessment', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), amountCents: 20000 }] });
    expect((await dataOf(clients(app, token).guestPay.getGuestAssessments(lateFeesId), 200)).assessments).toEqual([
      { description: 'Late fee', date: expect.any(String), amountCents: 4500 },
    ]);
    expectErrorShape(await clients(app, token).guestPay.getGuestAssessments(await subLedgerId(db(), '200411')), 404, 'GP002');
    expectErrorShape(await clients(app, token).guestPay.getGuestAssessments(999999), 404, 'GP002');
  });

  it('refuses more than the balance, zero, negative, fractions and other accounts’ ids, leaving no row behind', async () => {
    const token = await guestSession(app, '100237', '30301');
    const mine = await subLedgerId(db(), '100237');
    const theirs = await subLedgerId(db(), '200411');
    const before = { payments: await count(db(), 'payments'), keys: await count(db(), 'idempotency_keys'), entries: await count(db(), 'ledger_entries'), intents: await count(db(), 'sandbox_setup_intents') };
    const over = await setup(app, token, { subLedgerId: mine, amountCents: 7501, methodKind: 'card' }, { 'idempotency-key': 'over-1' });
    expectErrorShape(over, 422, 'PAY001');
    expect(over.data.detail).toBe('The amount cannot exceed the current balance.');
    expectErrorShape(await setup(app, token, { subLedgerId: mine, amountCents: 0, methodKind: 'card' }), 422, 'PAY003');
    expectErrorShape(await setup(app, token, { subLedgerId: mine, amountCents: -100, methodKind: 'bank' }, { 'idempotency-key': 'neg-1' }), 422, 'PAY003');
    expectErrorShape(await clients(app, token).guestPay.createGuestPayment({ subLedgerId: mine, amountCents: 10.5, methodKind: 'card' }), 400, 'VAL001');
    // Bodies of the wrong types: only the untyped call can send them.
    expectErrorShape(await call(app, 'POST', `${GUEST}/payment`, { token, body: { subLedgerId: mine, amountCents: '100', methodKind: 'card' } }), 400, 'VAL001');
    expectErrorShape(await call(app, 'POST', `${GUEST}/payment`, { token, body: { subLedgerId: mine, amountCents: 100, methodKind: 'cash' } }), 400, 'VAL001');
    expectErrorShape(await setup(app, token, { subLedgerId: theirs, amountCents: 100, methodKind: 'card' }, { 'idempotency-key': 'theirs-1' }), 404, 'GP002');
    expect({ payments: await count(db(), 'payments'), keys: await count(db(), 'idempotency_keys'), entries: await count(db(), 'ledger_entries'), intents: await count(db(), 'sandbox_setup_intents') }).toEqual(before);

    // Another account's payment: 404 on confirm, nothing written, not charged.
    const owner = await guestSession(app, '200411', '33139');
    const foreign = await setupAndEnter(app, owner, { subLedgerId: theirs, amountCents: 1000, methodKind: 'card' }, 'visa');
    const charges = await sandboxCharges(db());
    expectErrorShape(await confirm(app, token, foreign.paymentId, foreign.setupIntentId, { 'idempotency-key': 'foreign-1' }), 404, 'PAY009');
    expectErrorShape(await confirm(app, token, 'pay_0000000000000000', foreign.setupIntentId), 404, 'PAY009');
    expect(await sandboxCharges(db())).toBe(charges);
    expect(await count(db(), 'idempotency_keys')).toBe(before.keys);
    const { rows } = await db().query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [foreign.paymentId]);
    expect(rows[0].status).toBe('setup');
    // The owner may not confirm with another intent id either.
    expectErrorShape(await confirm(app, owner, foreign.paymentId, 'seti_not_mine'), 404, 'PAY009');
  });

  it("the provider's hosted page offers to pay the total it will charge, also after the amount changes", async () => {
    const token = await guestSession(app, '100237', '30301', 'payer@example.org');
    const id = await subLedgerId(db(), '100237');
    const s = await setup(app, token, { subLedgerId: id, amountCents: 5000, methodKind: 'card' });
    expectStatus(s, 201);
    const button = async () => (await call(app, 'GET', s.data.hostedEntryUrl)).body.match(/<button type="submit" id="submit">([^<]*)<\/button>/)?.[1];
    expect(await button()).toBe('Pay $51.48');
    await paymentServiceFor(app.services).updateSetup({ payer: guestPayerOf(token), paymentId: s.data.paymentId, amountCents: 1200 });
    expect(await button()).toBe('Pay $12.35'); // $12.00 and 2.95 %
  });

  it('pays by card: amount, fee and total from the server; one ledger entry; a receipt; repeats answer the same', async () => {
    const token = await guestSession(app, '100237', '30301', 'payer@example.org');
    const id = await subLedgerId(db(), '100237');
    expect(await balance(db(), id)).toBe(7500);
    const s = await setup(app, token, { subLedgerId: id, amountCents: 5000, methodKind: 'card' });
    expectStatus(s, 201);
    expect(s.data).toEqual({
      paymentId: expect.stringMatching(/^pay_[0-9a-z]{16}$/),
      amountCents: 5000,
      feeCents: 148, // 2.95 % of $50.00 = 147.5 -> 148 (half up)
      totalCents: 5148,
      methodKind: 'card',
      setupIntentId: expect.any(String),
      clientSecret: expect.any(String),
      hostedEntryUrl: expect.stringContaining('/sandbox-provider/entry/'),
      duplicateWarning: false,
    });
    // Nothing entered yet on the hosted page.
    const early = await confirm(app, token, s.data.paymentId, s.data.setupIntentId);
    expectErrorShape(early, 409, 'PAY005');
    expect(early.data.detail).toBe('Enter your card or bank details first.');
    await enterMethod(app, s.data.setupIntentId, s.data.clientSecret, 'visa');
    const c = await confirm(app, token, s.data.paymentId, s.data.setupIntentId);
    expectStatus(c, 200);
    expect(c.data).toEqual({
      paymentId: s.data.paymentId,
      confirmationNumber: expect.stringMatching(/^CP-[0-9A-Z]{8}$/),
      status: 'succeeded',
      amountCents: 5000,
      feeCents: 148,
      totalCents: 5148,
      method: { kind: 'card', brand: 'visa', last4: '4242' },
      createdAt: expect.any(String),
      receiptEmail: 'payer@example.org',
    });
    expect(await balance(db(), id)).toBe(2500);
    expect(await paymentEntries(db(), s.data.paymentId)).toEqual([{ kind: 'payment', amount: -5000 }]);
    const charged = await db().query<{ amount_cents: string | number }>('SELECT amount_cents FROM sandbox_charges ORDER BY created_at DESC, id LIMIT 1');
    expect(Number(charged.rows[0].amount_cents)).toBe(5148);
    const again = await confirm(app, token, s.data.paymentId, s.data.setupIntentId);
    expectStatus(again, 200);
    expect(JSON.stringify(again.data)).toBe(JSON.stringify(c.data));
    expect(await paymentEntries(db(), s.data.paymentId)).toHaveLength(1);
    const mail = await db().query<{ to_address: string; subject: string; text_body: string }>(
      `SELECT to_address, subject, text_body FROM mail_outbox WHERE subject LIKE 'Payment confirmation%'`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({ to_address: 'payer@example.org', subject: `Payment confirmation ${c.data.confirmationNumber}` });
    expect(mail.rows[0].text_body).toContain('Total charged: $51.48');
    // A guest may have no sign-in: the receipt does not send them to the portal's pages.
    expect(mail.rows[0].text_body).not.toContain(TEST_PUBLIC_URL);
    // The open charges follow the ledger; a second payment within 12 hours is flagged (the payer may continue).
    expect((await dataOf(clients(app, token).guestPay.getGuestAssessments(id), 200)).assessments).toEqual([
      { description: 'Special assessment', date: expect.any(String), amountCents: 2500 },
    ]);
    const second = await setup(app, token, { subLedgerId: id, amountCents: 2500, methodKind: 'bank' });
    expect(second.data).toMatchObject({ amountCents: 2500, feeCents: 150, totalCents: 2650, duplicateWarning: true });
    clock.advance(13 * 3600 * 1000);
    const fresh = await guestSession(app, '100237', '30301');
    const later = await setup(app, fresh, { subLedgerId: id, amountCents: 2500, methodKind: 'bank' });
    expectStatus(later, 201);
    expect(later.data.duplicateWarning).toBe(false);
    // Confirm with another payment's intent id: 404, whatever the payment's state.
    expectErrorShape(await confirm(app, fresh, s.data.paymentId, later.data.setupIntentId), 404, 'PAY009');
  });

  it('a declined card: 402 PAY002, the payment ends declined, no ledger entry', async () => {
    const token = await guestSession(app, '100234', '30301');
    const id = await subLedgerId(db(), '100234', 'Late fees');
    const before = await count(db(), 'ledger_entries');
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 4500, methodKind: 'card' }, 'declined');
    const res = await confirm(app, token, s.paymentId, s.setupIntentId);
    expectErrorShape(res, 402, 'PAY002');
    expect(res.data.detail).toBe('Your card was declined.');
    expectErrorShape(await confirm(app, token, s.paymentId, s.setupIntentId), 402, 'PAY002');
    expect(await count(db(), 'ledger_entries')).toBe(before);
    expect(await balance(db(), id)).toBe(4500);
    const { rows } = await db().query<{ status: string; confirmation_number: string | null; failure_code: string }>('SELECT status, confirmation_number, failure_code FROM payments WHERE id = $1', [s.paymentId]);
    expect(rows[0]).toEqual({ status: 'declined', confirmation_number: null, failure_code: 'card_declined' });
  });

  it('Demoville is on an unconnected test account: 409 PA007, nothing written', async () => {
    const token = await guestSession(app, '300100', '10001');
    const id = await subLedgerId(db(), '300100');
    const before = await count(db(), 'payments');
    const res = await setup(app, token, { subLedgerId: id, amountCents: 5000, methodKind: 'card' });
    expectErrorShape(res, 409, 'PA007');
    expect(res.data.title).toBe('Test Account Detected');
    expect(res.data.detail).toContain('not connected to a proper payment provider');
    expect(await count(db(), 'payments')).toBe(before);
  });

  it('guests over $2,000.00 pay the large amount fee on top, exact to the cent; a bank debit is pending then settles', async () => {
    const token = await guestSession(app, '200411', '33139');
    const id = await subLedgerId(db(), '200411');
    const current = await balance(db(), id);
    expect(current).toBe(245000);
    const card = await setup(app, token, { subLedgerId: id, amountCents: 245000, methodKind: 'card' });
    expectStatus(card, 201);
    expect(card.data).toMatchObject({ amountCents: 245000, feeCents: 8575 + 2450, totalCents: 256025 });
    await enterMethod(app, card.data.setupIntentId, card.data.clientSecret, 'visa');
    const atThreshold = await setup(app, token, { subLedgerId: id, amountCents: 200000, methodKind: 'card' });
    expect(atThreshold.data).toMatchObject({ feeCents: 7000, totalCents: 207000 });
    const bank = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 245000, methodKind: 'bank' }, 'bankSettles');
    expect(bank).toMatchObject({ feeCents: 2450, totalCents: 247450 });
    const c = await confirm(app, token, bank.paymentId, bank.setupIntentId);
    expectStatus(c, 200);
    expect(c.data).toMatchObject({ status: 'pending', amountCents: 245000, feeCents: 2450, totalCents: 247450, method: { kind: 'bank', last4: '6789' } });
    expect(c.data.method.brand).toBeUndefined();
    // The balance drops at once (the entry is shown as pending while the payment is).
    expect(await balance(db(), id)).toBe(0);
    clock.advance(7 * DAY);
    await app.services.jobs.runDueWork();
    const { rows } = await db().query<{ status: string; settled_at: Date | null }>('SELECT status, settled_at FROM payments WHERE id = $1', [bank.paymentId]);
    expect(rows[0].status).toBe('succeeded');
    expect(rows[0].settled_at).not.toBeNull();
    expect(await balance(db(), id)).toBe(0);
    expect(await paymentEntries(db(), bank.paymentId)).toEqual([{ kind: 'payment', amount: -245000 }]);
    // The earlier card setup can no longer be confirmed: the balance is gone (checked again at Confirm).
    // (Its token has expired meanwhile; a new guest session does not reach it, so its session's payer confirms.)
    const charges = await sandboxCharges(db());
    expectErrorShape(await confirm(app, await guestSession(app, '200411', '33139'), card.data.paymentId, card.data.setupIntentId), 404, 'PAY009');
    await expect(paymentServiceFor(app.services).confirmPayment({ payer: guestPayerOf(token), paymentId: card.data.paymentId, setupIntentId: card.data.setupIntentId })).rejects.toMatchObject({
      status: 422,
      errorCode: 'PAY001',
    });
    expect(await sandboxCharges(db())).toBe(charges);
  });

  it('a returned bank debit writes a Payment Return entry that restores the balance', async () => {
    const token = await guestSession(app, '100234', '30301');
    const id = await subLedgerId(db(), '100234');
    expect(await balance(db(), id)).toBe(20000);
    const s = await setupAndEnter(app, token, { subLedgerId: id, amountCents: 20000, methodKind: 'bank' }, 'bankReturned');
    const c = await confirm(app, token, s.paymentId, s.setupIntentId);
    expect(c.data.status).toBe('pending');
    expect(await balance(db(), id)).toBe(0);
    clock.advance(7 * DAY);
    await app.services.jobs.runDueWork();
    await app.services.jobs.runDueWork(); // applying events twice changes nothing
    expect(await paymentEntries(db(), s.paymentId)).toEqual([
      { kind: 'payment', amount: -20000 },
      { kind: 'payment_return', amount: 20000 },
    ]);
    expect(await balance(db(), id)).toBe(20000);
    const { rows } = await db().query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [s.paymentId]);
    expect(rows[0].status).toBe('returned');
    const fresh = await guestSession(app, '100234', '30301');
    expect((await dataOf(clients(app, fresh).guestPay.getGuestAssessments(id), 200)).assessments).toEqual([
      { description: 'Quarterly assessment', date: expect.any(String), amountCents: 20000 },
    ]);
    // The confirm answer of a returned payment stays what it was (for its own session; not another one's).
    expect(await paymentServiceFor(app.services).confirmPayment({ payer: guestPayerOf(token), paymentId: s.paymentId, setupIntentId: s.setupIntentId })).toEqual(c.data);
    expectErrorShape(await confirm(app, fresh, s.paymentId, s.setupIntentId), 404, 'PAY009');
  });
});
