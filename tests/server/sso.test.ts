// Single sign-on through a company's OpenID Connect provider (openapi/users.yaml getSsoProvider,
// startSso, authenticateSSO, sendSsoLinkCode, linkSsoAccount; server/sso/), against a real provider
// (oidc-provider, server/demo/identity-provider.ts) driven as a browser would: the portal's start,
// the provider's sign-in form, its redirect back. Answers the portal must refuse are made by
// altering what the real provider answers (its token endpoint's ID token, signed with its key).
// PGlite and PostgreSQL.
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { BACKENDS, DEMO, TEST_PUBLIC_URL, call, clients, count, expectErrorShape, expectStatus, testApp, useTestDatabase } from './helpers.ts';
import { startDemoIdentityProvider, type DemoIdentityProvider } from '../../server/demo/identity-provider.ts';

const CLIENT = { clientId: 'portal-summit', clientSecret: 'summit-client-secret-for-tests' };
const START = '/api/users/Users/SSO/Start';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The provider's cookies, as a browser keeps them. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

type Tamper = (payload: Record<string, unknown>) => { payload: Record<string, unknown>; none?: boolean };

describe.each(BACKENDS)('single sign-on on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let provider: DemoIdentityProvider;
  let issuer: string;
  let summit: number;
  let managerId: number;
  let tamper: Tamper | null = null;
  const db = () => database.current.db;

  // What the portal's server fetches from the provider, with the ID token altered when a test asks.
  const providerFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!tamper || !url.endsWith('/token')) return res;
    const body = (await res.json()) as Record<string, unknown>;
    const { payload, none } = tamper(decodeJwt(String(body.id_token)) as Record<string, unknown>);
    if (none) {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      body.id_token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
    } else {
      body.id_token = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: provider.keyId }).sign(provider.signingKey);
    }
    return new Response(JSON.stringify(body), { status: res.status, headers: { 'content-type': 'application/json' } });
  };

  const setSummit = async (key: string, value: unknown) => {
    await app.services.settings.change({ companyId: summit, associationId: null }, key, { kind: 'set', value }, { userId: managerId, ip: '127.0.0.1' });
  };

  beforeAll(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}`;
    provider = await startDemoIdentityProvider({
      issuer, port,
      clients: [{ ...CLIENT, redirectUris: [`${TEST_PUBLIC_URL}/auth/sso`], postLogoutRedirectUris: [`${TEST_PUBLIC_URL}/login/summit`] }],
    });
    process.env.OIDC_CLIENT_SECRET_SUMMIT = CLIENT.clientSecret;
    app = await testApp(db(), { ssoFetch: providerFetch });
    summit = Number((await db().query<{ id: number }>(`SELECT id FROM management_companies WHERE code = 'summit'`)).rows[0].id);
    managerId = Number((await db().query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DEMO.manager.email])).rows[0].id);
    await setSummit('singleSignOn', true);
    await setSummit('ssoIssuer', issuer);
    await setSummit('ssoClientId', CLIENT.clientId);
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
    delete process.env.OIDC_CLIENT_SECRET_SUMMIT;
  });
  beforeEach(() => {
    tamper = null;
  });

  /** The portal's start, then the provider's sign-in form, as a browser; the provider's answer to /auth/sso. */
  async function throughProvider(login: { email: string; password: string }, jar = new CookieJar(), next?: string) {
    const start = await call(app, 'GET', `${START}?company=summit${next ? `&next=${encodeURIComponent(next)}` : ''}`);
    expect(start.status).toBe(302);
    const binding = /portal_sso=([^;]+)/.exec(String(start.headers['set-cookie']))![1];
    let res = await fetch(String(start.headers.location), { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    let location = new URL(res.headers.get('location')!, issuer);
    if (location.pathname.startsWith('/interaction/')) {
      const page = await fetch(location, { headers: { cookie: jar.header() } });
      expect(await page.text()).toContain('<form method="post"');
      res = await fetch(`${location.href}/login`, {
        method: 'POST', redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: login.email, password: login.password }),
      });
      jar.take(res);
      // The interaction finished: back to the authorization endpoint, which answers the portal.
      while (res.status >= 300 && res.status < 400 && !res.headers.get('location')!.startsWith(TEST_PUBLIC_URL)) {
        res = await fetch(new URL(res.headers.get('location')!, issuer), { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.take(res);
      }
      location = new URL(res.headers.get('location')!);
    }
    expect(location.href.startsWith(`${TEST_PUBLIC_URL}/auth/sso?`)).toBe(true);
    return { response: Object.fromEntries(location.searchParams), cookie: `portal_sso=${binding}`, jar };
  }

  const authenticate = (answer: { response: Record<string, string>; cookie: string }) =>
    call(app, 'POST', '/api/users/Users/AuthenticateSSO', { body: { response: answer.response }, headers: { cookie: answer.cookie } });
  const link = (body: Record<string, string>) => call(app, 'POST', '/api/users/Users/AuthenticateSSO/Link', { body });
  const linked = () => count(db(), 'sso_identities');

  it('says which companies sign in through a provider', async () => {
    const summitAnswer = await clients(app).users.getSsoProvider({ company: 'summit' });
    expectStatus(summitAnswer, 200);
    expect(summitAnswer.data).toEqual({ available: true, companyName: 'Summit Community Management', startPath: `${START}?company=summit` });
    for (const company of ['lakeside', 'no-such-company']) {
      const other = await clients(app).users.getSsoProvider({ company });
      expectStatus(other, 200);
      expect(other.data).toEqual({ available: false });
    }
  });

  it('starts the code flow with PKCE, state and nonce, bound to the browser by an httpOnly cookie', async () => {
    const start = await call(app, 'GET', `${START}?company=summit&next=/billing`);
    expect(start.status).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: CLIENT.clientId, response_type: 'code', redirect_uri: `${TEST_PUBLIC_URL}/auth/sso`, code_challenge_method: 'S256', scope: 'openid email profile',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)!.length).toBeGreaterThanOrEqual(40);
    expect(String(start.headers['set-cookie'])).toMatch(/^portal_sso=[\w-]{40,}; Path=\/api\/users\/Users\/AuthenticateSSO; HttpOnly; SameSite=Lax; Max-Age=600; Secure$/);
    // Only a hash of the state is kept.
    const { rows } = await db().query<{ state_hash: string }>('SELECT state_hash FROM sso_attempts ORDER BY id DESC LIMIT 1');
    expect(rows[0].state_hash).not.toBe(location.searchParams.get('state'));
  });

  it('refuses a company without a provider, a next that is not a portal path, and a provider that cannot be reached', async () => {
    expectErrorShape(await call(app, 'GET', `${START}?company=lakeside`), 404, 'SSO001');
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      expectErrorShape(await call(app, 'GET', `${START}?company=summit&next=${encodeURIComponent(next)}`), 400, 'SSO014');
    }
    const attempts = await count(db(), 'sso_attempts');
    await setSummit('ssoIssuer', `http://127.0.0.1:${await freePort()}`);
    try {
      const res = await call(app, 'GET', `${START}?company=summit`);
      expectErrorShape(res, 502, 'SSO002');
      expect(JSON.stringify(res.json)).not.toMatch(/ECONNREFUSED|fetch failed|at .*\.ts/);
    } finally {
      await setSummit('ssoIssuer', issuer);
    }
    expect(await count(db(), 'sso_attempts')).toBe(attempts);
  });

  it('links on first sign-in only once the user proves the account with the password, then signs in without asking again', async () => {
    const first = await throughProvider(DEMO.homeowner, undefined, '/billing');
    const answer = await authenticate(first);
    expectStatus(answer, 200);
    const pending = answer.json as { outcome: string; ticket: string; email: string; token?: string };
    expect(pending).toMatchObject({ outcome: 'linkRequired', email: DEMO.homeowner.email, companyName: 'Summit Community Management', expiresInSeconds: 600 });
    expect(pending.token).toBeUndefined();
    expect(await linked()).toBe(0);

    // A wrong password links nothing; the ticket stays for the right one.
    expectErrorShape(await link({ ticket: pending.ticket, password: 'not-the-password' }), 401, 'SSO010');
    expectErrorShape(await link({ ticket: pending.ticket, password: DEMO.homeowner.password, code: '123456' }), 400, 'VAL001');
    expect(await linked()).toBe(0);

    const done = await link({ ticket: pending.ticket, password: DEMO.homeowner.password });
    expectStatus(done, 200);
    const session = done.json as { outcome: string; token: string; userId: number; next: string };
    expect(session).toMatchObject({ outcome: 'signedIn', next: '/billing' });
    expectStatus(await clients(app, session.token).users.getUser(session.userId), 200);
    expect(await linked()).toBe(1);
    // The ticket is spent.
    expectErrorShape(await link({ ticket: pending.ticket, password: DEMO.homeowner.password }), 400, 'SSO009');

    // Later sign-ins through the provider need no proof (the provider remembers the browser too).
    const again = await authenticate(await throughProvider(DEMO.homeowner, first.jar));
    expectStatus(again, 200);
    expect(again.json).toMatchObject({ outcome: 'signedIn', userId: session.userId, next: '/dashboard' });
  });

  it('refuses a callback with the wrong state, a replayed one and another browser\'s, signing no one in', async () => {
    const answer = await throughProvider(DEMO.homeowner);
    const sessions = await count(db(), 'sessions');
    expectErrorShape(await authenticate({ ...answer, response: { ...answer.response, state: 'not-the-state-of-any-attempt-0123456789' } }), 400, 'SSO005');
    const other = await throughProvider(DEMO.homeowner);
    expectErrorShape(await authenticate({ ...answer, cookie: other.cookie }), 400, 'SSO005');
    // That attempt is used up by the refused try: the right cookie cannot revive it.
    expectErrorShape(await authenticate(answer), 400, 'SSO005');
    expectStatus(await authenticate(other), 200);
    expectErrorShape(await authenticate(other), 400, 'SSO005');
    expect(await count(db(), 'sessions')).toBe(sessions + 1);
  });

  it('refuses ID tokens that fail a check (expired, another audience, another nonce, unsigned), linking and signing in no one', async () => {
    const sessions = await count(db(), 'sessions');
    const links = await linked();
    const tickets = await count(db(), 'sso_link_tickets');
    const altered: Record<string, Tamper> = {
      expired: (p) => ({ payload: { ...p, iat: Number(p.iat) - 7200, exp: Number(p.iat) - 3600 } }),
      audience: (p) => ({ payload: { ...p, aud: 'another-client' } }),
      nonce: (p) => ({ payload: { ...p, nonce: 'a-nonce-this-portal-never-sent' } }),
      unsigned: (p) => ({ payload: p, none: true }),
      issuer: (p) => ({ payload: { ...p, iss: 'https://impostor.example' } }),
    };
    for (const [name, change] of Object.entries(altered)) {
      const answer = await throughProvider(DEMO.paid);
      tamper = change;
      const res = await authenticate(answer);
      tamper = null;
      expectErrorShape(res, 401, 'SSO006');
      expect(JSON.stringify(res.json), name).not.toMatch(/nonce|aud|exp|alg|JWT|OperationProcessingError/i);
    }
    expect(await count(db(), 'sessions')).toBe(sessions);
    expect(await linked()).toBe(links);
    expect(await count(db(), 'sso_link_tickets')).toBe(tickets);
  });

  it('never links an e-mail the provider has not verified, and tells a person with no portal account how to get one', async () => {
    const tickets = await count(db(), 'sso_link_tickets');
    expectErrorShape(await authenticate(await throughProvider(DEMO.paid)), 403, 'SSO007');
    const none = await authenticate(await throughProvider({ email: 'newcomer@example.com', password: 'Newcomer#2026' }));
    expectErrorShape(none, 404, 'SSO008');
    expect((none.json as { detail: string }).detail).toMatch(/Create an account/);
    expect(await count(db(), 'sso_link_tickets')).toBe(tickets);
    expect(await count(db(), 'sso_identities')).toBe(await linked());
  });

  it('says a sign-in cancelled at the provider was cancelled', async () => {
    const start = await call(app, 'GET', `${START}?company=summit`);
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const binding = /portal_sso=([^;]+)/.exec(String(start.headers['set-cookie']))![1];
    const res = await authenticate({ response: { error: 'access_denied', state, iss: issuer }, cookie: `portal_sso=${binding}` });
    expectErrorShape(res, 400, 'SSO003');
  });

  it('links with a code e-mailed to the portal account, one a minute, five tries', async () => {
    // The chair has no provider account: a provider account of another person, naming the chair's e-mail, stands in.
    await db().query(`DELETE FROM sso_identities`);
    const pending = (await authenticate(await throughProvider(DEMO.homeowner))).json as { ticket: string };
    expectStatus(await call(app, 'POST', '/api/users/Users/AuthenticateSSO/Link/Code', { body: { ticket: pending.ticket } }), 202);
    expectErrorShape(await call(app, 'POST', '/api/users/Users/AuthenticateSSO/Link/Code', { body: { ticket: pending.ticket } }), 429, 'SSO013');
    const mails = (await call(app, 'GET', '/dev/mailbox.json')).json as { to: string; subject: string; text: string }[];
    const mail = mails.find((m) => m.to === DEMO.homeowner.email && m.subject === 'Your code to link single sign-on')!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    const wrong = code === '000000' ? '111111' : '000000';
    expectErrorShape(await link({ ticket: pending.ticket, code: wrong }), 400, 'SSO011');
    expect(await linked()).toBe(0);
    const done = await link({ ticket: pending.ticket, code });
    expectStatus(done, 200);
    expect(done.json).toMatchObject({ outcome: 'signedIn' });
    expect(await linked()).toBe(1);
    const told = ((await call(app, 'GET', '/dev/mailbox.json')).json as { to: string; subject: string }[]).filter((m) => m.to === DEMO.homeowner.email && m.subject === 'Single sign-on was linked to your account');
    expect(told.length).toBeGreaterThanOrEqual(1);
  });

  it('signs out of the provider too: the answer names its end-session address, which ends the provider\'s session', async () => {
    const jar = new CookieJar();
    const answer = await throughProvider(DEMO.homeowner, jar);
    const session = (await authenticate(answer)).json as { token: string };
    const out = await call(app, 'POST', '/api/users/Users/Logout', { token: session.token });
    expectStatus(out, 200);
    const end = new URL((out.json as { endSessionUrl: string }).endSessionUrl);
    expect(end.origin).toBe(issuer);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_PUBLIC_URL}/login/summit`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    // The browser follows it: the provider's confirmation form, submitted as its page does.
    const page = await fetch(end, { headers: { cookie: jar.header() } });
    jar.take(page);
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1];
    const confirmed = await fetch(new URL(action, issuer), {
      method: 'POST', redirect: 'manual', headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    jar.take(confirmed);
    // Signed out there: the next sign-in asks for the password again.
    const start = await call(app, 'GET', `${START}?company=summit`);
    const res = await fetch(String(start.headers.location), { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(res.headers.get('location')).toMatch(/^\/interaction\//);
    // The session ended: its provider ID token is forgotten by the due work, with attempts nobody finished once expired.
    const kept = await count(db(), 'sso_sessions');
    await db().query(`UPDATE sso_attempts SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const unfinished = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM sso_attempts WHERE used_at IS NULL')).rows[0].n;
    expect(unfinished).toBeGreaterThan(0);
    const ran = (await app.services.jobs.runDueWork()).ran as Record<string, unknown>;
    expect(ran['sso.expiry']).toBeDefined();
    expect(await count(db(), 'sso_sessions')).toBeLessThan(kept);
    expect((await db().query('SELECT 1 FROM sso_sessions k JOIN sessions s ON s.id = k.session_id WHERE s.ended_at IS NOT NULL')).rows).toEqual([]);
    expect((await db().query('SELECT 1 FROM sso_attempts WHERE used_at IS NULL')).rows).toEqual([]);
    // A password sign-in's logout names no provider.
    const plain = await clients(app).users.authenticate(DEMO.board);
    expectStatus(plain, 200);
    expect((await call(app, 'POST', '/api/users/Users/Logout', { token: plain.data.token })).status).toBe(204);
  });
});
