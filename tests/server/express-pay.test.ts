// Express pay end to end through HTTP, with the built-in sandbox provider: checkout links
// (good, tampered, expired, revoked), the account (balance in cents), Setup / update / Confirm by
// card through the hosted entry's attach call, the acknowledgement and the list, refusals that
// leave nothing behind, Idempotency-Key repeats, roles refused across groups, and the development
// link route (absent in production).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, clients, count, createTestClock, expectErrorShape, expectStatus, signIn, testApp, useTestDatabase } from './helpers.ts';
import type { CreateExpressPaymentBody } from '../../generated/clients/express-pay.ts';
import { balance, enterMethod, guestSession, paymentEntries, sandboxCharges, setupAndEnter, subLedgerId } from './payments-helpers.ts';
import { createCheckoutLink, revokeCheckoutLink } from '../../server/payments/express-links.ts';

const EXPRESS = '/api/express-pay';
const DAY = 24 * 3600 * 1000;

describe.each(BACKENDS)('express pay on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now, sandboxProvider: true });
  });
  afterAll(async () => {
    await app?.close();
  });
  const db = () => database.current.db;
  const deps = () => ({ db: db(), clock: app.services.clock, tokens: app.services.expressTokens });

  async function link(subLedger: number, days?: number) {
    const made = await createCheckoutLink(deps(), { subLedgerId: subLedger, days });
    if (!made) throw new Error(`no checkout link for sub-ledger ${subLedger}`);
    return made;
  }
  const express = (token: string | null = null) => clients(app, token).expressPay;
  async function authenticate(linkToken: string) {
    return express().authenticateExpressPay({ strategy: 'link', link: linkToken });
  }
  /** An express session token for a new link to the sub-ledger (or for the given link). */
  async function session(subLedger: number, linkToken?: string): Promise<string> {
    const res = await authenticate(linkToken ?? (await link(subLedger)).token);
    expectStatus(res, 200);
    return res.data.token;
  }
  const create = (token: string, body: CreateExpressPaymentBody, headers: Record<string, string> = {}) => express(token).createExpressPayment(body, { headers });
  const confirm = (token: string, id: string, setupIntentId: string, headers: Record<string, string> = {}) =>
    express(token).confirmExpressPayment(id, { setupIntentId }, { headers });
  const acknowledge = (token: string, id: string) => express(token).acknowledgeExpressPayment(id);
  const accountOf = async (token: string) => {
    const res = await express(token).getExpressAccount();
    expectStatus(res, 200);
    return res.data;
  };
  const paymentsOf = async (token: string) => {
    const res = await express(token).listExpressPayments();
    expectStatus(res, 200);
    return res.data.payments;
  };
  const written = async () => ({
    payments: await count(db(), 'payments'),
    express: await count(db(), 'express_payments'),
    keys: await count(db(), 'idempotency_keys'),
    entries: await count(db(), 'ledger_entries'),
    intents: await count(db(), 'sandbox_setup_intents'),
    charges: await sandboxCharges(db()),
  });

  it('exchanges a good link for a session; tampered, expired and revoked links are 401 EXP001', async () => {
    const id = await subLedgerId(db(), '100234');
    const good = await link(id);
    const res = await authenticate(good.token);
    expectStatus(res, 200);
    expect(res.data).toEqual({ token: expect.any(String), expiresAt: new Date(clock.now().getTime() + 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, '.000Z') });
    // The link's claims: uid (owner's user), poid (owner id: the account), sub (link id), slid.
    const claims = JSON.parse(Buffer.from(good.token.split('.')[1], 'base64url').toString());
    const owner = await db().query<{ id: number; owner_user_id: number }>(`SELECT id, owner_user_id FROM accounts WHERE account_number = '100234'`);
    expect(claims).toMatchObject({ uid: Number(owner.rows[0].owner_user_id), poid: Number(owner.rows[0].id), sub: good.id, slid: id, aud: 'express-pay' });
    expect(claims.exp - claims.iat).toBe(30 * 24 * 3600);
    const row = await db().query('SELECT sub_ledger_id, account_id, owner_user_id, revoked FROM checkout_links WHERE id = $1', [good.id]);
    expect(row.rows[0]).toMatchObject({ revoked: false });

    const refused = async (token: string) => {
      const r = await authenticate(token);
      expectErrorShape(r, 401, 'EXP001');
      expect(r.data.detail).toBe('This payment link is invalid or has expired.');
    };
    // Tampered: another signature, or other claims under the old signature.
    const [h, p, s] = good.token.split('.');
    await refused(`${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`);
    const otherClaims = Buffer.from(JSON.stringify({ ...claims, slid: await subLedgerId(db(), '100234', 'Late fees') })).toString('base64url');
    await refused(`${h}.${otherClaims}.${s}`);
    await refused('not-a-token');
    // A session token is not a link.
    await refused(res.data.token);
    // Unknown strategy: schema refusal.
    expectErrorShape(await call(app, 'POST', `${EXPRESS}/authenticate`, { body: { strategy: 'sso', link: good.token } }), 400, 'VAL001');

    // Expired: a 2-day link after 3 days.
    const short = await link(id, 2);
    expect((await authenticate(short.token)).status).toBe(200);
    // Revoked: the link, and sessions already issued from it.
    const revoked = await link(id);
    const revokedSession = await session(id, revoked.token);
    expect((await express(revokedSession).getExpressAccount()).status).toBe(200);
    expect(await revokeCheckoutLink(db(), app.services.clock, revoked.id)).toBe(true);
    await refused(revoked.token);
    expectErrorShape(await express(revokedSession).getExpressAccount(), 401, 'AUTH002');

    clock.advance(3 * DAY);
    await refused(short.token);
    // Sessions last 1 hour.
    expectErrorShape(await express(res.data.token).getExpressAccount(), 401, 'AUTH002');
    expect((await authenticate(good.token)).status).toBe(200);
  });

  it('shows the link’s account and sub-ledger with the balance in integer cents', async () => {
    const assessments = await subLedgerId(db(), '100234');
    const token = await session(assessments);
    const res = await express(token).getExpressAccount();
    expectStatus(res, 200);
    expect(res.data).toEqual({
      accountNumber: '100234',
      associationId: expect.any(Number),
      associationName: 'Maple Grove HOA',
      logoUrl: '/brand/maplegrove-logo.svg',
      designTemplate: 'Evergreen',
      faviconUrl: null,
      themeOverrides: {},
      address: '412 Maple Grove Lane, Atlanta, GA 30301',
      subLedgerId: assessments,
      subLedgerName: 'Assessments',
      balance: 20000,
      acceptsCard: true,
      acceptsBank: true,
      fees: [
        { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: false },
        { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true },
      ],
      providerConnected: true,
    });
    const lateFees = await subLedgerId(db(), '100234', 'Late fees');
    expect((await express(await session(lateFees)).getExpressAccount()).data).toMatchObject({ subLedgerId: lateFees, subLedgerName: 'Late fees', balance: 4500 });
    expect((await express(token).listExpressPayments()).data).toEqual({ payments: [] });
  });

  it('pays by card through the setup intent: fee from the server, one ledger entry, receipt to the owner, acknowledgement, list', async () => {
    const id = await subLedgerId(db(), '100234');
    const token = await session(id);
    const before = await balance(db(), id);
    const s = await create(token, { amountCents: 5000, methodKind: 'card' });
    expectStatus(s, 201);
    expect(s.data).toEqual({
      paymentId: expect.stringMatching(/^pay_[0-9a-z]{16}$/),
      amountCents: 5000,
      feeCents: 148,
      totalCents: 5148,
      methodKind: 'card',
      setupIntentId: expect.any(String),
      clientSecret: expect.any(String),
      hostedEntryUrl: expect.stringContaining('/sandbox-provider/entry/'),
      duplicateWarning: false,
    });
    const payer = await db().query(`SELECT payer_kind, payer_email, receipt_email FROM payments WHERE id = $1`, [s.data.paymentId]);
    expect(payer.rows[0]).toEqual({ payer_kind: 'express', payer_email: DEMO.homeowner.email, receipt_email: DEMO.homeowner.email });

    // Update before Confirm: the same intent while the kind stays; a new one for another kind.
    const amount = await express(token).updateExpressPayment(s.data.paymentId, { amountCents: 6000 });
    expectStatus(amount, 200);
    expect(amount.data).toEqual({ ...s.data, amountCents: 6000, feeCents: 177, totalCents: 6177 });
    const bank = await express(token).updateExpressPayment(s.data.paymentId, { methodKind: 'bank' });
    expectStatus(bank, 200);
    expect(bank.data).toMatchObject({ amountCents: 6000, feeCents: 150, totalCents: 6150, methodKind: 'bank' });
    expect(bank.data.setupIntentId).not.toBe(s.data.setupIntentId);
    const card = await express(token).updateExpressPayment(s.data.paymentId, { methodKind: 'card', amountCents: 5000 });
    expectStatus(card, 200);
    expect(card.data).toMatchObject({ amountCents: 5000, feeCents: 148, totalCents: 5148, methodKind: 'card' });
    expectErrorShape(await express(token).updateExpressPayment(s.data.paymentId, { amountCents: 20001 }), 422, 'PAY001');

    // Not entered yet, then entered on the hosted page.
    expectErrorShape(await confirm(token, s.data.paymentId, card.data.setupIntentId), 409, 'PAY005');
    expectErrorShape(await acknowledge(token, s.data.paymentId), 409, 'EXP002');
    await enterMethod(app, card.data.setupIntentId, card.data.clientSecret, 'visa');
    const c = await confirm(token, s.data.paymentId, card.data.setupIntentId);
    expectStatus(c, 200);
    expect(c.data).toEqual({
      paymentId: s.data.paymentId,
      confirmationNumber: expect.stringMatching(/^CP-[0-9A-Z]{8}$/),
      status: 'succeeded',
      amountCents: 5000,
      feeCents: 148,
      totalCents: 5148,
      method: { kind: 'card', brand: 'visa', last4: '4242' },
      createdAt: clock.now().toISOString(),
    });
    expect(await balance(db(), id)).toBe(before - 5000);
    expect(await paymentEntries(db(), s.data.paymentId)).toEqual([{ kind: 'payment', amount: -5000 }]);
    expect((await accountOf(token)).balance).toBe(before - 5000);
    const again = await confirm(token, s.data.paymentId, card.data.setupIntentId);
    expect(JSON.stringify(again.data)).toBe(JSON.stringify(c.data));
    const mail = await db().query<{ to_address: string; text_body: string }>(`SELECT to_address, text_body FROM mail_outbox WHERE subject = $1`, [`Payment confirmation ${c.data.confirmationNumber}`]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].to_address).toBe(DEMO.homeowner.email);
    // No update after Confirm.
    expectErrorShape(await express(token).updateExpressPayment(s.data.paymentId, { amountCents: 100 }), 409, 'PAY008');

    const listed = await express(token).listExpressPayments();
    expectStatus(listed, 200);
    expect(listed.data.payments).toEqual([
      { paymentId: s.data.paymentId, confirmationNumber: c.data.confirmationNumber, status: 'succeeded', amountCents: 5000, feeCents: 148, totalCents: 5148, method: { kind: 'card', brand: 'visa', last4: '4242' }, createdAt: c.data.createdAt, acknowledged: false },
    ]);
    const ack = await acknowledge(token, s.data.paymentId);
    expectStatus(ack, 200);
    expect(ack.data).toEqual({ paymentId: s.data.paymentId, acknowledged: true });
    expect((await acknowledge(token, s.data.paymentId)).data).toEqual(ack.data);
    expect((await paymentsOf(token))[0].acknowledged).toBe(true);
    // Another link to the same sub-ledger (same owner) sees it; a second payment within 12 hours is flagged.
    const other = await session(id);
    expect(await paymentsOf(other)).toHaveLength(1);
    const second = await create(other, { amountCents: 100, methodKind: 'bank' });
    expectStatus(second, 201);
    expect(second.data.duplicateWarning).toBe(true);
  });

  it('refuses more than the balance, zero, fractions and other sub-ledgers’ ids, writing nothing', async () => {
    const mine = await subLedgerId(db(), '200411');
    const lateFees = await subLedgerId(db(), '100234', 'Late fees');
    const token = await session(mine);
    const current = (await accountOf(token)).balance;
    const before = await written();
    const over = await create(token, { amountCents: current + 1, methodKind: 'card' }, { 'idempotency-key': 'over-1' });
    expectErrorShape(over, 422, 'PAY001');
    expect(over.data.detail).toBe('The amount cannot exceed the current balance.');
    expectErrorShape(await create(token, { amountCents: 0, methodKind: 'card' }, { 'idempotency-key': 'zero-1' }), 422, 'PAY003');
    expectErrorShape(await create(token, { amountCents: -5, methodKind: 'bank' }), 422, 'PAY003');
    expectErrorShape(await create(token, { amountCents: 10.5, methodKind: 'card' }), 400, 'VAL001');
    // Bodies the contract does not allow: only the untyped call can send them.
    expectErrorShape(await call(app, 'POST', `${EXPRESS}/express-pay`, { token, body: { amountCents: 100, methodKind: 'cash' } }), 400, 'VAL001');
    expectErrorShape(await call(app, 'POST', `${EXPRESS}/express-pay`, { token, body: { amountCents: 100, methodKind: 'card', extra: 1 } }), 400, 'VAL001');
    expectErrorShape(await create(token, { amountCents: 100, methodKind: 'card', subLedgerId: lateFees }, { 'idempotency-key': 'other-1' }), 404, 'GP002');

    // Payments of other sub-ledgers (and payments on the link's own sub-ledger not made through express pay).
    const guest = await guestSession(app, '100234', '30301');
    const foreign = await setupAndEnter(app, guest, { subLedgerId: lateFees, amountCents: 1000, methodKind: 'card' }, 'visa');
    const guestOnMine = await setupAndEnter(app, await guestSession(app, '200411', '33139'), { subLedgerId: mine, amountCents: 100, methodKind: 'card' }, 'visa');
    const afterSetups = await written();
    for (const p of [foreign, guestOnMine]) {
      expectErrorShape(await confirm(token, p.paymentId, p.setupIntentId, { 'idempotency-key': `foreign-${p.paymentId}` }), 404, 'PAY009');
      expectErrorShape(await express(token).updateExpressPayment(p.paymentId, { amountCents: 100 }), 404, 'PAY009');
      expectErrorShape(await acknowledge(token, p.paymentId), 404, 'PAY009');
    }
    expectErrorShape(await acknowledge(token, 'pay_0000000000000000'), 404, 'PAY009');
    expectErrorShape(await acknowledge(token, 'nonsense'), 400, 'VAL001');
    expect(await written()).toEqual({ ...before, payments: afterSetups.payments, intents: afterSetups.intents });
    expect(afterSetups).toEqual({ ...before, payments: before.payments + 2, intents: before.intents + 2 });
    const status = await db().query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [foreign.paymentId]);
    expect(status.rows[0].status).toBe('setup');
  });

  it('honours Idempotency-Key on Setup and Confirm', async () => {
    const id = await subLedgerId(db(), '100234', 'Late fees');
    const token = await session(id);
    const before = await written();
    const first = await create(token, { amountCents: 1000, methodKind: 'card' }, { 'idempotency-key': 'express-setup-1' });
    expectStatus(first, 201);
    const repeat = await create(token, { amountCents: 1000, methodKind: 'card' }, { 'idempotency-key': 'express-setup-1' });
    expect(repeat.status).toBe(201);
    expect(JSON.stringify(repeat.data)).toBe(JSON.stringify(first.data));
    expect(await count(db(), 'payments')).toBe(before.payments + 1);
    expect(await count(db(), 'express_payments')).toBe(before.express + 1);
    expectErrorShape(await create(token, { amountCents: 1001, methodKind: 'card' }, { 'idempotency-key': 'express-setup-1' }), 422, 'IDEM001');
    expectErrorShape(await create(token, { amountCents: 1000, methodKind: 'card' }, { 'idempotency-key': 'bad key with spaces' }), 400, 'IDEM003');
    await enterMethod(app, first.data.setupIntentId, first.data.clientSecret, 'mastercard');
    const c1 = await confirm(token, first.data.paymentId, first.data.setupIntentId, { 'idempotency-key': 'express-confirm-1' });
    expectStatus(c1, 200);
    expect(c1.data.method).toEqual({ kind: 'card', brand: 'mastercard', last4: '4444' });
    const c2 = await confirm(token, first.data.paymentId, first.data.setupIntentId, { 'idempotency-key': 'express-confirm-1' });
    expect(JSON.stringify(c2.data)).toBe(JSON.stringify(c1.data));
    expect(await sandboxCharges(db())).toBe(before.charges + 1);
    expect(await paymentEntries(db(), first.data.paymentId)).toHaveLength(1);
  });

  it('refuses express tokens on other groups, and homeowner, guest and link tokens on express operations', async () => {
    const id = await subLedgerId(db(), '100234');
    const made = await link(id);
    const token = await session(id, made.token);
    const guest = await guestSession(app, '100234', '30301');
    const homeowner = (await signIn(app, DEMO.homeowner)).token;
    for (const other of [guest, homeowner, made.token]) {
      expectErrorShape(await express(other).getExpressAccount(), 401, 'AUTH002');
      expectErrorShape(await express(other).listExpressPayments(), 401, 'AUTH002');
      expectErrorShape(await create(other, { amountCents: 100, methodKind: 'card' }), 401, 'AUTH002');
    }
    expectErrorShape(await express().getExpressAccount(), 401, 'AUTH002');
    expectErrorShape(await clients(app, token).guestPay.getGuestAccount(), 401, 'AUTH002');
    expectErrorShape(await clients(app, token).guestPay.createGuestPayment({ subLedgerId: id, amountCents: 100, methodKind: 'card' }), 401, 'AUTH002');
    expectErrorShape(await clients(app, token).payments.getAccounts(), 401, 'AUTH002');
    // Still good for its own group.
    expect((await express(token).getExpressAccount()).status).toBe(200);
  });

  it('has a development route that redirects to a fresh working link', async () => {
    const res = await call(app, 'GET', '/dev/express-pay-link?accountNumber=100234');
    expectStatus(res, 302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/epay\/link\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const linkToken = location.slice('/epay/link/'.length);
    const auth = await authenticate(linkToken);
    expectStatus(auth, 200);
    const account = await express(auth.data.token).getExpressAccount();
    expect(account.data).toMatchObject({ accountNumber: '100234', subLedgerName: 'Assessments' });
    const json = await call(app, 'GET', '/dev/express-pay-link.json?accountNumber=100234');
    expect(json.status).toBe(200);
    expect(json.json).toEqual({ url: expect.stringMatching(/^\/epay\/link\/.+/) });
    expect(json.json.url).not.toBe(location);
    expectErrorShape(await call(app, 'GET', '/dev/express-pay-link?accountNumber=999999'), 404, 'GP002');
    expectErrorShape(await call(app, 'GET', '/dev/express-pay-link.json?accountNumber=100237'), 404, 'GP002'); // no owner
    expectErrorShape(await call(app, 'GET', '/dev/express-pay-link'), 400, 'VAL001');

    const prod = await testApp(db(), { nodeEnv: 'production', demoData: false, sandboxProvider: true });
    try {
      expect((await call(prod, 'GET', '/dev/express-pay-link?accountNumber=100234')).status).toBe(404);
      expect((await call(prod, 'GET', '/dev/express-pay-link.json?accountNumber=100234')).status).toBe(404);
      // The API itself is there in production.
      expectErrorShape(await call(prod, 'POST', `${EXPRESS}/authenticate`, { body: { strategy: 'link', link: 'x.y.z' } }), 401, 'EXP001');
    } finally {
      await prod.close();
    }
  });
});
