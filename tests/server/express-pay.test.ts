// Express pay end to end through HTTP, with the built-in sandbox provider: checkout links
// (good, tampered, expired, revoked), the account (balance in cents), Setup / update / Confirm by
// card through the hosted entry's attach call, the acknowledgement and the list, refusals that
// leave nothing behind, Idempotency-Key repeats, roles refused across groups, and the development
// link route (absent in production).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { GUEST, balance, enterMethod, guestSession, paymentEntries, sandboxCharges, setupAndEnter, subLedgerId } from './payments-helpers.ts';
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
  async function authenticate(linkToken: string) {
    return call(app, 'POST', `${EXPRESS}/authenticate`, { body: { strategy: 'link', link: linkToken } });
  }
  async function session(subLedger: number): Promise<string> {
    const res = await authenticate((await link(subLedger)).token);
    if (res.status !== 200) throw new Error(`express authenticate failed: ${res.status} ${res.body}`);
    return res.json.token;
  }
  const create = (token: string, body: object, headers: Record<string, string> = {}) => call(app, 'POST', `${EXPRESS}/express-pay`, { token, body, headers });
  const confirm = (token: string, id: string, setupIntentId: string, headers: Record<string, string> = {}) =>
    call(app, 'PUT', `${EXPRESS}/express-pay/${id}/confirm`, { token, body: { setupIntentId }, headers });
  const acknowledge = (token: string, id: string) => call(app, 'PUT', `${EXPRESS}/acknowledgement/${id}/confirm`, { token });
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
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ token: expect.any(String), expiresAt: new Date(clock.now().getTime() + 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, '.000Z') });
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
      expect(r.json.detail).toBe('This payment link is invalid or has expired.');
    };
    // Tampered: another signature, or other claims under the old signature.
    const [h, p, s] = good.token.split('.');
    await refused(`${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`);
    const otherClaims = Buffer.from(JSON.stringify({ ...claims, slid: await subLedgerId(db(), '100234', 'Late fees') })).toString('base64url');
    await refused(`${h}.${otherClaims}.${s}`);
    await refused('not-a-token');
    // A session token is not a link.
    await refused(res.json.token);
    // Unknown strategy: schema refusal.
    expectErrorShape(await call(app, 'POST', `${EXPRESS}/authenticate`, { body: { strategy: 'sso', link: good.token } }), 400, 'VAL001');

    // Expired: a 2-day link after 3 days.
    const short = await link(id, 2);
    expect((await authenticate(short.token)).status).toBe(200);
    // Revoked: the link, and sessions already issued from it.
    const revoked = await link(id);
    const revokedSession = (await authenticate(revoked.token)).json.token;
    expect((await call(app, 'GET', `${EXPRESS}/account`, { token: revokedSession })).status).toBe(200);
    expect(await revokeCheckoutLink(db(), app.services.clock, revoked.id)).toBe(true);
    await refused(revoked.token);
    expectErrorShape(await call(app, 'GET', `${EXPRESS}/account`, { token: revokedSession }), 401, 'AUTH002');

    clock.advance(3 * DAY);
    await refused(short.token);
    // Sessions last 1 hour.
    expectErrorShape(await call(app, 'GET', `${EXPRESS}/account`, { token: res.json.token }), 401, 'AUTH002');
    expect((await authenticate(good.token)).status).toBe(200);
  });

  it('shows the link’s account and sub-ledger with the balance in integer cents', async () => {
    const assessments = await subLedgerId(db(), '100234');
    const token = await session(assessments);
    const res = await call(app, 'GET', `${EXPRESS}/account`, { token });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({
      accountNumber: '100234',
      associationId: expect.any(Number),
      associationName: 'Maple Grove HOA',
      logoUrl: null,
      designTemplate: 'Evergreen',
      address: '412 Maple Grove Lane, Atlanta, GA 30301',
      subLedgerId: assessments,
      subLedgerName: 'Assessments',
      balance: 20000,
      acceptsCard: true,
      acceptsBank: true,
      fees: [
        { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: false },
        { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: false },
      ],
      providerConnected: true,
    });
    const lateFees = await subLedgerId(db(), '100234', 'Late fees');
    expect((await call(app, 'GET', `${EXPRESS}/account`, { token: await session(lateFees) })).json).toMatchObject({ subLedgerId: lateFees, subLedgerName: 'Late fees', balance: 4500 });
    expect((await call(app, 'GET', `${EXPRESS}/payments`, { token })).json).toEqual({ payments: [] });
  });

  it('pays by card through the setup intent: fee from the server, one ledger entry, receipt to the owner, acknowledgement, list', async () => {
    const id = await subLedgerId(db(), '100234');
    const token = await session(id);
    const before = await balance(db(), id);
    const s = await create(token, { amountCents: 5000, methodKind: 'card' });
    expect(s.status, s.body).toBe(201);
    expect(s.json).toEqual({
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
    const payer = await db().query(`SELECT payer_kind, payer_email, receipt_email FROM payments WHERE id = $1`, [s.json.paymentId]);
    expect(payer.rows[0]).toEqual({ payer_kind: 'express', payer_email: DEMO.homeowner.email, receipt_email: DEMO.homeowner.email });

    // Update before Confirm: the same intent while the kind stays; a new one for another kind.
    const amount = await call(app, 'PATCH', `${EXPRESS}/express-pay/${s.json.paymentId}`, { token, body: { amountCents: 6000 } });
    expect(amount.status, amount.body).toBe(200);
    expect(amount.json).toEqual({ ...s.json, amountCents: 6000, feeCents: 177, totalCents: 6177 });
    const bank = await call(app, 'PATCH', `${EXPRESS}/express-pay/${s.json.paymentId}`, { token, body: { methodKind: 'bank' } });
    expect(bank.json).toMatchObject({ amountCents: 6000, feeCents: 150, totalCents: 6150, methodKind: 'bank' });
    expect(bank.json.setupIntentId).not.toBe(s.json.setupIntentId);
    const card = await call(app, 'PATCH', `${EXPRESS}/express-pay/${s.json.paymentId}`, { token, body: { methodKind: 'card', amountCents: 5000 } });
    expect(card.json).toMatchObject({ amountCents: 5000, feeCents: 148, totalCents: 5148, methodKind: 'card' });
    expectErrorShape(await call(app, 'PATCH', `${EXPRESS}/express-pay/${s.json.paymentId}`, { token, body: { amountCents: 20001 } }), 422, 'PAY001');

    // Not entered yet, then entered on the hosted page.
    expectErrorShape(await confirm(token, s.json.paymentId, card.json.setupIntentId), 409, 'PAY005');
    expectErrorShape(await acknowledge(token, s.json.paymentId), 409, 'EXP002');
    await enterMethod(app, card.json.setupIntentId, card.json.clientSecret, 'visa');
    const c = await confirm(token, s.json.paymentId, card.json.setupIntentId);
    expect(c.status, c.body).toBe(200);
    expect(c.json).toEqual({
      paymentId: s.json.paymentId,
      confirmationNumber: expect.stringMatching(/^CP-[0-9A-Z]{8}$/),
      status: 'succeeded',
      amountCents: 5000,
      feeCents: 148,
      totalCents: 5148,
      method: { kind: 'card', brand: 'visa', last4: '4242' },
      createdAt: clock.now().toISOString(),
    });
    expect(await balance(db(), id)).toBe(before - 5000);
    expect(await paymentEntries(db(), s.json.paymentId)).toEqual([{ kind: 'payment', amount: -5000 }]);
    expect((await call(app, 'GET', `${EXPRESS}/account`, { token })).json.balance).toBe(before - 5000);
    const again = await confirm(token, s.json.paymentId, card.json.setupIntentId);
    expect(again.body).toBe(c.body);
    const mail = await db().query<{ to_address: string; text_body: string }>(`SELECT to_address, text_body FROM mail_outbox WHERE subject = $1`, [`Payment confirmation ${c.json.confirmationNumber}`]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].to_address).toBe(DEMO.homeowner.email);
    // No update after Confirm.
    expectErrorShape(await call(app, 'PATCH', `${EXPRESS}/express-pay/${s.json.paymentId}`, { token, body: { amountCents: 100 } }), 409, 'PAY008');

    const listed = await call(app, 'GET', `${EXPRESS}/payments`, { token });
    expect(listed.status, listed.body).toBe(200);
    expect(listed.json.payments).toEqual([
      { paymentId: s.json.paymentId, confirmationNumber: c.json.confirmationNumber, status: 'succeeded', amountCents: 5000, feeCents: 148, totalCents: 5148, method: { kind: 'card', brand: 'visa', last4: '4242' }, createdAt: c.json.createdAt, acknowledged: false },
    ]);
    const ack = await acknowledge(token, s.json.paymentId);
    expect(ack.status, ack.body).toBe(200);
    expect(ack.json).toEqual({ paymentId: s.json.paymentId, acknowledged: true });
    expect((await acknowledge(token, s.json.paymentId)).json).toEqual(ack.json);
    expect((await call(app, 'GET', `${EXPRESS}/payments`, { token })).json.payments[0].acknowledged).toBe(true);
    // Another link to the same sub-ledger (same owner) sees it; a second payment within 12 hours is flagged.
    const other = await session(id);
    expect((await call(app, 'GET', `${EXPRESS}/payments`, { token: other })).json.payments).toHaveLength(1);
    expect((await create(other, { amountCents: 100, methodKind: 'bank' })).json.duplicateWarning).toBe(true);
  });

  it('refuses more than the balance, zero, fractions and other sub-ledgers’ ids, writing nothing', async () => {
    const mine = await subLedgerId(db(), '200411');
    const lateFees = await subLedgerId(db(), '100234', 'Late fees');
    const token = await session(mine);
    const current = (await call(app, 'GET', `${EXPRESS}/account`, { token })).json.balance as number;
    const before = await written();
    const over = await create(token, { amountCents: current + 1, methodKind: 'card' }, { 'idempotency-key': 'over-1' });
    expectErrorShape(over, 422, 'PAY001');
    expect(over.json.detail).toBe('The amount cannot exceed the current balance.');
    expectErrorShape(await create(token, { amountCents: 0, methodKind: 'card' }, { 'idempotency-key': 'zero-1' }), 422, 'PAY003');
    expectErrorShape(await create(token, { amountCents: -5, methodKind: 'bank' }), 422, 'PAY003');
    expectErrorShape(await create(token, { amountCents: 10.5, methodKind: 'card' }), 400, 'VAL001');
    expectErrorShape(await create(token, { amountCents: 100, methodKind: 'cash' }), 400, 'VAL001');
    expectErrorShape(await create(token, { amountCents: 100, methodKind: 'card', extra: 1 }), 400, 'VAL001');
    expectErrorShape(await create(token, { amountCents: 100, methodKind: 'card', subLedgerId: lateFees }, { 'idempotency-key': 'other-1' }), 404, 'GP002');

    // Payments of other sub-ledgers (and payments on the link's own sub-ledger not made through express pay).
    const guest = await guestSession(app, '100234', '30301');
    const foreign = await setupAndEnter(app, guest, { subLedgerId: lateFees, amountCents: 1000, methodKind: 'card' }, 'visa');
    const guestOnMine = await setupAndEnter(app, await guestSession(app, '200411', '33139'), { subLedgerId: mine, amountCents: 100, methodKind: 'card' }, 'visa');
    const afterSetups = await written();
    for (const p of [foreign, guestOnMine]) {
      expectErrorShape(await confirm(token, p.paymentId, p.setupIntentId, { 'idempotency-key': `foreign-${p.paymentId}` }), 404, 'PAY009');
      expectErrorShape(await call(app, 'PATCH', `${EXPRESS}/express-pay/${p.paymentId}`, { token, body: { amountCents: 100 } }), 404, 'PAY009');
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
    expect(first.status, first.body).toBe(201);
    const repeat = await create(token, { amountCents: 1000, methodKind: 'card' }, { 'idempotency-key': 'express-setup-1' });
    expect(repeat.status).toBe(201);
    expect(repeat.body).toBe(first.body);
    expect(await count(db(), 'payments')).toBe(before.payments + 1);
    expect(await count(db(), 'express_payments')).toBe(before.express + 1);
    expectErrorShape(await create(token, { amountCents: 1001, methodKind: 'card' }, { 'idempotency-key': 'express-setup-1' }), 422, 'IDEM001');
    expectErrorShape(await create(token, { amountCents: 1000, methodKind: 'card' }, { 'idempotency-key': 'bad key with spaces' }), 400, 'IDEM003');
    await enterMethod(app, first.json.setupIntentId, first.json.clientSecret, 'mastercard');
    const c1 = await confirm(token, first.json.paymentId, first.json.setupIntentId, { 'idempotency-key': 'express-confirm-1' });
    expect(c1.status, c1.body).toBe(200);
    expect(c1.json.method).toEqual({ kind: 'card', brand: 'mastercard', last4: '4444' });
    const c2 = await confirm(token, first.json.paymentId, first.json.setupIntentId, { 'idempotency-key': 'express-confirm-1' });
    expect(c2.body).toBe(c1.body);
    expect(await sandboxCharges(db())).toBe(before.charges + 1);
    expect(await paymentEntries(db(), first.json.paymentId)).toHaveLength(1);
  });

  it('refuses express tokens on other groups, and homeowner, guest and link tokens on express operations', async () => {
    const id = await subLedgerId(db(), '100234');
    const made = await link(id);
    const token = (await authenticate(made.token)).json.token as string;
    const guest = await guestSession(app, '100234', '30301');
    const homeowner = (await signIn(app, DEMO.homeowner)).token;
    for (const other of [guest, homeowner, made.token]) {
      expectErrorShape(await call(app, 'GET', `${EXPRESS}/account`, { token: other }), 401, 'AUTH002');
      expectErrorShape(await call(app, 'GET', `${EXPRESS}/payments`, { token: other }), 401, 'AUTH002');
      expectErrorShape(await create(other, { amountCents: 100, methodKind: 'card' }), 401, 'AUTH002');
    }
    expectErrorShape(await call(app, 'GET', `${EXPRESS}/account`), 401, 'AUTH002');
    expectErrorShape(await call(app, 'GET', `${GUEST}/account`, { token }), 401, 'AUTH002');
    expectErrorShape(await call(app, 'POST', `${GUEST}/payment`, { token, body: { subLedgerId: id, amountCents: 100, methodKind: 'card' } }), 401, 'AUTH002');
    expectErrorShape(await call(app, 'GET', '/api/payments/Account', { token }), 401, 'AUTH002');
    // Still good for its own group.
    expect((await call(app, 'GET', `${EXPRESS}/account`, { token })).status).toBe(200);
  });

  it('has a development route that redirects to a fresh working link', async () => {
    const res = await call(app, 'GET', '/dev/express-pay-link?accountNumber=100234');
    expect(res.status, res.body).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/epay\/link\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const linkToken = location.slice('/epay/link/'.length);
    const auth = await authenticate(linkToken);
    expect(auth.status, auth.body).toBe(200);
    const account = await call(app, 'GET', `${EXPRESS}/account`, { token: auth.json.token });
    expect(account.json).toMatchObject({ accountNumber: '100234', subLedgerName: 'Assessments' });
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
