// Sign-in, tokens, the user, password change, permissions, settings and accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, clients, expectStatus } from './helpers.ts';

describe.each(BACKENDS)('sign-in and the signed-in user on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('authenticates with e-mail and password and signs a JWT with UserId and Customer', async () => {
    const res = await clients(app).users.authenticate({ email: 'HomeOwner@Example.com', password: DEMO.homeowner.password });
    expectStatus(res, 200);
    expect(res.data.user).toEqual({ userId: res.data.userId, userName: 'homeowner@example.com', email: 'homeowner@example.com' });
    expect(decodeProtectedHeader(res.data.token).alg).toBe('HS256');
    const claims = decodeJwt(res.data.token);
    expect(claims).toMatchObject({ UserId: res.data.userId, Customer: 'summit', sub: String(res.data.userId), aud: 'homeowner', iss: 'community-portal' });
    expect(claims.exp! - claims.iat!).toBe(8 * 3600);
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts the right company and refuses a wrong one, a wrong password and an unknown e-mail alike', async () => {
    expect((await clients(app).users.authenticate({ ...DEMO.homeowner, company: 'SUMMIT' })).status).toBe(200);
    for (const body of [
      { ...DEMO.homeowner, company: 'lakeside' },
      { email: DEMO.homeowner.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: DEMO.homeowner.password },
    ]) {
      const res = await clients(app).users.authenticate(body);
      expectErrorShape(res, 401, 'AUTH001');
      expect(res.data.detail).toBe('Invalid username, password, or company.');
    }
  });

  it('stores passwords as argon2id hashes', async () => {
    const { rows } = await database.current.db.query<{ email: string; password_hash: string }>('SELECT email, password_hash FROM users');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
      expect(r.password_hash).not.toContain('#2026');
    }
  });

  it('issues a portal token with its own audience that is not accepted as the API bearer', async () => {
    const { token, userId } = await signIn(app, DEMO.homeowner);
    const res = await clients(app, token).users.createPortalToken();
    expectStatus(res, 200);
    const claims = decodeJwt(res.data.token);
    expect(claims).toMatchObject({ aud: 'portal', UserId: userId, Customer: 'summit', jti: expect.any(String) });
    // A hand-off to another site: 5 minutes (tests/server/portal-token.test.ts).
    expect(claims.exp! - claims.iat!).toBe(5 * 60);
    expectErrorShape(await clients(app, res.data.token).users.getUser(userId), 401, 'AUTH002');
    expectErrorShape(await clients(app).users.createPortalToken(), 401, 'AUTH002');
  });

  it('returns the own user, 403 for another id, 401 without or with a bad or expired token', async () => {
    const { token, userId } = await signIn(app, DEMO.homeowner);
    const own = await clients(app, token).users.getUser(userId);
    expectStatus(own, 200);
    expect(own.data).toEqual({ userId, userName: DEMO.homeowner.email, email: DEMO.homeowner.email, firstName: 'Jordan', lastName: 'Rivera', managementRole: null });
    expectErrorShape(await clients(app, token).users.getUser(userId + 1), 403, 'AUTH003');
    const anonymous = await clients(app).users.getUser(userId);
    expectErrorShape(anonymous, 401, 'AUTH002');
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expectErrorShape(await call(app, 'GET', `/api/users/Users/${userId}`, { token: `${token.slice(0, -4)}AAAA` }), 401);
    expectErrorShape(await call(app, 'GET', `/api/users/Users/${userId}`, { headers: { authorization: `Basic ${token}` } }), 401);
    expectErrorShape(await call(app, 'GET', '/api/users/Users/abc', { token }), 400, 'VAL001');
    clock.advance(8 * 3600 * 1000 + 1000);
    try {
      expectErrorShape(await clients(app, token).users.getUser(userId), 401, 'AUTH002');
    } finally {
      clock.advance(-(8 * 3600 * 1000 + 1000));
    }
  });

  it('changes the password after checking the current one', async () => {
    const { token } = await signIn(app, DEMO.paid);
    expectErrorShape(await clients(app, token).users.changePassword({ currentPassword: 'nope', newPassword: 'Another#2026' }), 400, 'PWD001');
    expectErrorShape(await clients(app, token).users.changePassword({ currentPassword: DEMO.paid.password, newPassword: '12345' }), 400, 'VAL001');
    expectErrorShape(await clients(app).users.changePassword({ currentPassword: DEMO.paid.password, newPassword: 'Another#2026' }), 401);
    const ok = await clients(app, token).users.changePassword({ currentPassword: DEMO.paid.password, newPassword: 'Another#2026' });
    expectStatus(ok, 204);
    expect(ok.data).toBeUndefined();
    expectErrorShape(await clients(app).users.authenticate(DEMO.paid), 401, 'AUTH001');
    expect((await clients(app).users.authenticate({ email: DEMO.paid.email, password: 'Another#2026' })).status).toBe(200);
  });

  it('changes the password at the specification\'s address /Users/Password/ too', async () => {
    const legacy = '/api/users/Users/Password/';
    const { token } = await signIn(app, DEMO.manager);
    expectErrorShape(await call(app, 'PUT', legacy, { token, body: { currentPassword: 'nope', newPassword: 'Another#2027' } }), 400, 'PWD001');
    expectErrorShape(await call(app, 'PUT', legacy, { body: { currentPassword: DEMO.manager.password, newPassword: 'Another#2027' } }), 401, 'AUTH002');
    expect((await call(app, 'PUT', legacy, { token, body: { currentPassword: DEMO.manager.password, newPassword: 'Another#2027' } })).status).toBe(204);
    const changed = await signIn(app, { email: DEMO.manager.email, password: 'Another#2027' });
    expect((await call(app, 'PUT', '/api/users/Users/Password', { token: changed.token, body: { currentPassword: 'Another#2027', newPassword: DEMO.manager.password } })).status).toBe(204);
    expect((await clients(app).users.authenticate(DEMO.manager)).status).toBe(200);
  });

  it('answers permissions and profile configuration', async () => {
    const homeowner = await signIn(app, DEMO.homeowner);
    expect((await clients(app, homeowner.token).users.getSecurity()).data).toEqual({ permissions: ['portal', 'billing', 'requests'] });
    const chair = await signIn(app, DEMO.chair);
    expect((await clients(app, chair.token).users.getSecurity()).data).toEqual({ permissions: ['portal', 'board', 'boardDocManage', 'boardChair'] });
    const config = await clients(app, homeowner.token).users.getProfileConfiguration();
    expect(config.data).toEqual({ billingTextNotificationsAvailable: true });
    expectErrorShape(await clients(app).users.getSecurity(), 401);
  });

  it('answers home settings with associations sorted by name, properties and preferences', async () => {
    const { token, userId } = await signIn(app, DEMO.homeowner);
    const res = await clients(app, token).users.getHomeSettings();
    expectStatus(res, 200);
    const s = res.data;
    expect(s.userSettings.associations.map((a) => a.name)).toEqual(['Cedar Point Condominiums', 'Maple Grove HOA']);
    const maple = s.userSettings.associations[1];
    expect(maple).toMatchObject({ code: 'maplegrove', designTemplate: 'Evergreen', isBoardMember: false, isBoardChair: false, autoDraftType: 'portal' });
    expect(maple.properties).toEqual([
      {
        propertyId: expect.any(Number),
        ownerId: userId,
        accountNumber: '100234',
        address: { address1: '412 Maple Grove Lane', address2: '', city: 'Atlanta', stateProvince: 'GA', postalCode: '30301' },
      },
    ]);
    expect(s.userSettings.associations[0]).toMatchObject({ code: 'cedarpoint', designTemplate: 'Harbor' });
    expect(s.userSettings.associations[0].properties[0]).toMatchObject({ accountNumber: '200411', address: { postalCode: '33139' } });
    expect(s.userSettings.pages).toEqual(s.userSettings.associations.map((a) => ({ associationId: a.id, name: a.name })));
    expect(s.preferences).toEqual({ sendPaymentConfirmationEmail: true, receivePayBillingText: false });
    // The company's report-a-problem link is a portal setting at its level (demo data).
    expect(s.configuration).toEqual({
      billingTextNotificationsAvailable: true,
      company: { code: 'summit', name: 'Summit Community Management', pmbEnabled: true, reportProblemUrl: 'mailto:portal-support@summit-management.example?subject=Portal%20problem' },
    });
    expectErrorShape(await clients(app).users.getHomeSettings(), 401);
  });

  it('gives a board member without property a placeholder property with a negative id', async () => {
    for (const who of [DEMO.board, DEMO.chair]) {
      const { token } = await signIn(app, who);
      const res = await clients(app, token).users.getHomeSettings();
      expectStatus(res, 200);
      const s = res.data;
      expect(s.userSettings.associations).toHaveLength(1);
      const a = s.userSettings.associations[0];
      expect(a).toMatchObject({ name: 'Maple Grove HOA', isBoardMember: true, isBoardChair: who === DEMO.chair, autoDraftType: 'off' });
      expect(a.properties).toEqual([
        { propertyId: -a.id, ownerId: -a.id, accountNumber: '', address: { address1: '', address2: '', city: '', stateProvince: '', postalCode: '' } },
      ]);
    }
  });

  it('lists only the caller’s own accounts with balances from the ledger', async () => {
    const { token } = await signIn(app, DEMO.homeowner);
    const res = await clients(app, token).payments.getAccounts();
    expectStatus(res, 200);
    const accounts = res.data.accounts;
    expect(accounts.map((a) => [a.accountNumber, a.subLedgerName, a.currentBalanceCents])).toEqual([
      ['200411', 'Assessments', 245000],
      ['100234', 'Assessments', 20000],
      ['100234', 'Late fees', 4500],
    ]);
    expect(accounts[1]).toMatchObject({ associationName: 'Maple Grove HOA', address: '412 Maple Grove Lane, Atlanta, GA 30301', blocked: false });
    // Balances are the sums of the ledger entries.
    const { rows } = await database.current.db.query<{ id: number; balance_cents: string | number; total: string | number }>(
      `SELECT sl.id, sl.balance_cents, COALESCE(SUM(le.amount_cents), 0) AS total FROM sub_ledgers sl
         LEFT JOIN ledger_entries le ON le.sub_ledger_id = sl.id GROUP BY sl.id, sl.balance_cents`,
    );
    for (const r of rows) expect(Number(r.balance_cents)).toBe(Number(r.total));
    const filtered = await clients(app, token).payments.getAccounts({ portalEnabled: true });
    expectStatus(filtered, 200);
    expect(filtered.data.accounts).toHaveLength(3);
    expectErrorShape(await call(app, 'GET', '/api/payments/Account?portalEnabled=maybe', { token }), 400, 'VAL001');
    const board = await signIn(app, DEMO.board);
    expect((await clients(app, board.token).payments.getAccounts()).data).toEqual({ accounts: [] });
    expectErrorShape(await clients(app).payments.getAccounts(), 401);
  });
});
