// Sessions: the app clock (business dates) does not end them; logout, password change and
// password reset do, on every instance (through the database, or at once through Redis).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { SESSION_CACHE_MS } from '../../server/auth/sessions.ts';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';

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
    expect(advanced.status).toBe(200);
    expect(new Date(advanced.json.now).getTime() - before.getTime()).toBeGreaterThanOrEqual(5 * 24 * 3600 * 1000);
    const res = await call(app, 'GET', userUrl(userId), { token });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(DEMO.homeowner.email);
    expect((await call(app, 'POST', '/api/users/Users/Authenticate/PortalToken', { token })).status).toBe(200);
  });

  it('logout ends the session', async () => {
    const first = await signIn(app, DEMO.homeowner, '10.0.2.1');
    const second = await signIn(app, DEMO.homeowner, '10.0.2.2');
    expect((await call(other, 'GET', userUrl(first.userId), { token: first.token })).status).toBe(200);

    const out = await call(app, 'POST', LOGOUT, { token: first.token });
    expect(out.status).toBe(204);
    const refused = await call(app, 'GET', userUrl(first.userId), { token: first.token });
    expectErrorShape(refused, 401, 'AUTH002');
    expect(refused.json.detail).toBe('Your session has expired. Please sign in again.');
    expectErrorShape(await call(app, 'POST', '/api/users/Users/Authenticate/PortalToken', { token: first.token }), 401, 'AUTH002');
    expectErrorShape(await call(app, 'POST', LOGOUT, { token: first.token }), 401, 'AUTH002');
    expectErrorShape(await call(app, 'POST', LOGOUT), 401, 'AUTH002');
    // Only that session ended.
    expect((await call(app, 'GET', userUrl(second.userId), { token: second.token })).status).toBe(200);
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
    const changed = await call(app, 'PUT', '/api/users/Users/Password/', {
      token: here.token,
      body: { currentPassword: DEMO.paid.password, newPassword: 'Changed#2026pass' },
    });
    expect(changed.status, changed.body).toBe(204);
    expect((await call(app, 'GET', userUrl(here.userId), { token: here.token })).status).toBe(200);
    expectErrorShape(await call(app, 'GET', userUrl(elsewhere.userId), { token: elsewhere.token }), 401, 'AUTH002');
    clock.advance(SESSION_CACHE_MS);
    expectErrorShape(await call(other, 'GET', userUrl(elsewhere.userId), { token: elsewhere.token }), 401, 'AUTH002');
    expect((await call(other, 'GET', userUrl(here.userId), { token: here.token })).status).toBe(200);
    const again = await signIn(app, { email: DEMO.paid.email, password: 'Changed#2026pass' }, '10.0.3.3');
    expect((await call(app, 'GET', userUrl(again.userId), { token: again.token })).status).toBe(200);
  });

  it('password reset ends sessions', async () => {
    const signedIn = await signIn(app, DEMO.board, '10.0.4.1');
    const requested = await call(app, 'POST', '/api/users/OneTimePassword', { body: { email: DEMO.board.email, purpose: 'reset' } });
    expect(requested.status).toBe(202);
    const mails = (await call(app, 'GET', '/dev/mailbox.json')).json as { to: string; text: string }[];
    const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === DEMO.board.email)!.text)![1];
    const verified = await call(app, 'POST', '/api/users/OneTimePassword/verify', { body: { email: DEMO.board.email, code, purpose: 'reset' } });
    expect(verified.status, verified.body).toBe(200);
    const reset = await call(app, 'PUT', '/api/users/OneTimePassword/reset', {
      body: { email: DEMO.board.email, resetToken: verified.json.resetToken, password: 'ResetBoard#2026' },
    });
    expect(reset.status, reset.body).toBe(204);
    expectErrorShape(await call(app, 'GET', userUrl(signedIn.userId), { token: signedIn.token }), 401, 'AUTH002');
    const fresh = await signIn(app, { email: DEMO.board.email, password: 'ResetBoard#2026' }, '10.0.4.2');
    expect((await call(app, 'GET', userUrl(fresh.userId), { token: fresh.token })).status).toBe(200);
  });

  it.runIf(withRedis)('with Redis, every instance refuses an ended session at once', async () => {
    const a = await testApp(database.current.db, { clock: clock.now, demoData: false, redisUrl: REDIS_URL });
    const b = await testApp(database.current.db, { clock: clock.now, demoData: false, redisUrl: REDIS_URL });
    try {
      const { token, userId } = await signIn(a, DEMO.chair, '10.0.5.1');
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
