// The x-policy principals over associations, on a contract of their own: board members (chairs
// included), chairs only, and the staff of the management company, each only for their own
// associations (404 GP001 elsewhere, exactly like an association that does not exist); any
// grant of several lets the caller in; scopes cost one query at most and none for `self`; the
// handler receives the typed caller. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/index.ts';
import { asHandlerMap, type HandlerMap } from '../../server/handlers/types.ts';
import { usersHandlers } from '../../server/handlers/users/index.ts';
import { repoRoot } from '../../server/app.ts';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';

const grant = (...principals: string[]) => principals.map((p) => `        - ${p}: { association: path.id }`).join('\n');
const CONTRACT = `openapi: 3.1.0
info: { title: Association roles, version: '1' }
servers: [{ url: /api/roles }]
paths:
${[
  ['board', grant('board')],
  ['chair', grant('chair')],
  ['staff', grant('staff')],
  ['admin', grant('admin')],
  ['anyone', grant('homeowner', 'board', 'chair', 'staff')],
]
  .map(
    ([name, policy]) => `  /Association/{id}/${name}:
    get:
      operationId: ${name}
      x-feature: core
      x-policy:
${policy}
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1 } }
      responses: { '200': { description: the caller } }`,
  )
  .join('\n')}
  /Me:
    get:
      operationId: me
      x-feature: core
      x-policy:
        - user: self
      responses: { '200': { description: the caller } }
  /Company/staff:
    get:
      operationId: companyStaff
      x-feature: core
      x-policy:
        - staff: self
      responses: { '200': { description: the caller } }
  /Company/admin:
    get:
      operationId: companyAdmin
      x-feature: core
      x-policy:
        - admin: self
      responses: { '200': { description: the caller } }
`;

/** Sign-in (openapi/users.yaml) as it is; every handler of the contract above answers the caller it was given. */
const handlers: HandlerMap = {
  ...asHandlerMap(usersHandlers),
  ...Object.fromEntries(['board', 'chair', 'staff', 'admin', 'anyone', 'me', 'companyStaff', 'companyAdmin'].map((id) => [id, async (req: Parameters<HandlerMap[string]>[0]) => ({ status: 200, body: req.caller })])),
};

