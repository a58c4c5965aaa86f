// The portal token (docs/server.md "Portal token"; openapi/users.yaml getPortalToken,
// createPortalToken, redeemPortalToken; server/portal-token/): a hand-off of the signed-in user to
// another site that lasts 5 minutes and is redeemed once, refused with a code of its own when used,
// expired, forged, not a portal token or of an ended session, each refusal recording nothing. It is
// never a sign-in token: every operation of the contract, generated from openapi/, is called with one
// as its bearer and refuses it before its handler (a public one runs for nobody). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { repoRoot } from '../../server/app.ts';
import { loadOpenApiDir, type OpenApiDoc } from '../../server/openapi/load.ts';
import { defaultHandlers } from '../../server/handlers/index.ts';
import type { HandlerMap } from '../../server/handlers/types.ts';
import { PORTAL_TOKEN_EXPIRY_DUE_WORK } from '../../server/portal-token/uses.ts';
import { BACKENDS, DEMO, TEST_JWT_SECRET, call, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint, requestFor, schemaResolver } from './authz-helpers.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const PORTAL = '/api/users/Users/Authenticate/PortalToken';
const REDEEM = `${PORTAL}/Redeem`;
const REASON = 'Owner asked how to find the pool rules';

/** The real handlers, each noting who its caller was, as the guard identified them. */
function recording(seen: { operationId: string; caller: string | undefined }[]): HandlerMap {
  return Object.fromEntries(
    Object.entries(defaultHandlers()).map(([id, handler]) => [
      id,
      (request: Parameters<typeof handler>[0], services: Parameters<typeof handler>[1]) => {
        seen.push({ operationId: id, caller: (request as { caller?: { kind: string } | null }).caller?.kind });
        return handler(request, services);
      },
    ]),
  );
}

/** A token signed like ours, with these claims, audience and key. */
const signed = (claims: Record<string, unknown>, audience: string, secret = TEST_JWT_SECRET, exp = NOW.getTime() / 1000 + 300) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(claims.UserId)).setIssuer('community-portal')
    .setAudience(audience).setIssuedAt(NOW.getTime() / 1000).setExpirationTime(exp).sign(new TextEncoder().encode(secret));

