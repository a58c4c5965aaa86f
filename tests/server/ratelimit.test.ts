// Rate limits are shared between server instances: in the database, or in Redis when configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, testApp, uniqueEmail, useTestDatabase } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

async function redisReachable(): Promise<string | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    redis.disconnect();
  }
}

const redisProblem = await redisReachable();
if (redisProblem) {
  if (process.env.CI === 'true') throw new Error(`Redis at ${REDIS_URL} is unreachable (${redisProblem}): the server suite needs it in CI`);
  console.warn(`[server tests] Redis at ${REDIS_URL} is unreachable (${redisProblem}): skipping the Redis rate-limit store.`);
}
const STORES = redisProblem ? (['database'] as const) : (['database', 'redis'] as const);

describe.each(BACKENDS)('rate limits on %s', (kind) => {
  const database = useTestDatabase(kind);

  describe.each(STORES)('with the %s store', (store) => {
    const clock = createTestClock(new Date(Date.UTC(2026, 2, 2, 15, 0, 0)));
    let a: FastifyInstance;
    let b: FastifyInstance;
    beforeAll(async () => {
      // Two instances on one database (and one Redis): counts must add up across them.
      const options = {
        clock: clock.now,
        redisUrl: store === 'redis' ? REDIS_URL : undefined,
        rateLimits: { verifyOneTimePassword: { limit: 3, windowSeconds: 60 }, requestOneTimePassword: { limit: 2, windowSeconds: 60 } },
      };
      a = await testApp(database.current.db, options);
      b = await testApp(database.current.db, { ...options, demoData: false });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('allows 10 sign-in attempts per e-mail and IP in 15 minutes, across instances, then answers 429 RATE001', async () => {
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const email = uniqueEmail('limited');
      for (let i = 0; i < 10; i++) {
        const res = await call(i % 2 ? a : b, 'POST', '/api/users/Users/Authenticate', { body: { email, password: 'wrong' }, ip });
        expectErrorShape(res, 401, 'AUTH001');
      }
      const limited = await call(a, 'POST', '/api/users/Users/Authenticate', { body: { email, password: 'wrong' }, ip });
      expectErrorShape(limited, 429, 'RATE001');
      expect(limited.json.retryAfterSeconds).toBeGreaterThan(0);
      expect(limited.json.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      expect(limited.headers['retry-after']).toBe(String(limited.json.retryAfterSeconds));
      expect(limited.json.detail).toMatch(/Too many attempts/);
      // Even the right password is refused while limited; from another IP, the ten wrong passwords
      // have paused the e-mail's password sign-in (tests/server/password-pause.test.ts).
      expectErrorShape(await call(b, 'POST', '/api/users/Users/Authenticate', { body: { email, password: 'x' }, ip }), 429, 'RATE001');
      expectErrorShape(await call(b, 'POST', '/api/users/Users/Authenticate', { body: { email, password: 'x' }, ip: '192.0.2.1' }), 429, 'AUTH004');
      expectErrorShape(await call(b, 'POST', '/api/users/Users/Authenticate', { body: { email: uniqueEmail('other'), password: 'x' }, ip: '192.0.2.1' }), 401, 'AUTH001');
      clock.advance(15 * 60 * 1000);
      expectErrorShape(await call(a, 'POST', '/api/users/Users/Authenticate', { body: { email, password: 'x' }, ip }), 401, 'AUTH001');
    });

    it('limits one-time code requests and checks', async () => {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      expect((await call(a, 'POST', '/api/users/OneTimePassword', { body: { email: uniqueEmail(), purpose: 'login' }, ip })).status).toBe(202);
      expect((await call(b, 'POST', '/api/users/OneTimePassword', { body: { email: uniqueEmail(), purpose: 'login' }, ip })).status).toBe(202);
      expectErrorShape(await call(a, 'POST', '/api/users/OneTimePassword', { body: { email: uniqueEmail(), purpose: 'login' }, ip }), 429, 'RATE001');
      const email = DEMO.board.email;
      for (let i = 0; i < 3; i++) {
        expectErrorShape(await call(i % 2 ? a : b, 'POST', '/api/users/OneTimePassword/verify', { body: { email, code: '000000', purpose: 'reset' }, ip }), 400);
      }
      expectErrorShape(await call(a, 'POST', '/api/users/OneTimePassword/verify', { body: { email, code: '000000', purpose: 'reset' }, ip }), 429, 'RATE001');
    });
  });
});
