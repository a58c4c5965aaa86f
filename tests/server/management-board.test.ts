// Board membership from the console (openapi/management.yaml, /Associations/{id}/Board): the
// company's admin adds owners, the company's other users and new people, removes them and chooses
// the one chair (the database holds it too); every change is in the audit trail and holds from the
// member's next request; staff read only; another company's admin finds nothing; bad input changes
// nothing. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';

const BASE = '/api/management';

type Member = { userId: number; email: string; firstName: string; lastName: string; chair: boolean; ownsHome: boolean; since: string };

describe.each(BACKENDS)('board membership on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  let maple: number;
  let cedar: number;
  const tokens: Record<string, string> = {};
  const db = () => database.current.db;
  const as = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => call(app, method, `${BASE}${url}`, { token: tokens[who], body });
  const idOf = async (sql: string, params: unknown[]) => Number((await db().query<{ id: number }>(sql, params)).rows[0].id);
  const userIdOf = (email: string) => idOf('SELECT id FROM users WHERE email = $1', [email]);
  const board = async (who = 'manager', association = maple) => {
    const res = await as(who, 'GET', `/Associations/${association}/Board`);
    expect(res.status, res.body).toBe(200);
    return (res.json as { members: Member[] }).members;
  };
  const trailOf = async (email: string) =>
    (
      await db().query<{ kind: string; actor: string; association: string; old_value: unknown; new_value: unknown; ip: string | null; level: string }>(
        `SELECT e.kind, u.email AS actor, a.code AS association, e.old_value, e.new_value, e.ip, e.level
           FROM audit_entries e JOIN users u ON u.id = e.actor_user_id JOIN associations a ON a.id = e.association_id
          WHERE e.key = $1 AND e.kind LIKE 'board.%' ORDER BY e.id`,
        [email],
      )
    ).rows.map((r) => [r.kind, r.actor, r.association, r.old_value, r.new_value, r.level, r.ip !== null]);

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    maple = await idOf(`SELECT id FROM associations WHERE code = 'maplegrove'`, []);
    cedar = await idOf(`SELECT id FROM associations WHERE code = 'cedarpoint'`, []);
    for (const who of ['manager', 'staff', 'lakesideAdmin', 'homeowner', 'board', 'chair', 'paid'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists the board to the company's staff, the chair first, and to no one else", async () => {
    const members = await board('staff');
    expect(members[0]).toMatchObject({ email: DEMO.chair.email, chair: true, ownsHome: false });
    expect(members.map((m) => m.email)).toContain(DEMO.board.email);
    expect(members.filter((m) => m.chair)).toHaveLength(1);
    expectErrorShape(await as('lakesideAdmin', 'GET', `/Associations/${maple}/Board`), 404, 'GP001');
    expectErrorShape(await as('homeowner', 'GET', `/Associations/${maple}/Board`), 404, 'GP001');
    expectErrorShape(await as('board', 'GET', `/Associations/${maple}/Board`), 404, 'GP001');
    expectErrorShape(await call(app, 'GET', `${BASE}/Associations/${maple}/Board`), 401, 'AUTH002');
  });

  it('finds candidates among the owners and the company\'s other users, never staff or members', async () => {
    const owners = (await as('manager', 'GET', `/Associations/${maple}/Board/Candidates`)).json as { candidates: { email: string; ownsHome: boolean }[] };
    expect(owners.candidates.length).toBeGreaterThan(0);
    expect(owners.candidates.every((c) => c.ownsHome)).toBe(true);
    expect(owners.candidates.map((c) => c.email)).toContain(DEMO.homeowner.email);
    const found = (await as('manager', 'GET', `/Associations/${maple}/Board/Candidates?search=${encodeURIComponent('EXAMPLE.COM')}`)).json as { candidates: { email: string }[] };
    const emails = found.candidates.map((c) => c.email);
    for (const absent of [DEMO.manager.email, DEMO.staff.email, DEMO.board.email, DEMO.chair.email, DEMO.lakesideOwner.email]) expect(emails).not.toContain(absent);
    const noprimary = (await as('manager', 'GET', `/Associations/${maple}/Board/Candidates?search=noprim`)).json as { candidates: { email: string; ownsHome: boolean }[] };
    // An owner at Cedar Point only: a user of the company, not an owner here.
    expect(noprimary.candidates).toEqual([expect.objectContaining({ email: 'noprimary@example.com', ownsHome: false })]);
    expect(((await as('manager', 'GET', `/Associations/${maple}/Board/Candidates?search=%25`)).json as { candidates: unknown[] }).candidates).toEqual([]);
    expectErrorShape(await as('staff', 'GET', `/Associations/${maple}/Board/Candidates`), 404, 'GP001');
  });

  it('adds an owner, who sees the board pages at the next request; removed, the board refuses them at the next', async () => {
    const homeowner = await userIdOf(DEMO.homeowner.email);
    const pages = async () => {
      const settings = (await call(app, 'GET', '/api/users/HomeSettings', { token: tokens.homeowner })).json as { userSettings: { associations: { code: string; isBoardMember: boolean }[] } };
      return settings.userSettings.associations.find((a) => a.code === 'maplegrove')!.isBoardMember;
    };
    const arcs = () => call(app, 'GET', `/api/action-items/Board/ArcRequests?associationId=${maple}`, { token: tokens.homeowner });
    expect(await pages()).toBe(false);
    expectErrorShape(await arcs(), 404);

    const added = await as('manager', 'POST', `/Associations/${maple}/Board`, { userId: homeowner });
    expect(added.status, added.body).toBe(201);
    expect(added.json).toMatchObject({ email: DEMO.homeowner.email, chair: false, ownsHome: true, since: clock.now().toISOString() });
    // The same session, next request: a board member.
    expect(await pages()).toBe(true);
    { const r = await arcs(); expect(r.status, r.body).toBe(200); }
    expect((await call(app, 'GET', '/api/users/Security', { token: tokens.homeowner })).json).toMatchObject({ permissions: expect.arrayContaining(['board']) });

    expect((await as('manager', 'DELETE', `/Associations/${maple}/Board/${homeowner}`)).status).toBe(204);
    expect(await pages()).toBe(false);
    expectErrorShape(await arcs(), 404);
    expect((await board()).map((m) => m.email)).not.toContain(DEMO.homeowner.email);
    expect(await trailOf(DEMO.homeowner.email)).toEqual([
      ['board.add', DEMO.manager.email, 'maplegrove', null, { member: true, chair: false }, 'association', true],
      ['board.remove', DEMO.manager.email, 'maplegrove', { member: true, chair: false }, null, 'association', true],
    ]);
  });

  it('keeps at most one chair: a second is refused with the chair named, and the database refuses it too', async () => {
    const boardId = await userIdOf(DEMO.board.email);
    const chairId = await userIdOf(DEMO.chair.email);
    const before = await databaseFingerprint(db());
    const second = await as('manager', 'PATCH', `/Associations/${maple}/Board/${boardId}`, { chair: true });
    expectErrorShape(second, 409, 'BRD004');
    expect((second.json as { detail: string }).detail).toBe('Casey Morgan already chairs this board. End their term as chair first: an association has at most one chair.');
    await expect(db().query('UPDATE board_members SET is_chair = true WHERE user_id = $1 AND association_id = $2', [boardId, maple])).rejects.toMatchObject({ code: '23505' });
    expect(await databaseFingerprint(db())).toEqual(before);

    // The chair steps down, then another member takes the chair; the chair's board pages follow.
    expect((await call(app, 'GET', `/api/users/Security`, { token: tokens.chair })).json).toMatchObject({ permissions: expect.arrayContaining(['boardChair']) });
    expect((await as('manager', 'PATCH', `/Associations/${maple}/Board/${chairId}`, { chair: false })).json).toMatchObject({ chair: false });
    expect((await call(app, 'GET', `/api/users/Security`, { token: tokens.chair })).json).not.toMatchObject({ permissions: expect.arrayContaining(['boardChair']) });
    expect((await as('manager', 'PATCH', `/Associations/${maple}/Board/${boardId}`, { chair: true })).json).toMatchObject({ email: DEMO.board.email, chair: true });
    expect((await board())[0]).toMatchObject({ email: DEMO.board.email, chair: true });
    // Asking for what already is changes nothing and records nothing.
    expect((await as('manager', 'PATCH', `/Associations/${maple}/Board/${boardId}`, { chair: true })).status).toBe(200);
    // Back as the demo has it.
    expect((await as('manager', 'PATCH', `/Associations/${maple}/Board/${boardId}`, { chair: false })).status).toBe(200);
    expect((await as('manager', 'PATCH', `/Associations/${maple}/Board/${chairId}`, { chair: true })).status).toBe(200);
    expect(await trailOf(DEMO.board.email)).toEqual([
      ['board.chair', DEMO.manager.email, 'maplegrove', { chair: false }, { chair: true }, 'association', true],
      ['board.chair', DEMO.manager.email, 'maplegrove', { chair: true }, { chair: false }, 'association', true],
    ]);
    expect(await trailOf(DEMO.chair.email)).toHaveLength(2);
  });

  it('adds someone new to the portal by name and e-mail, who is mailed how to sign in; an existing user by e-mail is added as such', async () => {
    const added = await as('manager', 'POST', `/Associations/${cedar}/Board`, { person: { firstName: ' Rae ', lastName: 'Member', email: 'Rae.Member@Example.com' } });
    expect(added.status, added.body).toBe(201);
    expect(added.json).toMatchObject({ email: 'rae.member@example.com', firstName: 'Rae', lastName: 'Member', chair: false, ownsHome: false });
    const company = await idOf(`SELECT management_company_id AS id FROM associations WHERE id = $1`, [cedar]);
    expect(await idOf(`SELECT management_company_id AS id FROM users WHERE email = 'rae.member@example.com'`, [])).toBe(company);
    const mail = await db().query<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM mail_outbox WHERE to_address = 'rae.member@example.com'`);
    expect(mail.rows).toEqual([expect.objectContaining({ subject: 'You are on the board of Cedar Point Condominiums', text_body: expect.stringContaining('/forgot-login') })]);
    expect(await trailOf('rae.member@example.com')).toEqual([['board.add', DEMO.manager.email, 'cedarpoint', null, { member: true, chair: false, newSignIn: true }, 'association', true]]);

    // board@ (a user of the company without a home at Cedar Point) by e-mail: that user, no new sign-in, no mail.
    const users = await idOf('SELECT count(*) AS id FROM users', []);
    const existing = await as('manager', 'POST', `/Associations/${cedar}/Board`, { person: { firstName: 'X', lastName: 'Y', email: DEMO.board.email } });
    expect(existing.status, existing.body).toBe(201);
    expect(existing.json).toMatchObject({ email: DEMO.board.email, firstName: 'Taylor', lastName: 'Brooks', ownsHome: false });
    expect(await idOf('SELECT count(*) AS id FROM users', [])).toBe(users);
    expect((await db().query(`SELECT 1 FROM mail_outbox WHERE to_address = $1`, [DEMO.board.email])).rows).toEqual([]);
    // A board of Cedar Point does not make them Maple Grove's chair, nor the reverse.
    expect((await board('manager', cedar)).map((m) => m.email).sort()).toEqual([DEMO.board.email, 'rae.member@example.com']);
    for (const email of [DEMO.board.email, 'rae.member@example.com']) {
      expect((await as('manager', 'DELETE', `/Associations/${cedar}/Board/${await userIdOf(email)}`)).status).toBe(204);
    }
  });

  it('refuses unknown people, members twice, other companies\' people, staff and bad input, changing nothing', async () => {
    const boardId = await userIdOf(DEMO.board.email);
    const before = await databaseFingerprint(db());
    const add = (body: unknown, who = 'manager') => as(who, 'POST', `/Associations/${maple}/Board`, body);
    expectErrorShape(await add({ userId: 999_999 }), 404, 'BRD002');
    expectErrorShape(await add({ userId: await userIdOf(DEMO.lakesideOwner.email) }), 404, 'BRD002');
    expectErrorShape(await add({ userId: await userIdOf(DEMO.staff.email) }), 404, 'BRD002');
    expectErrorShape(await add({ userId: boardId }), 409, 'BRD003');
    expectErrorShape(await add({ person: { firstName: 'B', lastName: 'M', email: DEMO.board.email } }), 409, 'BRD003');
    expectErrorShape(await add({ person: { firstName: 'L', lastName: 'O', email: DEMO.lakesideOwner.email } }), 409, 'BRD005');
    expectErrorShape(await add({ person: { firstName: 'S', lastName: 'T', email: DEMO.staff.email } }), 409, 'BRD005');
    expectErrorShape(await add({ person: { firstName: 'N', lastName: 'E', email: 'not an e-mail' } }), 400);
    expectErrorShape(await add({ person: { firstName: ' ', lastName: 'E', email: 'blank@example.com' } }), 400);
    expectErrorShape(await add({}), 400);
    expectErrorShape(await add({ userId: boardId, person: { firstName: 'a', lastName: 'b', email: 'a@example.com' } }), 400);
    expectErrorShape(await add({ userId: 'x' }), 400);
    expectErrorShape(await add({ userId: boardId, chair: true }), 400);
    expectErrorShape(await as('manager', 'PATCH', `/Associations/${maple}/Board/${await userIdOf(DEMO.homeowner.email)}`, { chair: true }), 404, 'BRD001');
    expectErrorShape(await as('manager', 'PATCH', `/Associations/${maple}/Board/${boardId}`, { chair: 'yes' }), 400);
    expectErrorShape(await as('manager', 'DELETE', `/Associations/${maple}/Board/${await userIdOf(DEMO.homeowner.email)}`), 404, 'BRD001');
    // Maple Grove's member is not Cedar Point's.
    expectErrorShape(await as('manager', 'DELETE', `/Associations/${cedar}/Board/${boardId}`), 404, 'BRD001');
    // Staff read but do not change; another company's admin does not find the association; board members and residents neither.
    for (const who of ['staff', 'lakesideAdmin', 'chair', 'homeowner']) {
      expectErrorShape(await add({ userId: await userIdOf(DEMO.paid.email) }, who), 404, 'GP001');
      expectErrorShape(await as(who, 'PATCH', `/Associations/${maple}/Board/${boardId}`, { chair: true }), 404, 'GP001');
      expectErrorShape(await as(who, 'DELETE', `/Associations/${maple}/Board/${boardId}`), 404, 'GP001');
    }
    expectErrorShape(await call(app, 'DELETE', `${BASE}/Associations/${maple}/Board/${boardId}`), 401, 'AUTH002');
    expect(await databaseFingerprint(db())).toEqual(before);
  });
});
