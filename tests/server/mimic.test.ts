// Mimic mode (openapi/management.yaml startMimic, openapi/users.yaml claimMimic, getMimic, endMimic,
// listMimicVisits; server/mimic/): a staff member holding the grant sees the portal as one of the
// company's owners through a single-use handover, with a token naming the owner as subject and the
// staff member in `act`. Every write of the contract is refused under it, generated from openapi/,
// with nothing changed but the trail's entry of the refusal; the console is refused too, and mimic
// never nests. The session lasts 30 minutes at most (the token's own expiry), End and sign-out
// end it, the owner's own sessions go on, and the owner reads who came, when, how long and why.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { repoRoot } from '../../server/app.ts';
import { loadOpenApiDir, type OpenApiDoc } from '../../server/openapi/load.ts';
import { isConsoleOperation } from '../../server/mimic/guard.ts';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint, requestFor, schemaResolver } from './authz-helpers.ts';
import { associationId } from './billing-helpers.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const REASON = 'Owner called about a late fee on the March statement';

describe.each(BACKENDS)('mimic mode on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  let docs: OpenApiDoc[];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const db = () => database.current.db;

  const start = (who: string, ownerId: number, reason = REASON) =>
    call(app, 'POST', `/api/management/People/${ownerId}/Mimic`, { token: tokens[who], body: { reason } });
  const claim = (code: string) => call(app, 'POST', '/api/users/Users/Mimic/Claim', { body: { code } });
  /** A mimic session of `who` over the demo homeowner, claimed: its token. */
  const mimic = async (who = 'staff') => {
    const started = await start(who, ids.homeowner);
    expect(started.status, started.body).toBe(201);
    const claimed = await claim((started.json as { handoverCode: string }).handoverCode);
    expect(claimed.status, claimed.body).toBe(200);
    return (claimed.json as { token: string }).token;
  };
  const trail = async (kindLike: string) =>
    (await db().query<{ kind: string; actor: number; value: Record<string, unknown> }>(
      `SELECT kind, actor_user_id AS actor, new_value AS value FROM audit_entries WHERE kind LIKE $1 ORDER BY id`, [kindLike],
    )).rows;

  beforeAll(async () => {
    docs = await loadOpenApiDir(path.join(repoRoot, 'openapi'));
    app = await testApp(db(), { clock: clock.now });
    for (const who of ['manager', 'staff', 'homeowner', 'lakesideOwner'] as const) {
      const signedIn = await signIn(app, DEMO[who]);
      tokens[who] = signedIn.token;
      ids[who] = signedIn.userId;
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('starts from the console with a reason, hands the tab a token naming the owner and the staff member, and shows the owner\'s own data', async () => {
    const token = await mimic();
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(String(ids.homeowner));
    expect(claims.act).toEqual({ sub: String(ids.staff), mim: expect.any(Number) });
    // Never later than 30 minutes from the start.
    expect(claims.exp).toBe(NOW.getTime() / 1000 + 30 * 60);
    const banner = await call(app, 'GET', '/api/users/Users/Mimic', { token });
    expect(banner.status, banner.body).toBe(200);
    expect(banner.json).toEqual({ ownerName: 'Jordan Rivera', staffName: 'Sam Okafor', companyName: expect.any(String), startedAt: NOW.toISOString(), expiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString(), actOnBehalf: false });
    const asOwner = await call(app, 'GET', '/api/payments/Account', { token: tokens.homeowner });
    const asMimic = await call(app, 'GET', '/api/payments/Account', { token });
    expect(asMimic.status).toBe(200);
    expect(asMimic.json).toEqual(asOwner.json);
    // The portal token of a mimic session names the staff member too, lasts its 5 minutes, and never outlives the session.
    const portal = await call(app, 'POST', '/api/users/Users/Authenticate/PortalToken', { token });
    expect(portal.status).toBe(200);
    const portalClaims = decodeJwt((portal.json as { token: string }).token);
    expect(portalClaims.act).toEqual(claims.act);
    expect(portalClaims.exp).toBe(NOW.getTime() / 1000 + 5 * 60);
    clock.advance(28 * 60_000);
    try {
      const late = await call(app, 'GET', '/api/users/Users/Authenticate/PortalToken', { token });
      expect(late.status).toBe(200);
      expect(decodeJwt((late.json as { token: string }).token).exp).toBe(claims.exp);
    } finally {
      clock.set(NOW);
    }
    const started = await trail('mimic.start');
    expect(started.at(-1)).toMatchObject({ actor: ids.staff, value: { ownerUserId: ids.homeowner, reason: REASON } });
  });

  it('hands a session over once, within 60 seconds', async () => {
    const started = await start('staff', ids.homeowner);
    const code = (started.json as { handoverCode: string }).handoverCode;
    expect((await claim(code)).status).toBe(200);
    expectErrorShape(await claim(code), 410, 'MIM004');
    const late = await start('staff', ids.homeowner);
    clock.advance(61_000);
    try {
      expectErrorShape(await claim((late.json as { handoverCode: string }).handoverCode), 410, 'MIM004');
    } finally {
      clock.set(NOW);
    }
    expectErrorShape(await claim('not-a-code'), 410, 'MIM004');
  });

  it('refuses every write of the contract with nothing changed but the trail\'s note of the refusal', async () => {
    const token = await mimic();
    const resolve = schemaResolver(docs);
    const writes = docs.flatMap((d) => d.operations).filter((op) => (op.mimic === 'write' || op.mimic === 'never') && !op.policy.public);
    expect(writes.length).toBeGreaterThan(60);
    const before = await databaseFingerprint(db());
    const refusedBefore = (await trail('mimic.refused')).length;
    let noted = 0;
    for (const op of writes) {
      const request = requestFor(op, () => 1, resolve);
      const res = await call(app, request.method, request.url, { token, body: request.body });
      const userToken = op.policy.grants.some((g) => !['guest', 'express'].includes(g.principal));
      if (!userToken) {
        // Operations of guest and express sessions only: a sign-in token is no credential there.
        expect(res.status, `${op.operationId}: ${res.body}`).toBe(401);
        continue;
      }
      const code = isConsoleOperation(op) ? (op.operationId === 'startMimic' ? 'MIM003' : 'MIM006') : op.mimic === 'never' ? 'MIM008' : 'MIM001';
      expectErrorShape(res, 403, code);
      if (code === 'MIM001' || code === 'MIM008') noted++;
    }
    const after = await databaseFingerprint(db());
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual(['audit_entries']);
    expect((await trail('mimic.refused')).length - refusedBefore).toBe(noted);
    const last = (await trail('mimic.refused')).at(-1)!;
    expect(last).toMatchObject({ actor: ids.staff, value: { ownerUserId: ids.homeowner, operationId: expect.any(String), method: expect.any(String) } });
  });

  it('refuses the console under mimic, and mimic from a mimic session', async () => {
    const token = await mimic();
    expectErrorShape(await call(app, 'GET', '/api/management/People', { token }), 403, 'MIM006');
    expectErrorShape(await call(app, 'POST', `/api/management/People/${ids.homeowner}/Mimic`, { token, body: { reason: REASON } }), 403, 'MIM003');
  });

  it('refuses staff without the grant, another company\'s owner, a short reason and residents, changing nothing', async () => {
    const before = await databaseFingerprint(db());
    expectErrorShape(await start('staff', ids.lakesideOwner), 404, 'PPL001');
    const short = await start('staff', ids.homeowner, '   too short      ');
    expectErrorShape(short, 400);
    expect(JSON.stringify(short.json)).toMatch(/reason/);
    expectErrorShape(await start('homeowner', ids.homeowner), 403, 'AUTH003');
    expect(await databaseFingerprint(db())).toEqual(before);

    // The admin takes the grant away: a session going on ends at once, and no new one starts.
    const token = await mimic('staff');
    const taken = await call(app, 'PATCH', `/api/management/Staff/${ids.staff}`, { token: tokens.manager, body: { mimic: false } });
    expect(taken.status, taken.body).toBe(200);
    expect(taken.json).toMatchObject({ mimic: false });
    expect((await call(app, 'GET', '/api/users/Users/Mimic', { token })).status).toBe(401);
    expectErrorShape(await start('staff', ids.homeowner), 403, 'MIM002');
    const given = await call(app, 'PATCH', `/api/management/Staff/${ids.staff}`, { token: tokens.manager, body: { mimic: true } });
    expect(given.json).toMatchObject({ mimic: true });
  });

  it('ends after 30 minutes of real time, through the token\'s own expiry, and the trail says so', async () => {
    const token = await mimic();
    const { mim } = decodeJwt(token).act as { mim: number };
    const ended = async () => (await trail('mimic.end')).filter((entry) => entry.value.mimicId === mim);
    clock.advance(30 * 60_000 - 1000);
    try {
      expect((await call(app, 'GET', '/api/users/Users/Mimic', { token })).status).toBe(200);
      await app.services.jobs.runDueWork();
      expect(await ended()).toEqual([]);
      clock.advance(1000);
      expect((await call(app, 'GET', '/api/payments/Account', { token })).status).toBe(401);
      await app.services.jobs.runDueWork();
      await app.services.jobs.runDueWork();
      expect(await ended()).toEqual([expect.objectContaining({ actor: ids.staff, value: expect.objectContaining({ minutes: 30, expired: true }) })]);
    } finally {
      clock.set(NOW);
    }
  });

  it('End and sign-out end the mimic session, in the trail; the owner\'s own session goes on and the owner reads the visit', async () => {
    const ended = await trail('mimic.end');
    const token = await mimic();
    expect((await call(app, 'POST', '/api/users/Users/Mimic/End', { token })).status).toBe(204);
    expect((await call(app, 'GET', '/api/payments/Account', { token })).status).toBe(401);
    const other = await mimic();
    expect((await call(app, 'POST', '/api/users/Users/Logout', { token: other })).status).toBe(204);
    expect((await call(app, 'GET', '/api/users/Users/Mimic', { token: other })).status).toBe(401);
    expect((await trail('mimic.end')).length - ended.length).toBe(2);
    expect((await trail('mimic.end')).at(-1)).toMatchObject({ actor: ids.staff, value: { ownerUserId: ids.homeowner, minutes: 1 } });
    // The console's trail lists them, whole or filtered to mimic mode alone.
    for (const query of ['', '?kind=mimic']) {
      const listed = await call(app, 'GET', `/api/management/Audit${query}`, { token: tokens.manager });
      expect(listed.status, listed.body).toBe(200);
      const changes = (listed.json as { rows: { kind: string; change: string; actorEmail: string | null }[] }).rows.filter((row) => row.kind === 'mimic').map((row) => row.change);
      expect(changes).toEqual(expect.arrayContaining(['mimic.start', 'mimic.end', 'mimic.refused']));
    }
    // The owner's own sign-in was never touched.
    expect((await call(app, 'GET', '/api/payments/Account', { token: tokens.homeowner })).status).toBe(200);
    expectErrorShape(await call(app, 'GET', '/api/users/Users/Mimic', { token: tokens.homeowner }), 404, 'MIM005');
    const visits = await call(app, 'GET', '/api/users/Users/Mimic/Visits', { token: tokens.homeowner });
    expect(visits.status).toBe(200);
    const list = (visits.json as { visits: { staffName: string; reason: string; minutes: number; endedAt: string | null }[] }).visits;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ staffName: 'Sam Okafor', reason: REASON, minutes: 1, endedAt: NOW.toISOString() });
  });

  it('acting on the owner\'s behalf: writes go through, recorded with both people; what is always refused stays refused, with nothing changed', async () => {
    const maple = await associationId(db(), 'maplegrove');
    const grant = (actOnBehalf: boolean) => call(app, 'PATCH', `/api/management/Staff/${ids.staff}`, { token: tokens.manager, body: { actOnBehalf } });
    const given = await grant(true);
    expect(given.status, given.body).toBe(200);
    expect(given.json).toMatchObject({ mimic: true, actOnBehalf: true });
    try {
      const token = await mimic('staff');
      expect((await call(app, 'GET', '/api/users/Users/Mimic', { token })).json).toMatchObject({ actOnBehalf: true });
      const sent = await call(app, 'POST', '/api/users/Messages', { token, body: { associationId: maple, subject: 'Gate code', body: 'Please resend the gate code to my new phone.' } });
      expect(sent.status, sent.body).toBe(201);
      const { rows } = await db().query<{ author: number; acted: number | null }>(
        `SELECT author_user_id AS author, acted_by_user_id AS acted FROM messages WHERE body = 'Please resend the gate code to my new phone.'`,
      );
      expect(rows).toEqual([{ author: ids.homeowner, acted: ids.staff }]);
      expect((await trail('mimic.write')).at(-1)).toMatchObject({
        actor: ids.staff, value: { ownerUserId: ids.homeowner, operationId: 'createMessageThread', method: 'POST', status: 201 },
      });

      // What only the owner may ever do stays refused, whatever the request.
      const resolve = schemaResolver(docs);
      const never = docs.flatMap((d) => d.operations).filter((op) => op.mimic === 'never');
      expect(never.map((op) => op.operationId)).toEqual(expect.arrayContaining(['confirmPayment', 'setupPaymentMethod', 'setupRecurringPayment', 'setupAutoDraft', 'updateLogin', 'changePassword', 'voteOnArcRequest', 'decideArcRequest']));
      const before = await databaseFingerprint(db());
      for (const op of never) {
        const request = requestFor(op, () => 1, resolve);
        expectErrorShape(await call(app, request.method, request.url, { token, body: request.body }), 403, 'MIM008');
      }
      const after = await databaseFingerprint(db());
      expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['audit_entries']);

      // Taken away mid-session: the next write is refused at once.
      await grant(false);
      expectErrorShape(await call(app, 'POST', '/api/users/Messages', { token, body: { associationId: maple, subject: 'Again', body: 'Another message.' } }), 403, 'MIM001');
    } finally {
      await grant(false);
    }
  });
});
