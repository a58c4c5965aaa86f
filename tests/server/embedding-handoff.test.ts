// The hand-off of a sign-in made in a window of the portal's own to the embedded portal that opened
// it (docs/server.md "Embedding"; createEmbedHandoff, redeemEmbedHandoff; server/embedding/
// handoffs.ts): pending until the window makes it, then a new session of that user, once, within
// 60 seconds, with the code or by the nonce alone; a wrong code burns it. The due work
// embedding.expiry forgets what has expired. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { EMBEDDING_EXPIRY_DUE_WORK } from '../../server/embedding/expiry.ts';
import { BACKENDS, DEMO, call, count, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { HANDOFF, REDEEM_HANDOFF, RENEWAL, newNonce } from './embedding-helpers.ts';

const NOW = new Date('2026-03-02T15:00:00Z');

describe.each(BACKENDS)('the embedded portal\'s sign-in hand-off on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const db = () => database.current.db;

  const create = (nonce: unknown, token = tokens.homeowner) => call(app, 'POST', HANDOFF, { token, body: { nonce } });
  const redeem = (body: Record<string, unknown>, ip?: string) => call(app, 'POST', REDEEM_HANDOFF, { body, ip });
  /** A hand-off the window made for a new nonce: the nonce and its code. */
  const handedOff = async (token = tokens.homeowner) => {
    const nonce = newNonce();
    const res = await create(nonce, token);
    expect(res.status, res.body).toBe(200);
    return { nonce, code: res.json.code as string };
  };
  const sessions = () => count(db(), 'sessions');

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    for (const who of ['homeowner', 'board', 'staff'] as const) {
      const signedIn = await signIn(app, DEMO[who]);
      tokens[who] = signedIn.token;
      ids[who] = signedIn.userId;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is pending until the window makes it, then starts a new session of the window\'s user, once', async () => {
    const nonce = newNonce();
    for (let i = 0; i < 3; i++) {
      const pending = await redeem({ nonce });
      expect(pending.status, pending.body).toBe(202);
      expect(pending.json).toEqual({ status: 'pending' });
    }
    const made = await create(nonce);
    expect(made.status, made.body).toBe(200);
    expect(made.json).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresInSeconds: 60 });
    // Only hashes are kept.
    const stored = JSON.stringify((await db().query('SELECT * FROM embed_handoffs')).rows);
    expect(stored).not.toContain(nonce);
    expect(stored).not.toContain(made.json.code);
    expect(stored).toContain(createHash('sha256').update(nonce).digest('base64url'));

    const before = await sessions();
    const res = await redeem({ nonce, code: made.json.code });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toEqual({ token: expect.any(String), userId: ids.homeowner, user: { userId: ids.homeowner, userName: DEMO.homeowner.email, email: DEMO.homeowner.email } });
    expect(await sessions()).toBe(before + 1);
    const claims = decodeJwt(res.json.token);
    expect(claims.sid).not.toBe(decodeJwt(tokens.homeowner).sid);
    expect(claims).toMatchObject({ aud: 'homeowner', UserId: ids.homeowner, Customer: 'summit' });
    expect((await call(app, 'GET', `/api/users/Users/${ids.homeowner}`, { token: res.json.token })).status).toBe(200);
    // The frame can now ask for its renewal cookie with it.
    expect((await call(app, 'POST', RENEWAL, { token: res.json.token, body: { association: 'maplegrove' } })).json).toEqual({ renewal: 'cookie' });

    expectErrorShape(await redeem({ nonce, code: made.json.code }), 410, 'EMB006');
    expectErrorShape(await redeem({ nonce }), 410, 'EMB006');
    expect(await sessions()).toBe(before + 1);
    // A used nonce cannot be handed over again.
    expectErrorShape(await create(nonce), 409, 'EMB005');
  });

  it('is redeemed by the nonce alone when the window could not send the code', async () => {
    const { nonce } = await handedOff(tokens.board);
    const res = await redeem({ nonce });
    expect(res.status, res.body).toBe(200);
    expect(res.json.userId).toBe(ids.board);
    expectErrorShape(await redeem({ nonce }), 410, 'EMB006');
  });

  it('is burnt by a wrong code: one try', async () => {
    const { nonce, code } = await handedOff();
    const other = await handedOff();
    const before = await sessions();
    expectErrorShape(await redeem({ nonce, code: other.code }), 401, 'EMB008');
    expectErrorShape(await redeem({ nonce, code }), 410, 'EMB006');
    expectErrorShape(await redeem({ nonce }), 410, 'EMB006');
    expect(await sessions()).toBe(before);
    // The other hand-off is untouched.
    expect((await redeem({ nonce: other.nonce, code: other.code })).status).toBe(200);
  });

  it('lasts 60 seconds', async () => {
    const early = await handedOff();
    const late = await handedOff();
    try {
      clock.advance(59_000);
      expect((await redeem(early)).status).toBe(200);
      clock.advance(1_000);
      const before = await sessions();
      expectErrorShape(await redeem(late), 410, 'EMB007');
      expectErrorShape(await redeem({ nonce: late.nonce }), 410, 'EMB007');
      expect(await sessions()).toBe(before);
    } finally {
      clock.set(NOW);
    }
  });

  it('gives the same user a new code for the nonce (the earlier one no longer fits), and never another user', async () => {
    const { nonce, code } = await handedOff();
    const again = await create(nonce);
    expect(again.status, again.body).toBe(200);
    expect(again.json.code).not.toBe(code);
    expectErrorShape(await create(nonce, tokens.board), 409, 'EMB005');
    const res = await redeem({ nonce, code: again.json.code });
    expect(res.status, res.body).toBe(200);
    expect(res.json.userId).toBe(ids.homeowner);
  });

  it('refuses bad input with 400 and a clear message, changing nothing', async () => {
    const before = await databaseFingerprint(db());
    const cases: [Promise<Awaited<ReturnType<typeof redeem>>>, string][] = [
      [create('A'.repeat(42)), 'nonce must be at least 43 characters long.'],
      [create('A'.repeat(129)), 'nonce must be at most 128 characters long.'],
      [create(`${'A'.repeat(42)}=`), 'nonce must match pattern "^[A-Za-z0-9_-]*$".'],
      [create(43), 'nonce must be of type string.'],
      [redeem({ nonce: 'short' }), 'nonce must be at least 43 characters long.'],
      [redeem({ nonce: newNonce(), code: 'short' }), 'code must be at least 43 characters long.'],
      [redeem({ code: newNonce() }), 'nonce is required.'],
      [redeem({ nonce: newNonce(), extra: 1 }), "The request body has an unknown field 'extra'."],
    ];
    for (const [request, detail] of cases) {
      const res = await request;
      expectErrorShape(res, 400, 'VAL001');
      expect(res.json.detail).toBe(detail);
    }
    expectErrorShape(await call(app, 'POST', HANDOFF, { body: { nonce: newNonce() } }), 401, 'AUTH002');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it('is refused in mimic mode: the frame would get a session of the owner\'s own', async () => {
    const started = await call(app, 'POST', `/api/management/People/${ids.homeowner}/Mimic`, { token: tokens.staff, body: { reason: 'Owner asked about the embedded portal' } });
    expect(started.status, started.body).toBe(201);
    const claimed = await call(app, 'POST', '/api/users/Users/Mimic/Claim', { body: { code: started.json.handoverCode } });
    expect(claimed.status, claimed.body).toBe(200);
    const before = await count(db(), 'embed_handoffs');
    expectErrorShape(await create(newNonce(), claimed.json.token), 403, 'MIM008');
    expect(await count(db(), 'embed_handoffs')).toBe(before);
  });

  it('limits how often one address redeems', async () => {
    const limited = await testApp(db(), { clock: clock.now, rateLimits: { redeemPortalToken: { limit: 3, windowSeconds: 60 } } });
    try {
      const nonce = newNonce();
      for (let i = 0; i < 3; i++) expect((await call(limited, 'POST', REDEEM_HANDOFF, { body: { nonce }, ip: '10.6.0.1' })).status).toBe(202);
      expectErrorShape(await call(limited, 'POST', REDEEM_HANDOFF, { body: { nonce }, ip: '10.6.0.1' }), 429, 'RATE001');
      // Another address is not held back.
      expect((await call(limited, 'POST', REDEEM_HANDOFF, { body: { nonce }, ip: '10.6.0.2' })).status).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('forgets expired hand-offs and renewals with the due work embedding.expiry', async () => {
    const { nonce } = await handedOff();
    const signedIn = await signIn(app, DEMO.homeowner, '10.6.1.1');
    const renewal = await call(app, 'POST', RENEWAL, { token: signedIn.token, body: {} });
    expect(renewal.status).toBe(200);
    const live = { handoffs: await count(db(), 'embed_handoffs'), renewals: await count(db(), 'embed_renewals') };
    expect(live.handoffs).toBeGreaterThan(0);
    expect(live.renewals).toBeGreaterThan(0);
    let report = await app.services.jobs.runDueWork();
    expect(report.ran[EMBEDDING_EXPIRY_DUE_WORK]).toBeDefined();
    // A live hand-off survives it.
    expect((await redeem({ nonce })).status).toBe(200);
    try {
      clock.set(new Date(NOW.getTime() + 9 * 3600_000));
      report = await app.services.jobs.runDueWork();
      expect(report.ran[EMBEDDING_EXPIRY_DUE_WORK]).toBeGreaterThan(0);
      expect(await count(db(), 'embed_handoffs')).toBe(0);
      expect(await count(db(), 'embed_renewals')).toBe(0);
      // Forgotten is pending again: the frame gives up on its own.
      expect((await redeem({ nonce })).status).toBe(202);
    } finally {
      clock.set(NOW);
    }
  });
});