describe.each(BACKENDS)('the portal token on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  const seen: { operationId: string; caller: string | undefined }[] = [];
  let app: FastifyInstance;
  let docs: OpenApiDoc[];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const db = () => database.current.db;

  const portalToken = async (token = tokens.homeowner, method: 'GET' | 'POST' = 'GET') => {
    const res = await call(app, method, PORTAL, { token });
    expect(res.status, res.body).toBe(200);
    return (res.json as { token: string }).token;
  };
  const redeem = (token: unknown, ip?: string) => call(app, 'POST', REDEEM, { body: { token }, ip });
  const uses = () => count(db(), 'portal_token_uses');

  beforeAll(async () => {
    docs = await loadOpenApiDir(path.join(repoRoot, 'openapi'));
    app = await testApp(db(), { clock: clock.now, handlers: recording(seen) });
    for (const who of ['homeowner', 'staff'] as const) {
      const signedIn = await signIn(app, DEMO[who]);
      tokens[who] = signedIn.token;
      ids[who] = signedIn.userId;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is asked for with GET or POST: audience portal, an id of its own, 5 minutes', async () => {
    const [got, created] = [await portalToken(tokens.homeowner, 'GET'), await portalToken(tokens.homeowner, 'POST')];
    for (const token of [got, created]) {
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({ aud: 'portal', sub: String(ids.homeowner), UserId: ids.homeowner, Customer: 'summit', sid: expect.any(String), jti: expect.any(String) });
      expect(claims.iat).toBe(NOW.getTime() / 1000);
      expect(claims.exp).toBe(NOW.getTime() / 1000 + 5 * 60);
      expect(claims.act).toBeUndefined();
    }
    expect(decodeJwt(got).jti).not.toBe(decodeJwt(created).jti);
    expectErrorShape(await call(app, 'GET', PORTAL), 401, 'AUTH002');
  });

  it('redeems once, answering who the user is; a second redeem is refused', async () => {
    const token = await portalToken();
    const before = await uses();
    const first = await redeem(token);
    expect(first.status, first.body).toBe(200);
    expect(first.json).toEqual({ userId: ids.homeowner, email: DEMO.homeowner.email, firstName: 'Jordan', lastName: 'Rivera', companyCode: 'summit', actor: null });
    expect(await uses()).toBe(before + 1);
    expectErrorShape(await redeem(token), 410, 'PTK001');
    expect(await uses()).toBe(before + 1);
    // Another token of the same session is a token of its own.
    expect((await redeem(await portalToken())).status).toBe(200);
  });

  it('lasts 5 minutes by the clock: just before, it redeems; from then on it has expired', async () => {
    const early = await portalToken();
    const late = await portalToken();
    const before = await uses();
    clock.advance(5 * 60_000 - 1000);
    try {
      expect((await redeem(early)).status).toBe(200);
      clock.advance(1000);
      expectErrorShape(await redeem(late), 410, 'PTK002');
      expect(await uses()).toBe(before + 1);
    } finally {
      clock.set(NOW);
    }
    // Once expired, its use is of no use to anyone: the due work forgets it.
    clock.advance(5 * 60_000);
    try {
      const report = await app.services.jobs.runDueWork();
      expect(report.ran[PORTAL_TOKEN_EXPIRY_DUE_WORK]).toBeGreaterThanOrEqual(1);
      expect(await uses()).toBe(0);
    } finally {
      clock.set(NOW);
    }
  });

  it('refuses a forged or malformed token, and a token that is not a portal token, recording nothing', async () => {
    const real = await portalToken();
    const [header, payload, signature] = real.split('.');
    const claims = decodeJwt(real);
    const otherUser = Buffer.from(JSON.stringify({ ...claims, UserId: ids.staff, sub: String(ids.staff) })).toString('base64url');
    const before = await uses();
    for (const forged of [
      `${header}.${otherUser}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      await signed({ UserId: ids.homeowner, Customer: 'summit', sid: claims.sid, jti: 'forged-1' }, 'portal', 'another-secret-of-at-least-thirty-two-chars'),
      // Signed by us, but without an id of its own: no portal token ever lacks one.
      await signed({ UserId: ids.homeowner, Customer: 'summit', sid: claims.sid }, 'portal'),
      'not-a-token',
    ]) {
      expectErrorShape(await redeem(forged), 401, 'PTK003');
    }
    // The session's own sign-in token (audience homeowner), and a reset token's audience.
    expectErrorShape(await redeem(tokens.homeowner), 401, 'PTK004');
    expectErrorShape(await redeem(await signed({ UserId: ids.homeowner, Customer: 'summit', email: DEMO.homeowner.email, phf: 'x' }, 'password-reset')), 401, 'PTK004');
    expect(await uses()).toBe(before);
    // The real one is still good.
    expect((await redeem(real)).status).toBe(200);
  });

  it('refuses a token of a portal session that has ended (sign-out), recording nothing', async () => {
    const { token } = await signIn(app, DEMO.homeowner, '10.0.7.1');
    const portal = await portalToken(token);
    expect((await call(app, 'POST', '/api/users/Users/Logout', { token })).status).toBe(204);
    const before = await uses();
    expectErrorShape(await redeem(portal), 410, 'PTK005');
    expect(await uses()).toBe(before);
    // Nor can an ended session ask for another.
    expectErrorShape(await call(app, 'GET', PORTAL, { token }), 401, 'AUTH002');
  });

  it('refuses bad input with a clear message, changing nothing', async () => {
    const token = await portalToken();
    const before = await databaseFingerprint(db());
    for (const body of [{}, { token: '' }, { token: 42 }, { token, extra: true }, { token: 'x'.repeat(4001) }, [token]]) {
      const res = await call(app, 'POST', REDEEM, { body });
      expectErrorShape(res, 400, 'VAL001');
    }
    expectErrorShape(await call(app, 'POST', REDEEM, { body: '{"token":', headers: { 'content-type': 'application/json' } }), 400);
    expectErrorShape(await call(app, 'POST', REDEEM, { body: `token=${token}`, headers: { 'content-type': 'text/plain' } }), 415);
    expect(await databaseFingerprint(db())).toEqual(before);
    expect((await redeem(token)).status).toBe(200);
  });

  it('names the staff member of a mimic session, and ends with it', async () => {
    const started = await call(app, 'POST', `/api/management/People/${ids.homeowner}/Mimic`, { token: tokens.staff, body: { reason: REASON } });
    expect(started.status, started.body).toBe(201);
    const claimed = await call(app, 'POST', '/api/users/Users/Mimic/Claim', { body: { code: (started.json as { handoverCode: string }).handoverCode } });
    expect(claimed.status, claimed.body).toBe(200);
    const mimic = (claimed.json as { token: string }).token;
    const first = await redeem(await portalToken(mimic));
    expect(first.status, first.body).toBe(200);
    expect(first.json).toMatchObject({ userId: ids.homeowner, actor: { userId: ids.staff, email: DEMO.staff.email, firstName: 'Sam', lastName: 'Okafor' } });
    const unused = await portalToken(mimic);
    expect((await call(app, 'POST', '/api/users/Users/Mimic/End', { token: mimic })).status).toBe(204);
    expectErrorShape(await redeem(unused), 410, 'PTK005');
  });

  it('is rate-limited per client address', async () => {
    const limited = await testApp(db(), { clock: clock.now, demoData: false, rateLimits: { redeemPortalToken: { limit: 2, windowSeconds: 60 } } });
    try {
      const send = () => call(limited, 'POST', REDEEM, { body: { token: 'not-a-token' }, ip: '10.0.8.1' });
      expectErrorShape(await send(), 401, 'PTK003');
      expectErrorShape(await send(), 401, 'PTK003');
      expectErrorShape(await send(), 429, 'RATE001');
      // Another address is counted apart.
      expectErrorShape(await call(limited, 'POST', REDEEM, { body: { token: 'not-a-token' }, ip: '10.0.8.2' }), 401, 'PTK003');
    } finally {
      await limited.close();
    }
  });

  it('is no sign-in token: every operation of the contract refuses it as its bearer before its handler, and a public one runs for nobody', async () => {
    const token = await portalToken();
    const resolve = schemaResolver(docs);
    const operations = docs.flatMap((d) => d.operations);
    expect(operations.length).toBeGreaterThan(150);
    const guarded = operations.filter((op) => !op.policy.public);
    // The anyone principal's operations answer a visitor too, and others more to a signed-in user:
    // a token that is sent must be a valid sign-in token, so the portal token is refused there as well.
    expect(guarded.filter((op) => op.policy.grants.some((g) => g.principal === 'anyone')).map((op) => op.operationId)).toContain('getAssociationPage');
    const before = await databaseFingerprint(db());
    seen.length = 0;
    const refusedWrongly: string[] = [];
    for (const op of guarded) {
      const request = requestFor(op, () => 1, resolve);
      const res = await call(app, request.method, request.url, { token, body: request.body });
      if (res.status !== 401 || (res.json as { errorCode?: string } | undefined)?.errorCode !== 'AUTH002') refusedWrongly.push(`${op.operationId}: ${res.status} ${res.body}`);
    }
    expect(refusedWrongly).toEqual([]);
    expect(seen).toEqual([]);
    expect(await databaseFingerprint(db())).toEqual(before);

    // Public operations never look at a bearer: whichever reach their handler do so for nobody.
    for (const op of operations.filter((o) => o.policy.public)) {
      const request = requestFor(op, () => 1, resolve);
      const res = await call(app, request.method, request.url, { token, body: request.body, ip: '10.0.9.1' });
      // Refused or answered as for anyone; never a failure of the server.
      expect(res.status, `${op.operationId}: ${res.body}`).not.toBe(500);
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.caller !== 'anonymous')).toEqual([]);

    // What a signed-in user reads, the portal token does not: the user's own settings.
    expect((await call(app, 'GET', '/api/users/HomeSettings', { token: tokens.homeowner })).status).toBe(200);
    expectErrorShape(await call(app, 'GET', '/api/users/HomeSettings', { token }), 401, 'AUTH002');
    // And the token, refused everywhere, is still good once where it is meant to be used.
    expect((await redeem(token)).status).toBe(200);
  });
});
