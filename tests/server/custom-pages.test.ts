// Content pages (openapi/management.yaml /Pages, openapi/associations.yaml getAssociationPage): an
// admin writes a company's or an association's page in Markdown; the association's page wins over
// its company's for the same key; an unknown key is 404; a javascript: link is refused with a clear
// message and nothing saved; staff read but do not write; another company sees nothing; every change
// is in the audit trail. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';

const BASE = '/api/management';

describe.each(BACKENDS)('content pages on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const db = () => database.current.db;
  const as = (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(app, method, url.startsWith('/api/') ? url : `${BASE}${url}`, { token: who ? tokens[who] : undefined, body });
  const associationIdOf = async (code: string) => Number((await db().query<{ id: number }>('SELECT id FROM associations WHERE code = $1', [code])).rows[0].id);
  const read = (who: string | null, associationId: number, key: string) => as(who, 'GET', `/api/associations/associations/${associationId}/Pages/${key}`);
  const trail = async (key: string) =>
    (await db().query<{ kind: string; level: string | null; actor: string }>(
      `SELECT e.kind, e.level, u.email AS actor FROM audit_entries e JOIN users u ON u.id = e.actor_user_id WHERE e.kind LIKE 'page.%' AND e.key = $1 ORDER BY e.id`,
      [key],
    )).rows.map((r) => [r.kind, r.level, r.actor]);
  let maple: number;
  let cedar: number;
  let lakeshore: number;

  beforeAll(async () => {
    app = await testApp(db());
    for (const who of ['manager', 'staff', 'lakesideAdmin', 'lakesideOwner', 'homeowner', 'board'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
    maple = await associationIdOf('maplegrove');
    cedar = await associationIdOf('cedarpoint');
    lakeshore = await associationIdOf('lakeshore');
  });
  afterAll(async () => {
    await app?.close();
  });

  it("an admin writes the company's page; its associations' owners read it; an association's own page wins over it", async () => {
    const company = await as('manager', 'POST', '/Pages', { key: 'Pool-Rules', title: 'Pool rules', body: '# Pool\n\nOpen **9 to 9**. [Ask us](mailto:office@example.com)' });
    expect(company.status, company.body).toBe(201);
    expect(company.json).toMatchObject({ key: 'pool-rules', title: 'Pool rules', public: false, associationId: null, associationName: null });

    // Both associations of the company show it, found in any case.
    const atCedar = await read('homeowner', cedar, 'POOL-RULES');
    expect(atCedar.status, atCedar.body).toBe(200);
    expect(atCedar.json).toMatchObject({ key: 'pool-rules', title: 'Pool rules', level: 'company', public: false });

    const own = await as('manager', 'POST', '/Pages', { associationId: maple, key: 'pool-rules', title: 'Maple Grove pool rules', body: 'Closed Mondays.' });
    expect(own.status, own.body).toBe(201);
    expect(own.json).toMatchObject({ associationId: maple, associationName: 'Maple Grove HOA' });
    expect((await read('homeowner', maple, 'pool-rules')).json).toMatchObject({ title: 'Maple Grove pool rules', body: 'Closed Mondays.', level: 'association' });
    expect((await read('homeowner', cedar, 'pool-rules')).json).toMatchObject({ title: 'Pool rules', level: 'company' });
    // The board and the staff read it too.
    expect((await read('board', maple, 'pool-rules')).status).toBe(200);
    expect((await read('staff', maple, 'pool-rules')).status).toBe(200);

    // Deleting the association's page brings the company's back there.
    const ownId = (own.json as { id: number }).id;
    expect((await as('manager', 'DELETE', `/Pages/${ownId}`)).status).toBe(204);
    expect((await read('homeowner', maple, 'pool-rules')).json).toMatchObject({ title: 'Pool rules', level: 'company' });
    expect(await trail('pool-rules')).toEqual([
      ['page.create', 'company', DEMO.manager.email],
      ['page.create', 'association', DEMO.manager.email],
      ['page.delete', 'association', DEMO.manager.email],
    ]);
  });

  it('an unknown key is 404, and a page not marked public is 404 to anyone outside the association', async () => {
    expectErrorShape(await read('homeowner', maple, 'no-such-page'), 404, 'CPG404');
    expectErrorShape(await read(null, maple, 'pool-rules'), 404, 'CPG404');
    // Lakeside's owner is no one at Maple Grove: the same as anonymous.
    expectErrorShape(await read('lakesideOwner', maple, 'pool-rules'), 404, 'CPG404');
    // A page marked public is open to anyone.
    const open = await as('manager', 'POST', '/Pages', { associationId: maple, key: 'welcome', title: 'Welcome', body: 'Hello, neighbours.', public: true });
    expect(open.status, open.body).toBe(201);
    expect((await read(null, maple, 'Welcome')).json).toMatchObject({ title: 'Welcome', public: true, level: 'association' });
    expectErrorShape(await read(null, cedar, 'welcome'), 404, 'CPG404');
  });

  it('refuses a javascript: link or a data: image with a clear message, saving nothing', async () => {
    const before = await databaseFingerprint(db());
    for (const body of ['Click [here](javascript:alert(1)) now', '![x](data:image/png;base64,AAAA)', 'See [the rules][r].\n\n[r]: JavaScript:alert(1)', 'Go [home](/dashboard)']) {
      const res = await as('manager', 'POST', '/Pages', { key: 'bad-link', title: 'Bad', body });
      expectErrorShape(res, 400, 'CPG001');
      const { detail, fields } = res.json as { detail: string; fields: Record<string, string> };
      expect(detail).toMatch(/^Links and images may only go to http, https or mailto addresses; ".+" is not one\./);
      expect(fields.body).toBe(detail);
    }
    // Raw HTML is kept as written (the portal shows it as text): only addresses are refused.
    const page = (await as('manager', 'GET', '/Pages')).json as { pages: { id: number; key: string }[] };
    const welcome = page.pages.find((p) => p.key === 'welcome')!;
    const change = await as('manager', 'PUT', `/Pages/${welcome.id}`, { key: 'welcome', title: 'Welcome', body: '[x](javascript:void(0))', public: true });
    expectErrorShape(change, 400, 'CPG001');
    expect(await databaseFingerprint(db())).toEqual(before);
    // And a good change is saved, with the trail's old and new value.
    const good = await as('manager', 'PUT', `/Pages/${welcome.id}`, { key: 'welcome', title: 'Welcome!', body: '<script>alert(1)</script> [Site](https://example.com)', public: true });
    expect(good.status, good.body).toBe(200);
    expect(good.json).toMatchObject({ title: 'Welcome!', body: '<script>alert(1)</script> [Site](https://example.com)' });
    const { rows } = await db().query<{ old_value: { title: string }; new_value: { title: string } }>(
      `SELECT old_value, new_value FROM audit_entries WHERE kind = 'page.update' AND key = 'welcome' ORDER BY id DESC LIMIT 1`,
    );
    expect([rows[0].old_value.title, rows[0].new_value.title]).toEqual(['Welcome', 'Welcome!']);
  });

  it('a key taken at the same level is 409, at another level allowed', async () => {
    expectErrorShape(await as('manager', 'POST', '/Pages', { key: 'POOL-RULES', title: 'Again', body: '' }), 409, 'CPG002');
    const cedarOwn = await as('manager', 'POST', '/Pages', { associationId: cedar, key: 'welcome', title: 'Cedar welcome', body: '' });
    expect(cedarOwn.status, cedarOwn.body).toBe(201);
    // A bad key never reaches the table.
    expectErrorShape(await as('manager', 'POST', '/Pages', { key: 'a b/c', title: 'Bad', body: '' }), 400, 'VAL001');
  });

  it('staff read the pages but write none; other signed-in callers are refused the console', async () => {
    const list = await as('staff', 'GET', '/Pages');
    expect(list.status).toBe(200);
    const { pages, associations } = list.json as { pages: { id: number; key: string }[]; associations: { code: string }[] };
    expect(associations.map((a) => a.code).sort()).toEqual(['cedarpoint', 'demoville', 'maplegrove']);
    expect(pages.map((p) => p.key)).toContain('pool-rules');
    expect((await as('staff', 'GET', `/Pages/${pages[0].id}`)).status).toBe(200);
    const before = await databaseFingerprint(db());
    expectErrorShape(await as('staff', 'POST', '/Pages', { key: 'staff-page', title: 'Mine', body: '' }), 403, 'AUTH003');
    expectErrorShape(await as('staff', 'PUT', `/Pages/${pages[0].id}`, { key: 'x', title: 'x', body: '' }), 403, 'AUTH003');
    expectErrorShape(await as('staff', 'DELETE', `/Pages/${pages[0].id}`), 403, 'AUTH003');
    for (const who of ['homeowner', 'board', 'lakesideOwner']) expectErrorShape(await as(who, 'GET', '/Pages'), 403, 'AUTH003');
    expectErrorShape(await as(null, 'GET', '/Pages'), 401, 'AUTH002');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it("another company's admin sees none of Summit's pages and changes nothing (404)", async () => {
    const summit = ((await as('manager', 'GET', '/Pages')).json as { pages: { id: number }[] }).pages;
    const before = await databaseFingerprint(db());
    const lakeside = (await as('lakesideAdmin', 'GET', '/Pages')).json as { pages: unknown[]; associations: { code: string }[] };
    expect(lakeside.pages).toEqual([]);
    expect(lakeside.associations.map((a) => a.code)).toEqual(['lakeshore']);
    for (const { id } of summit) {
      expectErrorShape(await as('lakesideAdmin', 'GET', `/Pages/${id}`), 404, 'CPG404');
      expectErrorShape(await as('lakesideAdmin', 'PUT', `/Pages/${id}`, { key: 'taken', title: 'Taken', body: '' }), 404, 'CPG404');
      expectErrorShape(await as('lakesideAdmin', 'DELETE', `/Pages/${id}`), 404, 'CPG404');
    }
    expectErrorShape(await as('lakesideAdmin', 'POST', '/Pages', { associationId: maple, key: 'taken', title: 'Taken', body: '[x](javascript:alert(1))' }), 404, 'GP001');
    expect(await databaseFingerprint(db())).toEqual(before);
    // Its own company's page is not Summit's associations' either.
    const own = await as('lakesideAdmin', 'POST', '/Pages', { key: 'pool-rules', title: 'Lakeside pool', body: '' });
    expect(own.status).toBe(201);
    expect((await read('homeowner', cedar, 'pool-rules')).json).toMatchObject({ title: 'Pool rules' });
    expect((await read('lakesideOwner', lakeshore, 'pool-rules')).json).toMatchObject({ title: 'Lakeside pool' });
  });
});
