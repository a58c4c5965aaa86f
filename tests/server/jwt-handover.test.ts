// Sign-in handed over by a host (openapi/users.yaml authenticateJWT, server/auth/handover/): a
// management company's site signs a short-lived JWT and the portal opens a session for the user it
// names. Keys are made here with jose and set as Summit's settings, as the console would; every
// refusal has its own code, never jose's words, and leaves no session and no used token behind.
// PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, testApp, useTestDatabase, type ApiResponse } from './helpers.ts';
import { signDemoHandoverToken } from '../../server/demo/handover.ts';

const JWT = '/api/users/Users/AuthenticateJWT';
const AUDIENCE = 'community-portal';

interface Signing {
  key?: CryptoKey | Uint8Array;
  alg?: string;
  kid?: string | null;
  aud?: string | null;
  iss?: string;
  email?: string | null;
  /** Seconds from now (negative: in the past); null leaves the claim out. */
  iatIn?: number | null;
  /** Seconds after iat; null leaves the claim out. */
  lifetime?: number | null;
  jti?: string | null;
}

describe.each(BACKENDS)('sign-in handed over by a host on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let summit: number;
  let managerId: number;
  let rsa: { publicKey: CryptoKey; privateKey: CryptoKey };
  let stranger: { publicKey: CryptoKey; privateKey: CryptoKey };
  let ec: { publicKey: CryptoKey; privateKey: CryptoKey };
  let jwksServer: Server;
  let jwksBase: string;
  let jwksFetches = 0;
  const db = () => database.current.db;

  const setCompany = async (key: string, value: unknown) => {
    const change = value === undefined ? ({ kind: 'clear' } as const) : ({ kind: 'set', value } as const);
    await app.services.settings.change({ companyId: summit, associationId: null }, key, change, { userId: managerId, ip: '127.0.0.1' });
  };

  async function sign(options: Signing = {}): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    const iat = options.iatIn === null ? undefined : now + (options.iatIn ?? 0);
    const claims: Record<string, unknown> = {};
    if (options.email !== null) claims.email = options.email ?? DEMO.homeowner.email;
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'RS256', ...(options.kid === null ? {} : { kid: options.kid ?? 'summit-1' }) });
    if (options.aud !== null) jwt.setAudience(options.aud ?? AUDIENCE);
    if (options.iss) jwt.setIssuer(options.iss);
    if (iat !== undefined) jwt.setIssuedAt(iat);
    if (options.lifetime !== null) jwt.setExpirationTime((iat ?? now) + (options.lifetime ?? 120));
    if (options.jti !== null) jwt.setJti(options.jti ?? randomUUID());
    return jwt.sign(options.key ?? rsa.privateKey);
  }

  const handover = (body: Record<string, unknown>) => call(app, 'POST', JWT, { body: { company: 'summit', ...body } });
  const written = async () => ({ sessions: await count(db(), 'sessions'), used: await count(db(), 'used_handover_tokens') });

  /** A refusal in the error shape with its own code and none of jose's words, having written nothing. */
  async function expectRefused(request: () => Promise<ApiResponse>, status: number, code: string) {
    const before = await written();
    const res = await request();
    expectErrorShape(res, status, code);
    expect(res.body).not.toMatch(/JWS|JWK|claim|"alg"|jose|timestamp|header/i);
    expect(await written()).toEqual(before);
    return res;
  }

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    summit = Number((await db().query<{ id: number }>(`SELECT id FROM management_companies WHERE code = 'summit'`)).rows[0].id);
    managerId = Number((await db().query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [DEMO.manager.email])).rows[0].id);
    rsa = await generateKeyPair('RS256', { extractable: true });
    stranger = await generateKeyPair('RS256', { extractable: true });
    ec = await generateKeyPair('ES256', { extractable: true });
    const ecJwk: JWK = { ...(await exportJWK(ec.publicKey)), kid: 'summit-ec', alg: 'ES256', use: 'sig' };
    jwksServer = createServer((req, res) => {
      jwksFetches += 1;
      if (req.url === '/jwks.json') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [ecJwk] }));
      } else {
        res.writeHead(500).end('down');
      }
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    jwksBase = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  it("the demo data's key signs the demo homeowner in (the README's link)", async () => {
    const res = await handover({ token: await signDemoHandoverToken(DEMO.homeowner.email, clock.now()), next: '/billing' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.next).toBe('/billing');
  });

  it('with the company\'s own keys set, a good token signs in: the session works and the answer says where to go', async () => {
    await setCompany('handoverKeys', { keys: [{ ...(await exportJWK(rsa.publicKey)), kid: 'summit-1', alg: 'RS256', use: 'sig' }] });
    const before = await written();
    const res = await handover({ token: await sign({ email: 'HomeOwner@Example.COM' }), next: '/billing/a/../account-overview?x=1#top' });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ userId: expect.any(Number), user: { email: DEMO.homeowner.email }, next: '/billing/account-overview?x=1#top' });
    expect(await written()).toEqual({ sessions: before.sessions + 1, used: before.used + 1 });
    const user = await call(app, 'GET', `/api/users/Users/${res.json.userId}`, { token: res.json.token });
    expect(user.status).toBe(200);
    expect(user.json.email).toBe(DEMO.homeowner.email);
    // Without `next`, the dashboard.
    const plain = await handover({ token: await sign() });
    expect(plain.status).toBe(200);
    expect(plain.json.next).toBe('/dashboard');
  });

  it('refuses a token used before (JWT005), even for another next', async () => {
    const token = await sign();
    expect((await handover({ token })).status).toBe(200);
    await expectRefused(() => handover({ token }), 401, 'JWT005');
    await expectRefused(() => handover({ token, next: '/billing' }), 401, 'JWT005');
  });

  it('refuses a token for another audience (JWT003) or without one (JWT002)', async () => {
    await expectRefused(async () => handover({ token: await sign({ aud: 'another-portal' }) }), 401, 'JWT003');
    await expectRefused(async () => handover({ token: await sign({ aud: null }) }), 401, 'JWT002');
    // The company may name its own audience; the default then no longer passes.
    await setCompany('handoverAudience', 'summit-portal');
    await expectRefused(async () => handover({ token: await sign() }), 401, 'JWT003');
    expect((await handover({ token: await sign({ aud: 'summit-portal' }) })).status).toBe(200);
    await setCompany('handoverAudience', undefined);
  });

  it('checks the issuer only when the company names one (JWT003)', async () => {
    await setCompany('handoverIssuer', 'https://summit.example');
    await expectRefused(async () => handover({ token: await sign({ iss: 'https://lakeside.example' }) }), 401, 'JWT003');
    expect((await handover({ token: await sign({ iss: 'https://summit.example' }) })).status).toBe(200);
    await setCompany('handoverIssuer', undefined);
    expect((await handover({ token: await sign({ iss: 'https://anyone.example' }) })).status).toBe(200);
  });

  it('refuses an expired, too old or too long-lived token (JWT004); five minutes exactly is fine', async () => {
    // Expired a minute ago (past the 30 s tolerance).
    await expectRefused(async () => handover({ token: await sign({ iatIn: -180, lifetime: 120 }) }), 401, 'JWT004');
    // Not expired yet, but issued over five minutes (and the tolerance) ago.
    await expectRefused(async () => handover({ token: await sign({ iatIn: -340, lifetime: 440 }) }), 401, 'JWT004');
    // Living longer than five minutes.
    await expectRefused(async () => handover({ token: await sign({ lifetime: 301 }) }), 401, 'JWT004');
    await expectRefused(async () => handover({ token: await sign({ lifetime: 3600 }) }), 401, 'JWT004');
    // Issued in the future, past the tolerance.
    await expectRefused(async () => handover({ token: await sign({ iatIn: 120 }) }), 401, 'JWT004');
    expect((await handover({ token: await sign({ lifetime: 300 }) })).status).toBe(200);
    // Within the tolerance: a host's clock a little ahead.
    expect((await handover({ token: await sign({ iatIn: 20 }) })).status).toBe(200);
  });

  it('requires exp, iat and jti (JWT002)', async () => {
    await expectRefused(async () => handover({ token: await sign({ lifetime: null }) }), 401, 'JWT002');
    await expectRefused(async () => handover({ token: await sign({ iatIn: null }) }), 401, 'JWT002');
    await expectRefused(async () => handover({ token: await sign({ jti: null }) }), 401, 'JWT002');
    await expectRefused(async () => handover({ token: await sign({ jti: 'x'.repeat(201) }) }), 401, 'JWT002');
  });

  it('refuses an unsigned token (alg none), an HMAC token made with the public key, another key\'s signature and garbage (JWT002)', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { email: DEMO.homeowner.email, aud: AUDIENCE, iat: now, exp: now + 60, jti: randomUUID() };
    await expectRefused(() => handover({ token: `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.` }), 401, 'JWT002');
    await expectRefused(() => handover({ token: `${part({ alg: 'none', kid: 'summit-1' })}.${part(claims)}.c2ln` }), 401, 'JWT002');
    // Algorithm confusion: HS256 "signed" with the bytes of the public key anyone may know.
    const pem = new TextEncoder().encode(await exportSPKI(rsa.publicKey));
    await expectRefused(async () => handover({ token: await sign({ alg: 'HS256', key: pem }) }), 401, 'JWT002');
    const jwkBytes = new TextEncoder().encode(JSON.stringify(await exportJWK(rsa.publicKey)));
    await expectRefused(async () => handover({ token: await sign({ alg: 'HS256', key: jwkBytes, kid: null }) }), 401, 'JWT002');
    // Another key under the company's key id, and under none.
    await expectRefused(async () => handover({ token: await sign({ key: stranger.privateKey }) }), 401, 'JWT002');
    await expectRefused(async () => handover({ token: await sign({ key: stranger.privateKey, kid: null }) }), 401, 'JWT002');
    await expectRefused(async () => handover({ token: await sign({ key: stranger.privateKey, kid: 'unknown' }) }), 401, 'JWT002');
    // A token with its payload changed after signing.
    const [header, , signature] = (await sign()).split('.');
    await expectRefused(() => handover({ token: `${header}.${part({ ...claims, email: DEMO.manager.email })}.${signature}` }), 401, 'JWT002');
    await expectRefused(() => handover({ token: 'not-a-token' }), 401, 'JWT002');
  });

  it('refuses an e-mail with no portal user, another company\'s user, and a token naming none (JWT006)', async () => {
    await expectRefused(async () => handover({ token: await sign({ email: 'nobody@example.com' }) }), 401, 'JWT006');
    await expectRefused(async () => handover({ token: await sign({ email: DEMO.lakesideOwner.email }) }), 401, 'JWT006');
    await expectRefused(async () => handover({ token: await sign({ email: null }) }), 401, 'JWT006');
  });

  it('refuses a next that leaves the portal (JWT007) before anything else, and the token stays good', async () => {
    const token = await sign();
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', 'billing', '/\\/evil.example', '///evil.example']) {
      const res = await expectRefused(() => handover({ token, next }), 400, 'JWT007');
      expect(res.json.fields).toEqual({ next: res.json.detail });
    }
    // A bad next is refused even with a bad token: nothing of the token is told.
    await expectRefused(() => handover({ token: 'not-a-token', next: '//evil.example' }), 400, 'JWT007');
    const res = await handover({ token, next: '/my/messages' });
    expect(res.status).toBe(200);
    expect(res.json.next).toBe('/my/messages');
  });

  it('refuses a company that has not set the handover up, or is unknown (JWT001)', async () => {
    await expectRefused(async () => call(app, 'POST', JWT, { body: { company: 'lakeside', token: await sign({ email: DEMO.lakesideOwner.email }) } }), 403, 'JWT001');
    await expectRefused(async () => call(app, 'POST', JWT, { body: { company: 'nowhere', token: await sign() } }), 403, 'JWT001');
    // Keys without single sign-on on: off.
    await setCompany('singleSignOn', false);
    await expectRefused(async () => handover({ token: await sign() }), 403, 'JWT001');
    await setCompany('singleSignOn', true);
    // Single sign-on on without keys or an address: off.
    await setCompany('handoverKeys', null);
    await expectRefused(async () => handover({ token: await sign() }), 403, 'JWT001');
  });

  it('reads the keys from a JWKS address; an address that fails is JWT008, not a forged token', async () => {
    await setCompany('handoverKeys', null);
    await setCompany('handoverJwksUrl', `${jwksBase}/jwks.json`);
    const fetchesBefore = jwksFetches;
    const res = await handover({ token: await sign({ key: ec.privateKey, alg: 'ES256', kid: 'summit-ec' }), next: '/billing' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.next).toBe('/billing');
    // The keys are kept: a second sign-in does not fetch them again.
    expect((await handover({ token: await sign({ key: ec.privateKey, alg: 'ES256', kid: 'summit-ec' }) })).status).toBe(200);
    expect(jwksFetches).toBe(fetchesBefore + 1);
    // The RSA key is not in that set.
    await expectRefused(async () => handover({ token: await sign() }), 401, 'JWT002');
    await setCompany('handoverJwksUrl', `${jwksBase}/down.json`);
    await expectRefused(async () => handover({ token: await sign({ key: ec.privateKey, alg: 'ES256', kid: 'summit-ec' }) }), 503, 'JWT008');
    // Keys set in the settings win over the address.
    await setCompany('handoverKeys', { keys: [{ ...(await exportJWK(rsa.publicKey)), kid: 'summit-1' }] });
    expect((await handover({ token: await sign() })).status).toBe(200);
  });

  it('takes only public keys and https addresses (loopback http for testing) as settings', async () => {
    const refuse = async (key: string, value: unknown) => {
      await expect(setCompany(key, value)).rejects.toMatchObject({ errorCode: 'SET001' });
    };
    await refuse('handoverKeys', { keys: [{ ...(await exportJWK(rsa.privateKey)), kid: 'private' }] });
    await refuse('handoverKeys', { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] });
    await refuse('handoverKeys', { keys: [] });
    await refuse('handoverKeys', { keys: [{ ...(await exportJWK(rsa.publicKey)), alg: 'HS256' }] });
    await refuse('handoverJwksUrl', 'http://keys.example/jwks.json');
    await refuse('handoverJwksUrl', 'http://localhost.evil.example/jwks.json');
    await refuse('handoverJwksUrl', 'http://localhost@evil.example/jwks.json');
    await refuse('handoverAudience', '');
    await setCompany('handoverJwksUrl', 'https://summit.example/.well-known/jwks.json');
    await setCompany('handoverJwksUrl', 'http://localhost:8080/jwks.json');
  });

  it('validates the body first (VAL001) and is limited per address like sign-in (RATE001)', async () => {
    await expectRefused(() => call(app, 'POST', JWT, { body: { token: 'x' } }), 400, 'VAL001');
    await expectRefused(() => call(app, 'POST', JWT, { body: { token: 'x', company: 'summit', role: 'admin' } }), 400, 'VAL001');
    await expectRefused(() => call(app, 'POST', JWT, { body: { token: '', company: 'summit' } }), 400, 'VAL001');
    const limited = await testApp(db(), { clock: clock.now, rateLimits: { authenticateIp: { limit: 2, windowSeconds: 900 } } });
    try {
      const ip = '203.0.113.77';
      for (let i = 0; i < 2; i += 1) expect((await call(limited, 'POST', JWT, { ip, body: { company: 'summit', token: 'x' } })).status).toBe(401);
      const res = await call(limited, 'POST', JWT, { ip, body: { company: 'summit', token: await sign() } });
      expectErrorShape(res, 429, 'RATE001');
    } finally {
      await limited.close();
    }
  });
});
