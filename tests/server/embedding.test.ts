// The portal embedded in a company's website (docs/server.md "Embedding"; server/embedding/): who
// may frame an embedded page (the association's embeddingOrigins, named by the address or by the
// renewal cookie), the association's origins for the frame, the sandbox provider's page inside
// such a frame, the renewal cookie and renewing a session with it from the portal's own pages
// only, its end at sign-out, password change and expiry, and the switch that turns it off.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { configFromEnv } from '../../server/config.ts';
import { createSandboxProvider } from '../../server/sandbox-provider/index.ts';
import type { DevSite } from '../../server/dev-site.ts';
import { BACKENDS, DEMO, TEST_PUBLIC_URL, call, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase, type ApiResponse } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { EMBED_API, OWN_ORIGIN, RENEW, RENEWAL, directivesOf, makeStaticDir, parseCookie, setCookies } from './embedding-helpers.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const HOUR = 3600_000;
const SESSION_SECONDS = 8 * 3600;
const MAPLE_ORIGINS = ['https://hoa.example.com', 'https://www.maplegrove.example'];
const CEDAR_ORIGINS = ['https://cedar.example'];
const COOKIE_ATTRIBUTES = ['Path=/', 'Secure', 'HttpOnly', 'SameSite=None', 'Partitioned'];

/** A module server as small as the interface (as tests/server/dev-site.test.ts has it). */
const moduleServer: DevSite = {
  middleware: (_req, _res, next) => next(),
  page: async (url) => `<!doctype html><html lang="en"><head><title>${url}</title></head><body><div id="root"></div></body></html>`,
};

