// Behind a proxy the client address is the one the trusted proxies appended to X-Forwarded-For, and
// password sign-in has a per-account limit on top of the per address ones: 10 wrong passwords for one
// e-mail within 15 minutes, from any addresses and instances, pause password sign-in for that e-mail
// for 15 minutes, while the e-mailed code keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, testApp, useTestDatabase } from './helpers.ts';
import { configFromEnv } from '../../server/config.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const STORES = process.env.SKIP_REDIS_TESTS ? (['database'] as const) : (['database', 'redis'] as const);

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses to trust every hop', () => {
    expect(configFromEnv({}).app.trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: '0' }).app.trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: '2' }).app.trustProxy).toBe(2);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.4' }).app.trustProxy).toBe('10.0.0.0/8, 192.0.2.4');
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe.each(BACKENDS)('password sign-in behind a proxy on %s', (kind) => {
  const database = useTestDatabase(kind);

  describe.each(STORES)('with the %s store', (store) => {
    // Redis outlives a run, and is shared by both backends: each run's counts live on its own day.
    const clock = createTestClock(new Date(Date.UTC(2026, 4, 4, 15, 0, 0) + Math.floor(Math.random() * 10_000) * 86_400_000));
    const proxy = '10.0.0.5';
    let a: FastifyInstance;
    let b: FastifyInstance;
    let byAddress: FastifyInstance;
    beforeAll(async () => {
      const options = {
        clock: clock.now,
        redisUrl: store === 'redis' ? REDIS_URL : undefined,
        trustProxy: configFromEnv({ TRUST_PROXY: '1' }).app.trustProxy,
        rateLimits: { authenticateIp: { limit: 20, windowSeconds: 15 * 60 } },
      };
      a = await testApp(database.current.db, options);
      b = await testApp(database.current.db, { ...options, demoData: false });
      byAddress = await testApp(database.current.db, { ...options, demoData: false, trustProxy: configFromEnv({ TRUST_PROXY: '10.0.0.0/8' }).app.trustProxy });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await byAddress?.close();
    });

    const signIn = (app: FastifyInstance, email: string, password: string, forwardedFor: string) =>
      call(app, 'POST', '/api/users/Users/Authenticate', { body: { email, password }, ip: proxy, headers: { 'x-forwarded-for': forwardedFor } });
    const randomAddress = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

    it('takes the address the trusted proxies appended, never the one the client wrote', async () => {
      const probe = (app: FastifyInstance, forwardedFor: string) =>
        call(app, 'POST', '/api/users/Users/Authenticate', { body: { email: `probe-${Math.random()}@example.com`, password: 'wrong' }, ip: proxy, headers: { 'x-forwarded-for': forwardedFor } });
      const client = randomAddress();
      for (let i = 0; i < 20; i++) expectErrorShape(await probe(i % 2 ? a : b, `${randomAddress()}, ${client}`), 401, 'AUTH001');
      // The per address limit (20 in 15 minutes here) holds whatever the client writes.
      expectErrorShape(await probe(a, `${randomAddress()}, ${client}`), 429, 'RATE001');
      // Proxies named by address: hops from inside 10.0.0.0/8 are skipped, the first outside one is the client.
      const other = randomAddress();
      for (let i = 0; i < 20; i++) expectErrorShape(await probe(byAddress, `${randomAddress()}, ${other}, 10.1.2.3`), 401, 'AUTH001');
      expectErrorShape(await probe(byAddress, `${randomAddress()}, ${other}, 10.1.2.3`), 429, 'RATE001');
    });

    it('200 wrong passwords with a rotating X-Forwarded-For are limited; the account pauses password sign-in, not codes', async () => {
      const email = store === 'redis' ? DEMO.paid.email : DEMO.homeowner.email;
      const password = store === 'redis' ? DEMO.paid.password : DEMO.homeowner.password;
      const client = randomAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await signIn(i % 2 ? a : b, email, 'wrong', `${randomAddress()}, ${client}`)).status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(190);
      // The right password, from a new address: password sign-in is paused for the account.
      const paused = await signIn(a, email, password, randomAddress());
      expectErrorShape(paused, 429, 'AUTH004');
      expect(paused.json.detail).toMatch(/paused for 15 minutes/);
      expect(paused.json.retryAfterSeconds).toBe(15 * 60);
      expect(paused.headers['retry-after']).toBe(String(15 * 60));
      // The e-mailed code still signs in.
      clock.advance(61_000);
      const codeAddress = randomAddress();
      expect((await call(b, 'POST', '/api/users/OneTimePassword', { body: { email, purpose: 'login' }, ip: proxy, headers: { 'x-forwarded-for': codeAddress } })).status).toBe(202);
      const mails = (await call(a, 'GET', '/dev/mailbox.json')).json as { to: string; text: string }[];
      const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
      const verified = await call(a, 'POST', '/api/users/OneTimePassword/verify', { body: { email, code, purpose: 'login' }, ip: proxy, headers: { 'x-forwarded-for': codeAddress } });
      expect(verified.status).toBe(200);
      expect(verified.json.token).toEqual(expect.any(String));
      // 15 minutes after the pause began, the password works again.
      clock.advance(14 * 60 * 1000);
      expect((await signIn(b, email, password, randomAddress())).status).toBe(200);
    });

    it('10 wrong passwords from 10 addresses within 15 minutes pause the account; 9 do not', async () => {
      const email = `nobody-${store}-${Math.random()}@example.com`;
      const known = store === 'redis' ? DEMO.board : DEMO.chair;
      for (let i = 0; i < 9; i++) {
        expectErrorShape(await signIn(i % 2 ? a : b, known.email, 'wrong', randomAddress()), 401, 'AUTH001');
        clock.advance(60_000);
      }
      expect((await signIn(a, known.email, known.password, randomAddress())).status).toBe(200);
      // The oldest of the nine leaves the 15 minutes: ten in all, but never ten within 15 minutes.
      clock.advance(7 * 60_000);
      expectErrorShape(await signIn(b, known.email, 'wrong', randomAddress()), 401, 'AUTH001');
      expect((await signIn(a, known.email, known.password, randomAddress())).status).toBe(200);
      // An e-mail without an account answers alike: first 401s, then the pause.
      for (let i = 0; i < 10; i++) expectErrorShape(await signIn(i % 2 ? a : b, email, 'wrong', randomAddress()), 401, 'AUTH001');
      expectErrorShape(await signIn(a, email, 'wrong', randomAddress()), 429, 'AUTH004');
    });

    it('a wrong current password from a signed-in session counts toward the pause, and the pause holds there too', async () => {
      const who = store === 'redis' ? DEMO.manager : DEMO.homeowner;
      clock.advance(24 * 60 * 60_000); // past any pause an earlier test left on these accounts
      const signedIn = await signIn(a, who.email, who.password, randomAddress());
      expect(signedIn.status, signedIn.body).toBe(200);
      const changePassword = (app: FastifyInstance, currentPassword: string) =>
        call(app, 'PUT', '/api/users/Users/Password', {
          body: { currentPassword, newPassword: 'Another#Pass2026' }, ip: proxy, headers: { 'x-forwarded-for': randomAddress(), authorization: `Bearer ${signedIn.json.token}` },
        });
      for (let i = 0; i < 5; i++) expectErrorShape(await changePassword(i % 2 ? a : b, 'wrong'), 400, 'PWD001');
      for (let i = 0; i < 5; i++) expectErrorShape(await signIn(i % 2 ? a : b, who.email, 'wrong', randomAddress()), 401, 'AUTH001');
      // Ten wrong in all: neither sign-in nor the session's password change takes even the right password.
      expectErrorShape(await signIn(a, who.email, who.password, randomAddress()), 429, 'AUTH004');
      expectErrorShape(await changePassword(b, who.password), 429, 'AUTH004');
      clock.advance(15 * 60_000);
      expect((await signIn(b, who.email, who.password, randomAddress())).status).toBe(200);
    });
  });
});