/** The database, counting the queries sent through it. */
function counting(db: Db): { db: Db; queries: () => number; reset: () => void } {
  let n = 0;
  const wrapped: Db = {
    kind: db.kind,
    query: (sql, params) => {
      n++;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
  return { db: wrapped, queries: () => n, reset: () => void (n = 0) };
}

describe.each(BACKENDS)('x-policy over associations on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let dir: string;
  let counter: ReturnType<typeof counting>;
  let maple: number;
  let cedar: number;
  let birch: number;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'authz-policy-'));
    await writeFile(path.join(dir, 'roles.yaml'), CONTRACT);
    await copyFile(path.join(repoRoot, 'openapi', 'users.yaml'), path.join(dir, 'users.yaml'));
    counter = counting(database.current.db);
    // A clock that stands still: the ended-sessions cache never goes stale, so the counts below are the policy's alone
    // (and no movable app clock, whose offset is read before each request, as in production).
    app = await testApp(counter.db, { openapiDir: dir, handlers, clock: createTestClock().now, devRoutes: false });
    // An association of another management company, and that company's manager.
    const db = database.current.db;
    const company = (await db.query<{ id: number }>(`INSERT INTO management_companies (code, name) VALUES ('northwind', 'Northwind') RETURNING id`)).rows[0].id;
    birch = Number((await db.query<{ id: number }>(`INSERT INTO associations (management_company_id, code, name) VALUES ($1, 'birchhollow', 'Birch Hollow HOA') RETURNING id`, [company])).rows[0].id);
    const manager = (
      await db.query<{ id: number }>(
        `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, 'manager@northwind.example', $2, 'Avery', 'Stone') RETURNING id`,
        [company, await testPasswords.hash('Northwind#2026')],
      )
    ).rows[0].id;
    await db.query(`INSERT INTO management_staff (user_id) VALUES ($1)`, [manager]);
    maple = await associationId(db, 'maplegrove');
    cedar = await associationId(db, 'cedarpoint');
    for (const who of ['homeowner', 'board', 'chair', 'manager', 'staff'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
    tokens.otherManager = (await signIn(app, { email: 'manager@northwind.example', password: 'Northwind#2026' })).token;
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const get = (who: string, op: string, association: number) => call(app, 'GET', `/api/roles/Association/${association}/${op}`, { token: tokens[who] });
  const demoville = async () => associationId(database.current.db, 'demoville');

  it('admits board members (chairs included) of their own association only', async () => {
    expect((await get('board', 'board', maple)).status).toBe(200);
    expect((await get('chair', 'board', maple)).status).toBe(200);
    for (const [who, where] of [['board', cedar], ['chair', birch], ['homeowner', maple], ['manager', maple]] as const) {
      expectErrorShape(await get(who, 'board', where), 404, 'GP001');
    }
  });

  it('admits chairs only where they chair', async () => {
    expect((await get('chair', 'chair', maple)).status).toBe(200);
    expectErrorShape(await get('board', 'chair', maple), 404, 'GP001');
    expectErrorShape(await get('chair', 'chair', cedar), 404, 'GP001');
  });

  it('admits management staff for every association their company manages, and no other', async () => {
    for (const where of [maple, cedar, await demoville()]) expect((await get('manager', 'staff', where)).status).toBe(200);
    expectErrorShape(await get('manager', 'staff', birch), 404, 'GP001');
    expect((await get('otherManager', 'staff', birch)).status).toBe(200);
    expectErrorShape(await get('otherManager', 'staff', maple), 404, 'GP001');
    // Working for the company is not enough: the homeowner and the board member are not staff.
    expectErrorShape(await get('homeowner', 'staff', maple), 404, 'GP001');
    expectErrorShape(await get('board', 'staff', maple), 404, 'GP001');
  });

  it('admits a company admin to the associations the company manages; its staff and other companies are refused', async () => {
    for (const where of [maple, cedar]) expect((await get('manager', 'admin', where)).status).toBe(200);
    expect((await get('staff', 'staff', maple)).status).toBe(200);
    expectErrorShape(await get('staff', 'admin', maple), 404, 'GP001');
    expectErrorShape(await get('manager', 'admin', birch), 404, 'GP001');
    // Northwind's manager is its staff, not its admin.
    expectErrorShape(await get('otherManager', 'admin', birch), 404, 'GP001');
  });

  it('lets staff and admins in to their own company\'s operations (self) while they have the role', async () => {
    const company = (who: string, role: 'staff' | 'admin') => call(app, 'GET', `/api/roles/Company/${role}`, { token: tokens[who] });
    for (const who of ['manager', 'staff', 'otherManager']) expect((await company(who, 'staff')).status, who).toBe(200);
    expect((await company('manager', 'admin')).status).toBe(200);
    for (const who of ['homeowner', 'board', 'chair']) expectErrorShape(await company(who, 'staff'), 403, 'AUTH003');
    for (const who of ['staff', 'otherManager', 'homeowner']) expectErrorShape(await company(who, 'admin'), 403, 'AUTH003');
    // One query, whoever asks.
    counter.reset();
    expect((await company('staff', 'staff')).status).toBe(200);
    expect(counter.queries()).toBe(1);
    // Deactivated: no longer staff anywhere, at once.
    const db = database.current.db;
    await db.query(`UPDATE management_staff SET deactivated_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [DEMO.staff.email]);
    try {
      expectErrorShape(await company('staff', 'staff'), 403, 'AUTH003');
      expectErrorShape(await get('staff', 'staff', maple), 404, 'GP001');
    } finally {
      await db.query(`UPDATE management_staff SET deactivated_at = NULL WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [DEMO.staff.email]);
    }
  });

  it('lets any one of several grants in, and answers an unknown association like a foreign one', async () => {
    for (const who of ['homeowner', 'board', 'chair', 'manager']) expect((await get(who, 'anyone', maple)).status, who).toBe(200);
    expect((await get('homeowner', 'anyone', cedar)).status).toBe(200);
    expectErrorShape(await get('board', 'anyone', cedar), 404, 'GP001');
    expectErrorShape(await get('otherManager', 'anyone', maple), 404, 'GP001');
    expectErrorShape(await get('manager', 'anyone', 999_999), 404, 'GP001');
    // Beyond any id the database can hold: refused without asking it.
    counter.reset();
    expectErrorShape(await get('manager', 'anyone', 2 ** 31), 404, 'GP001');
    expect(counter.queries()).toBe(0);
  });

  it('checks every grant in one query, and a self grant in none', async () => {
    counter.reset();
    expectErrorShape(await get('otherManager', 'anyone', maple), 404, 'GP001');
    expect(counter.queries()).toBe(1);
    counter.reset();
    expect((await get('chair', 'anyone', maple)).status).toBe(200);
    expect(counter.queries()).toBe(1);
    counter.reset();
    expect((await call(app, 'GET', '/api/roles/Me', { token: tokens.board })).status).toBe(200);
    expect(counter.queries()).toBe(0);
  });

  it('hands the handler the typed caller, and refuses a missing or foreign token with 401 first', async () => {
    const me = await call(app, 'GET', '/api/roles/Me', { token: tokens.chair });
    expect(me.json).toMatchObject({ kind: 'user', userId: expect.any(Number), customer: 'summit', sessionId: expect.any(String) });
    expectErrorShape(await call(app, 'GET', `/api/roles/Association/${maple}/anyone`), 401, 'AUTH002');
    expectErrorShape(await call(app, 'GET', `/api/roles/Association/${maple}/anyone`, { token: 'not.a.token' }), 401, 'AUTH002');
    // Identification comes before validation: no token and a malformed id is still 401.
    expectErrorShape(await call(app, 'GET', '/api/roles/Association/abc/anyone'), 401, 'AUTH002');
    expectErrorShape(await get('chair', 'anyone', 0), 400, 'VAL001');
  });
});