describe.each(BACKENDS)('embedding on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let staticDir: string;
  let app: FastifyInstance;
  const ids: Record<string, number> = {};
  const db = () => database.current.db;
  // Every sign-in from an address of its own: the suite signs the same people in many times.
  let signIns = 0;
  const signedIn = (who: { email: string; password: string } = DEMO.homeowner, into = app) => signIn(into, who, `10.7.${Math.floor(++signIns / 200)}.${signIns % 200}`);

  const page = (url: string, headers: Record<string, string> = {}) => call(app, 'GET', url, { headers });
  const ancestorsOf = (res: ApiResponse) => directivesOf(res)['frame-ancestors'];
  const startRenewal = (token: string, body: Record<string, unknown> = {}) => call(app, 'POST', RENEWAL, { token, body });
  const renew = (cookie: string | null, origin: string | null = OWN_ORIGIN, ip?: string) =>
    call(app, 'POST', RENEW, { headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) }, ip });
  /** The Cookie header a browser sends back after this answer. */
  const cookieFrom = (res: ApiResponse) => {
    const cookies = setCookies(res);
    expect(cookies).toHaveLength(1);
    const { name, value } = parseCookie(cookies[0]);
    return `${name}=${value}`;
  };
  /** A renewal of a new sign-in of `who`: its token, session and cookie. */
  const renewal = async (body: Record<string, unknown> = { association: 'maplegrove' }, who: { email: string; password: string } = DEMO.homeowner) => {
    const signed = await signedIn(who);
    const res = await startRenewal(signed.token, body);
    expect(res.status, res.body).toBe(200);
    return { ...signed, sid: String(decodeJwt(signed.token).sid), cookie: cookieFrom(res) };
  };
  const expectCleared = (res: ApiResponse) => {
    expect(setCookies(res).map(parseCookie)).toEqual([{ name: '__Host-portal_embed', value: '', attributes: [...COOKIE_ATTRIBUTES, 'Max-Age=0'] }]);
  };
  const renewalsOf = async (sid: string) => (await db().query('SELECT 1 FROM embed_renewals WHERE session_id = $1', [sid])).rows.length;

  beforeAll(async () => {
    staticDir = await makeStaticDir();
    app = await testApp(db(), { staticDir, clock: clock.now });
    const idOf = async (sql: string, value: string) => Number((await db().query<{ id: number }>(sql, [value])).rows[0].id);
    ids.maplegrove = await idOf('SELECT id FROM associations WHERE code = $1', 'maplegrove');
    ids.cedarpoint = await idOf('SELECT id FROM associations WHERE code = $1', 'cedarpoint');
    ids.summit = await idOf('SELECT id FROM management_companies WHERE code = $1', 'summit');
    const manager = await signedIn(DEMO.manager);
    ids.manager = manager.userId;
    // Maple Grove's through the console's operation, Cedar Point's through the service.
    const put = await call(app, 'PUT', `/api/settings/Associations/${ids.maplegrove}/embeddingOrigins`, { token: manager.token, body: { value: MAPLE_ORIGINS } });
    expect(put.status, put.body).toBe(200);
    await app.services.settings.change({ companyId: ids.summit, associationId: ids.cedarpoint }, 'embeddingOrigins', { kind: 'set', value: CEDAR_ORIGINS }, { userId: ids.manager, ip: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  describe('who may frame an embedded page', () => {
    it('lets the origins of the association the address names frame it, and leaves the rest of the policy as it is', async () => {
      const appPolicy = directivesOf(await page('/dashboard'));
      expect(appPolicy['frame-ancestors']).toBe("'self'");
      for (const url of ['/embed/dashboard?association=maplegrove', '/embed/login?association=MapleGrove', '/embed/billing?x=1&association=maplegrove']) {
        const res = await page(url);
        expect(res.status, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(ancestorsOf(res), url).toBe(`'self' ${MAPLE_ORIGINS.join(' ')}`);
        expect(res.headers['x-frame-options']).toBeUndefined();
        // Never kept by a shared cache, which could hand one association's policy to another's frame.
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect({ ...directivesOf(res), 'frame-ancestors': null }).toEqual({ ...appPolicy, 'frame-ancestors': null });
        // The payment provider's page is framed by this one: the portal's own origin.
        expect(directivesOf(res)['frame-src']).toBe("'self' blob:");
      }
      const head = await call(app, 'HEAD', '/embed/dashboard?association=maplegrove');
      expect(ancestorsOf(head)).toBe(`'self' ${MAPLE_ORIGINS.join(' ')}`);
    });

    it('never lets another association\'s origins frame it, and only the portal itself without a known association', async () => {
      const cedar = await page('/embed/dashboard?association=cedarpoint');
      expect(ancestorsOf(cedar)).toBe(`'self' ${CEDAR_ORIGINS.join(' ')}`);
      for (const origin of MAPLE_ORIGINS) expect(String(cedar.headers['content-security-policy'])).not.toContain(origin);
      for (const url of ['/embed/dashboard', '/embed/dashboard?association=demoville', '/embed/dashboard?association=nosuch', '/embed/dashboard?association=', '/embed/dashboard?association=maple%20grove%3B%20script-src%20*']) {
        const res = await page(url);
        expect(ancestorsOf(res), url).toBe("'self'");
        expect(res.headers['x-frame-options']).toBeUndefined();
      }
    });

    it('leaves the pages that are not embedded as they were', async () => {
      for (const url of ['/', '/dashboard?association=maplegrove', '/login?association=maplegrove', '/embedded?association=maplegrove']) {
        const res = await page(url);
        expect(ancestorsOf(res), url).toBe("'self'");
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['x-frame-options']).toBeUndefined();
      }
    });

    it('follows a change of the setting at the next page load', async () => {
      const manager = await signedIn(DEMO.manager);
      const set = (value: string[]) => call(app, 'PUT', `/api/settings/Associations/${ids.maplegrove}/embeddingOrigins`, { token: manager.token, body: { value } });
      try {
        expect((await set(['https://new.example:8443'])).status).toBe(200);
        expect(ancestorsOf(await page('/embed/dashboard?association=maplegrove'))).toBe("'self' https://new.example:8443");
        expect((await set([])).status).toBe(200);
        expect(ancestorsOf(await page('/embed/dashboard?association=maplegrove'))).toBe("'self'");
      } finally {
        expect((await set(MAPLE_ORIGINS)).status).toBe(200);
      }
    });

    it('adds the configured FRAME_ANCESTORS, and does the same for the pages of development mode', async () => {
      const configured = await testApp(db(), { staticDir, clock: clock.now, frameAncestors: 'https://all.example' });
      try {
        expect(ancestorsOf(await call(configured, 'GET', '/embed/dashboard?association=maplegrove'))).toBe(`'self' https://all.example ${MAPLE_ORIGINS.join(' ')}`);
        expect(ancestorsOf(await call(configured, 'GET', '/embed/dashboard'))).toBe("'self' https://all.example");
        // Exactly FRAME_ANCESTORS elsewhere, as before.
        expect(ancestorsOf(await call(configured, 'GET', '/dashboard'))).toBe('https://all.example');
      } finally {
        await configured.close();
      }
      const dev = await testApp(db(), { devSite: moduleServer, clock: clock.now });
      try {
        const res = await call(dev, 'GET', '/embed/dashboard?association=maplegrove');
        expect(res.body).toContain('<title>/embed/dashboard?association=maplegrove</title>');
        expect(ancestorsOf(res)).toBe(`'self' ${MAPLE_ORIGINS.join(' ')}`);
        expect(directivesOf(res)['script-src']).toBe("'self' 'unsafe-inline'");
        expect(res.headers['cache-control']).toBe('no-store');
        expect(ancestorsOf(await call(dev, 'GET', '/dashboard?association=maplegrove'))).toBe("'self'");
      } finally {
        await dev.close();
      }
    });

    it('reads the association from the renewal cookie when the address names none', async () => {
      const maple = await renewal({ association: 'maplegrove' });
      expect(ancestorsOf(await page('/embed/dashboard', { cookie: maple.cookie }))).toBe(`'self' ${MAPLE_ORIGINS.join(' ')}`);
      // The address wins over the cookie.
      expect(ancestorsOf(await page('/embed/dashboard?association=cedarpoint', { cookie: maple.cookie }))).toBe(`'self' ${CEDAR_ORIGINS.join(' ')}`);
      // A renewal made for no association, and cookies the server does not know, name none.
      const none = await renewal({});
      expect(ancestorsOf(await page('/embed/dashboard', { cookie: none.cookie }))).toBe("'self'");
      expect(ancestorsOf(await page('/embed/dashboard', { cookie: `__Host-portal_embed=${'A'.repeat(43)}` }))).toBe("'self'");
      expect(ancestorsOf(await page('/embed/dashboard', { cookie: 'portal_embed=x; other=1' }))).toBe("'self'");
    });

    it('lets the company\'s page frame the payment provider\'s page inside the embedded portal of the association it is paid to', async () => {
      const provider = createSandboxProvider({ db: db(), clock: app.services.clock });
      const maple = await provider.createSetupIntent({ merchantAccount: 'acct_maplegrove', kind: 'card', customerRef: 'user:1' });
      const elsewhere = await provider.createSetupIntent({ merchantAccount: 'acct_elsewhere', kind: 'card', customerRef: 'user:1' });
      const framed = await call(app, 'GET', maple.hostedEntryUrl);
      const plain = await call(app, 'GET', elsewhere.hostedEntryUrl);
      expect(framed.status, framed.body).toBe(200);
      expect(plain.status, plain.body).toBe(200);
      expect(ancestorsOf(framed)).toBe(`'self' ${MAPLE_ORIGINS.join(' ')}`);
      expect(ancestorsOf(plain)).toBe("'self'");
      expect({ ...directivesOf(framed), 'frame-ancestors': null }).toEqual({ ...directivesOf(plain), 'frame-ancestors': null });
      expect(framed.headers['x-frame-options']).toBeUndefined();
    });
  });

  describe('the association of an embedded portal (getEmbedding)', () => {
    it('answers the association and the origins that may frame it, for a minute', async () => {
      for (const code of ['maplegrove', 'MAPLEGROVE']) {
        const res = await call(app, 'GET', `${EMBED_API}?association=${code}`);
        expect(res.status, res.body).toBe(200);
        expect(res.json).toEqual({ association: { code: 'maplegrove', name: 'Maple Grove HOA' }, origins: MAPLE_ORIGINS });
        expect(res.headers['cache-control']).toBe('public, max-age=60');
      }
      expect((await call(app, 'GET', `${EMBED_API}?association=demoville`)).json).toMatchObject({ origins: [] });
    });

    it('refuses an association that does not exist (404 EMB001) and what is not a code (400)', async () => {
      expectErrorShape(await call(app, 'GET', `${EMBED_API}?association=nosuch`), 404, 'EMB001');
      for (const code of ['maple%20grove', '-maple', '..%2Fx', 'a'.repeat(51)]) {
        const res = await call(app, 'GET', `${EMBED_API}?association=${code}`);
        expectErrorShape(res, 400, 'VAL001');
        expect(res.json.detail).toMatch(/^association /);
      }
      const missing = await call(app, 'GET', EMBED_API);
      expectErrorShape(missing, 400, 'VAL001');
      expect(missing.json.detail).toBe('association is required.');
    });
  });

  describe('the renewal cookie', () => {
    it('is set for the session, host-only, secure, httpOnly, sent from frames and partitioned, until the session ends; only its hash is kept', async () => {
      const signed = await signedIn();
      const res = await startRenewal(signed.token, { association: 'maplegrove' });
      expect(res.status, res.body).toBe(200);
      expect(res.json).toEqual({ renewal: 'cookie' });
      const cookies = setCookies(res);
      expect(cookies).toHaveLength(1);
      const cookie = parseCookie(cookies[0]);
      expect(cookie.name).toBe('__Host-portal_embed');
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.attributes).toEqual([...COOKIE_ATTRIBUTES, `Max-Age=${SESSION_SECONDS}`]);
      expect(cookie.attributes.some((a) => /^domain=/i.test(a))).toBe(false);
      const rows = (await db().query<{ secret_hash: string; session_id: string; association_id: number; expires_at: Date | string }>(
        'SELECT secret_hash, session_id, association_id, expires_at FROM embed_renewals WHERE session_id = $1', [decodeJwt(signed.token).sid],
      )).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0].secret_hash).toBe(createHash('sha256').update(cookie.value).digest('base64url'));
      expect(Number(rows[0].association_id)).toBe(ids.maplegrove);
      expect(new Date(rows[0].expires_at).getTime()).toBe(NOW.getTime() + SESSION_SECONDS * 1000);
      expect(JSON.stringify((await db().query('SELECT * FROM embed_renewals')).rows)).not.toContain(cookie.value);
    });

    it('lasts what is left of the session, and a new one replaces the session\'s earlier one', async () => {
      const first = await renewal();
      clock.advance(HOUR);
      try {
        const again = await startRenewal(first.token, {});
        expect(parseCookie(setCookies(again)[0]).attributes).toEqual([...COOKIE_ATTRIBUTES, `Max-Age=${SESSION_SECONDS - 3600}`]);
        expect(await renewalsOf(first.sid)).toBe(1);
        expectErrorShape(await renew(first.cookie), 401, 'EMB003');
        expect((await renew(cookieFrom(again))).status).toBe(200);
      } finally {
        clock.set(NOW);
      }
    });

    it('renews the same session from the portal\'s own pages: a token of that session, ending with it, that signs in', async () => {
      const { token, userId, sid, cookie } = await renewal();
      const signedInClaims = decodeJwt(token);
      clock.advance(HOUR);
      try {
        for (const origin of [OWN_ORIGIN, TEST_PUBLIC_URL]) {
          const res = await renew(cookie, origin);
          expect(res.status, res.body).toBe(200);
          // With the association the frame was first opened for: a page reloaded without ?association= shows it again.
          expect(res.json).toEqual({ token: expect.any(String), userId, user: { userId, userName: DEMO.homeowner.email, email: DEMO.homeowner.email }, associationCode: 'maplegrove' });
          expect(setCookies(res)).toEqual([]);
          const claims = decodeJwt(res.json.token);
          expect(claims).toMatchObject({ sid, sub: String(userId), UserId: userId, Customer: 'summit', aud: 'homeowner' });
          expect(claims.iat).toBe((NOW.getTime() + HOUR) / 1000);
          // Never later than the session: 7 hours now, not 8.
          expect(claims.exp).toBe(signedInClaims.exp);
          const user = await call(app, 'GET', `/api/users/Users/${userId}`, { token: res.json.token });
          expect(user.status, user.body).toBe(200);
          expect(user.json).toMatchObject({ userId, email: DEMO.homeowner.email });
        }
      } finally {
        clock.set(NOW);
      }
    });

    it('names no association when the renewal was started without one', async () => {
      const { userId, cookie } = await renewal({});
      const res = await renew(cookie, OWN_ORIGIN);
      expect(res.status, res.body).toBe(200);
      expect(res.json).toEqual({ token: expect.any(String), userId, user: { userId, userName: DEMO.homeowner.email, email: DEMO.homeowner.email } });
    });

    it('refuses any other origin, or none, with 403 EMB002, issuing and changing nothing', async () => {
      const { cookie } = await renewal();
      const before = await databaseFingerprint(db());
      for (const origin of [null, 'null', 'https://evil.example', 'http://localhost:8080', 'https://localhost', 'http://localhost.evil.example', `${OWN_ORIGIN}/`, 'https://hoa.example.com']) {
        const res = await renew(cookie, origin);
        expectErrorShape(res, 403, 'EMB002');
        expect(setCookies(res)).toEqual([]);
        expect(res.body).not.toMatch(/eyJ/);
      }
      expect(await databaseFingerprint(db())).toEqual(before);
    });

    it('ends with sign-out: the renewal is forgotten, its cookie cleared, and renewing is 401 EMB003 with the cookie cleared', async () => {
      const { token, sid, cookie } = await renewal();
      expect((await renew(cookie)).status).toBe(200);
      const out = await call(app, 'POST', '/api/users/Users/Logout', { token });
      expect(out.status).toBe(204);
      expectCleared(out);
      expect(await renewalsOf(sid)).toBe(0);
      const res = await renew(cookie);
      expectErrorShape(res, 401, 'EMB003');
      expectCleared(res);
    });

    it('ends when the password changes elsewhere, and when the session expires', async () => {
      const other = await renewal({}, DEMO.paid);
      const changer = await signedIn(DEMO.paid);
      const changed = await call(app, 'PUT', '/api/users/Users/Password', { token: changer.token, body: { currentPassword: DEMO.paid.password, newPassword: 'Changed#Paid2026' } });
      expect(changed.status, changed.body).toBe(204);
      const refused = await renew(other.cookie);
      expectErrorShape(refused, 401, 'EMB003');
      expectCleared(refused);
      expect(await renewalsOf(other.sid)).toBe(0);

      const expiring = await renewal();
      clock.set(new Date(NOW.getTime() + SESSION_SECONDS * 1000 + 1000));
      try {
        const late = await renew(expiring.cookie);
        expectErrorShape(late, 401, 'EMB003');
        expectCleared(late);
      } finally {
        clock.set(NOW);
      }
    });

    it('is 204 without a cookie (nothing to renew), and 401 EMB003 with one it does not know, clearing it', async () => {
      for (const cookie of [null, 'portal_embed=x']) {
        const res = await renew(cookie);
        expect(res.status, res.body).toBe(204);
        expect(setCookies(res)).toEqual([]);
      }
      for (const cookie of [`__Host-portal_embed=${'A'.repeat(43)}`, '__Host-portal_embed=short']) {
        const res = await renew(cookie);
        expectErrorShape(res, 401, 'EMB003');
        expectCleared(res);
      }
    });

    it('is refused in mimic mode, and for an association that does not exist or is not a code', async () => {
      const staff = await signedIn(DEMO.staff);
      const homeowner = await signedIn();
      const started = await call(app, 'POST', `/api/management/People/${homeowner.userId}/Mimic`, { token: staff.token, body: { reason: 'Owner asked about the embedded portal' } });
      expect(started.status, started.body).toBe(201);
      const claimed = await call(app, 'POST', '/api/users/Users/Mimic/Claim', { body: { code: started.json.handoverCode } });
      expect(claimed.status, claimed.body).toBe(200);
      const before = await count(db(), 'embed_renewals');
      const mimic = await startRenewal(claimed.json.token, { association: 'maplegrove' });
      // The contract's mark (x-mimic: never) refuses it before the handler.
      expectErrorShape(mimic, 403, 'MIM008');
      expect(setCookies(mimic)).toEqual([]);

      expectErrorShape(await startRenewal(homeowner.token, { association: 'nosuch' }), 404, 'EMB001');
      for (const association of ['maple grove', '', 'x'.repeat(51)]) {
        const res = await startRenewal(homeowner.token, { association });
        expectErrorShape(res, 400, 'VAL001');
        expect(res.json.detail).toMatch(/^association /);
        expect(setCookies(res)).toEqual([]);
      }
      expectErrorShape(await startRenewal(homeowner.token, { association: 'maplegrove', extra: 1 }), 400, 'VAL001');
      expectErrorShape(await call(app, 'POST', RENEWAL, { body: {} }), 401, 'AUTH002');
      expect(await count(db(), 'embed_renewals')).toBe(before);
    });

    it('counts renewing against the sign-in limit of the address', async () => {
      const limited = await testApp(db(), { clock: clock.now, rateLimits: { authenticateIp: { limit: 2, windowSeconds: 900 } } });
      try {
        for (let i = 0; i < 2; i++) expect((await call(limited, 'POST', RENEW, { headers: { origin: OWN_ORIGIN }, ip: '10.8.0.1' })).status).toBe(204);
        expectErrorShape(await call(limited, 'POST', RENEW, { headers: { origin: OWN_ORIGIN }, ip: '10.8.0.1' }), 429, 'RATE001');
      } finally {
        await limited.close();
      }
    });
  });

  describe('EMBED_RENEW_COOKIE=off', () => {
    it('answers renewal none, with no cookie and nothing kept', async () => {
      const off = await testApp(db(), { clock: clock.now, embedRenewCookie: false });
      try {
        const signed = await signedIn(DEMO.homeowner, off);
        const before = await count(db(), 'embed_renewals');
        const res = await call(off, 'POST', RENEWAL, { token: signed.token, body: { association: 'maplegrove' } });
        expect(res.status, res.body).toBe(200);
        expect(res.json).toEqual({ renewal: 'none' });
        expect(setCookies(res)).toEqual([]);
        expect(await count(db(), 'embed_renewals')).toBe(before);
      } finally {
        await off.close();
      }
    });

    it('is switched off and on again while the server runs by the development route, which refuses other bodies', async () => {
      const switched = await testApp(db(), { clock: clock.now });
      try {
        const signed = await signedIn(DEMO.homeowner, switched);
        const start = () => call(switched, 'POST', RENEWAL, { token: signed.token, body: { association: 'maplegrove' } });
        expectErrorShape(await call(switched, 'PUT', '/dev/embedding/renew-cookie', { body: { enabled: 'no' } }), 400, 'VAL001');
        expect((await start()).json).toEqual({ renewal: 'cookie' });
        expect((await call(switched, 'PUT', '/dev/embedding/renew-cookie', { body: { enabled: false } })).json).toEqual({ enabled: false });
        const off = await start();
        expect(off.json).toEqual({ renewal: 'none' });
        expect(setCookies(off)).toEqual([]);
        expect((await call(switched, 'PUT', '/dev/embedding/renew-cookie', { body: { enabled: true } })).json).toEqual({ enabled: true });
        expect((await start()).json).toEqual({ renewal: 'cookie' });
      } finally {
        await switched.close();
      }
    });

    it('is read from the environment and refused in production', async () => {
      expect(configFromEnv({ EMBED_RENEW_COOKIE: 'off' }).app.embedRenewCookie).toBe(false);
      expect(configFromEnv({ EMBED_RENEW_COOKIE: 'OFF' }).app.embedRenewCookie).toBe(false);
      expect(configFromEnv({ EMBED_RENEW_COOKIE: 'on' }).app.embedRenewCookie).toBeUndefined();
      expect(configFromEnv({}).app.embedRenewCookie).toBeUndefined();
      expect(() => configFromEnv({ EMBED_RENEW_COOKIE: 'sometimes' })).toThrow(/EMBED_RENEW_COOKIE must be on or off/);
      expect(() => configFromEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.org', EMBED_RENEW_COOKIE: 'off' })).toThrow(/refused in production/);
      await expect(testApp(db(), { nodeEnv: 'production', embedRenewCookie: false })).rejects.toThrow(/refused in production/);
    });
  });
});
