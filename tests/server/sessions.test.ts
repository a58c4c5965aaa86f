// Sessions: the app clock (business dates) does not end them; logout, password change and
// password reset do, on every instance (through the database, or at once through Redis).
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { SESSION_CACHE_MS, forgetExpiredSessions } from '../../server/auth/sessions.ts';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, clients, expectStatus } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    if (process.env.CI === 'true') throw new Error(`Redis at ${REDIS_URL} is unreachable: the server suite needs it in CI`);
    console.warn(`[server tests] Redis at ${REDIS_URL} is unreachable: skipping the Redis broadcast of ended sessions.`);
    return false;
  } finally {
    redis.disconnect();
  }
}
const withRedis = await redisReachable();

const userUrl = (userId: number) => `/api/users/Users/${userId}`;
const LOGOUT = '/api/users/Users/Logout';

describe.each(BACKENDS)('sessions on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let other: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(database.current.db, { clock: clock.now });
    // A second instance on the same database.
    other = await testApp(database.current.db, { clock: clock.now, demoData: false });
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });

  it('advancing the demo clock keeps sessions', async () => {
    const { token, userId } = await signIn(app, DEMO.homeowner, '10.0.1.1');
    const before = new Date((await call(app, 'GET', '/dev/clock')).json.now);
    const advanced = await call(app, 'POST', '/dev/clock/advance', { body: { days: 5 } });
    expectStatus(advanced, 200);
    expect(new Date(advanced.json.now).getTime() - before.getTime()).toBeGreaterThanOrEqual(5 * 24 * 3600 * 1000);
    const res = await clients(app, token).users.getUser(userId);
    expectStatus(res, 200);
    expect(res.data.email).toBe(DEMO.homeowner.email);
    expect((await clients(app, token).users.createPortalToken()).status).toBe(200);
  });

  it('clearing expired sessions keeps those of mimic sessions (the owner\'s record) and takes a single sign-on\'s ID token with its session', async () => {
    const db = database.current.db;
    const ids = async (email: string) => Number((await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id);
    const owner = await ids(DEMO.homeowner.email);
    const staff = await ids(DEMO.staff.email);
    const company = Number((await db.query<{ id: number }>(`SELECT id FROM management_companies WHERE code = 'summit'`)).rows[0].id);
    const long = new Date('2020-01-01T00:00:00Z');
    const ended = new Date('2020-01-01T08:00:00Z');
    for (const id of ['expired-plain-session', 'expired-mimic-session', 'expired-sso-session']) {
      await db.query('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [id, owner, long, ended]);
    }
    await db.query(
      `INSERT INTO mimic_sessions (session_id, management_company_id, staff_user_id, owner_user_id, reason, started_at, expires_at)
       VALUES ('expired-mimic-session', $1, $2, $3, 'Owner called about a payment', $4, $5)`,
      [company, staff, owner, long, new Date(long.getTime() + 30 * 60 * 1000)],
    );
    await db.query(`INSERT INTO sso_sessions (session_id, management_company_id, issuer, id_token) VALUES ('expired-sso-session', $1, 'https://idp.example', 'id-token')`, [company]);
    expect(await forgetExpiredSessions(db, new Date('2021-01-01T00:00:00Z'))).toBeGreaterThanOrEqual(2);
    const left = (await db.query<{ id: string }>(`SELECT id FROM sessions WHERE id LIKE 'expired-%' ORDER BY id`)).rows.map((row) => row.id);
    expect(left).toEqual(['expired-mimic-session']);
    expect((await db.query(`SELECT 1 FROM sso_sessions WHERE session_id = 'expired-sso-session'`)).rows).toEqual([]);
  });

  it('logout ends the session', async () => {
    const first = await signIn(app, DEMO.homeowner, '10.0.2.1');
    const second = await signIn(app, DEMO.homeowner, '10.0.2.2');
    expect((await call(other, 'GET', userUrl(first.userId), { token: first.token })).status).toBe(200);

    const out = await clients(app, first.token).users.logout();
    expectStatus(out, 204);
    const refused = await clients(app, first.token).users.getUser(first.userId);
    expectErrorShape(refused, 401, 'AUTH002');
    expect(refused.data.detail).toBe('Your session has expired. Please sign in again.');
    expectErrorShape(await clients(app, first.token).users.createPortalToken(), 401, 'AUTH002');
    expectErrorShape(await clients(app, first.token).users.logout(), 401, 'AUTH002');
    expectErrorShape(await clients(app).users.logout(), 401, 'AUTH002');
    // Only that session ended.
    expect((await clients(app, second.token).users.getUser(second.userId)).status).toBe(200);
    // The other instance learns it within its cache period, from the database.
    clock.advance(SESSION_CACHE_MS);
    expectErrorShape(await call(other, 'GET', userUrl(first.userId), { token: first.token }), 401, 'AUTH002');
    expect((await call(other, 'GET', userUrl(second.userId), { token: second.token })).status).toBe(200);
    // A restarted instance still refuses it.
    const restarted = await testApp(database.current.db, { clock: clock.now, demoData: false });
    try {
      expectErrorShape(await call(restarted, 'GET', userUrl(first.userId), { token: first.token }), 401, 'AUTH002');
      expect((await call(restarted, 'GET', userUrl(second.userId), { token: second.token })).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('password change ends other sessions', async () => {
    const here = await signIn(app, DEMO.paid, '10.0.3.1');
    const elsewhere = await signIn(app, DEMO.paid, '10.0.3.2');
    const changed = await clients(app, here.token).users.changePassword({ currentPassword: DEMO.paid.password, newPassword: 'Changed#2026pass' });
    expectStatus(changed, 204);
    expect((await clients(app, here.token).users.getUser(here.userId)).status).toBe(200);
    expectErrorShape(await clients(app, elsewhere.token).users.getUser(elsewhere.userId), 401, 'AUTH002');
    clock.advance(SESSION_CACHE_MS);
    expectErrorShape(await call(other, 'GET', userUrl(elsewhere.userId), { token: elsewhere.token }), 401, 'AUTH002');
    expect((await call(other, 'GET', userUrl(here.userId), { token: here.token })).status).toBe(200);
    const again = await signIn(app, { email: DEMO.paid.email, password: 'Changed#2026pass' }, '10.0.3.3');
    expect((await clients(app, again.token).users.getUser(again.userId)).status).toBe(200);
  });

  it('password reset ends sessions', async () => {
    const signedIn = await signIn(app, DEMO.board, '10.0.4.1');
    const requested = await clients(app).users.requestOneTimePassword({ email: DEMO.board.email, purpose: 'reset' });
    expectStatus(requested, 202);
    const mails = (await call(app, 'GET', '/dev/mailbox.json')).json as { to: string; text: string }[];
    const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === DEMO.board.email)!.text)![1];
    const verified = await clients(app).users.verifyOneTimePassword({ email: DEMO.board.email, code, purpose: 'reset' });
    expectStatus(verified, 200);
    if (!('resetToken' in verified.data)) throw new Error(`a reset code answered no reset token: ${JSON.stringify(verified.data)}`);
    const reset = await clients(app).users.resetPassword({ email: DEMO.board.email, resetToken: verified.data.resetToken, password: 'ResetBoard#2026' });
    expectStatus(reset, 204);
    expectErrorShape(await clients(app, signedIn.token).users.getUser(signedIn.userId), 401, 'AUTH002');
    const fresh = await signIn(app, { email: DEMO.board.email, password: 'ResetBoard#2026' }, '10.0.4.2');
    expect((await clients(app, fresh.token).users.getUser(fresh.userId)).status).toBe(200);
  });

  it.runIf(withRedis)('with Redis, every instance refuses an ended session at once', async () => {
    const a = await testApp(database.current.db, { clock: clock.now, demoData: false, redisUrl: REDIS_URL });
    const b = await testApp(database.current.db, { clock: clock.now, demoData: false, redisUrl: REDIS_URL });
    try {
      // Redis outlives the test run and holds the sign-in limit per e-mail and address: an address of
      // this run's own, so that runs close together do not share a count.
      const { token, userId } = await signIn(a, DEMO.chair, `10.5.${randomInt(1, 255)}.${randomInt(1, 255)}`);
      expect((await call(b, 'GET', userUrl(userId), { token })).status).toBe(200);
      expect((await call(a, 'POST', LOGOUT, { token })).status).toBe(204);
      // No clock movement: b learns it from the broadcast, not from its periodic catch-up.
      await expect.poll(async () => (await call(b, 'GET', userUrl(userId), { token })).status, { timeout: 2000 }).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
