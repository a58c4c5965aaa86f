// The company's staff in the console (openapi/management.yaml, /Staff): the admin invites by
// e-mail (a link good once, for 7 days), sets roles and deactivates (their sessions end at once);
// staff only read; another company's staff are not found; bad input changes nothing.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';

const BASE = '/api/management';
const DAY = 24 * 3600 * 1000;

describe.each(BACKENDS)('company staff on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock();
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const db = () => database.current.db;
  const as = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => call(app, method, `${BASE}${url}`, { token: tokens[who], body });
  const userIdOf = async (email: string) => Number((await db().query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id);

  /** The trail's entries about one person, oldest first: kind, actor's e-mail, old and new value. */
  const trailOf = async (email: string) =>
    (
      await db().query<{ kind: string; actor: string | null; old_value: unknown; new_value: unknown; ip: string | null }>(
        `SELECT e.kind, u.email AS actor, e.old_value, e.new_value, e.ip FROM audit_entries e LEFT JOIN users u ON u.id = e.actor_user_id
          WHERE e.key = $1 ORDER BY e.id`,
        [email],
      )
    ).rows.map((r) => [r.kind, r.actor, r.old_value, r.new_value, r.ip !== null]);

  /** The invitation link's token from the last mail to `email`. */
  async function invitationFor(email: string): Promise<string> {
    const { rows } = await db().query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [email]);
    const token = /\/staff-invitation\/([A-Za-z0-9_-]+)/.exec(rows[0]?.text_body ?? '')?.[1];
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return token;
  }

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    for (const who of ['manager', 'staff', 'lakesideAdmin', 'homeowner'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists the company's own staff to its staff, and no one else's", async () => {
    const res = await as('staff', 'GET', '/Staff');
    expect(res.status).toBe(200);
    const { staff } = res.json as { staff: { email: string; role: string; active: boolean }[] };
    expect(staff.map((s) => [s.email, s.role, s.active]).sort()).toEqual([
      [DEMO.manager.email, 'admin', true],
      [DEMO.staff.email, 'staff', true],
    ]);
    const lakeside = (await as('lakesideAdmin', 'GET', '/Staff')).json as { staff: { email: string }[] };
    expect(lakeside.staff.map((s) => s.email)).toEqual([DEMO.lakesideAdmin.email]);
    expectErrorShape(await as('homeowner', 'GET', '/Staff'), 403, 'AUTH003');
  });

  it('an invitation mailed by the admin is accepted once, and its new staff member signs in to the console', async () => {
    const email = 'new.hire@example.com';
    const invited = await as('manager', 'POST', '/Staff/Invitations', { email: 'New.Hire@Example.com', role: 'staff' });
    expect(invited.status, invited.body).toBe(201);
    expect(invited.json).toMatchObject({ email, role: 'staff' });
    expect(new Date((invited.json as { expiresAt: string }).expiresAt).getTime() - clock.now().getTime()).toBe(7 * DAY);
    const pending = (await as('manager', 'GET', '/Staff')).json as { invitations: { email: string }[] };
    expect(pending.invitations.map((i) => i.email)).toEqual([email]);
    const token = await invitationFor(email);
    // Only its hash is kept.
    expect((await db().query('SELECT 1 FROM staff_invitations WHERE token_hash = $1', [token])).rows).toHaveLength(0);

    const accepted = await call(app, 'POST', `${BASE}/Staff/Invitations/Accept`, { body: { invitation: token, firstName: 'Nia', lastName: 'Hart', password: 'Welcome#2026' } });
    expect(accepted.status, accepted.body).toBe(200);
    expect(accepted.json).toEqual({ email, company: 'Summit Community Management', role: 'staff' });
    const hire = await signIn(app, { email, password: 'Welcome#2026' });
    expect((await call(app, 'GET', `${BASE}/Company`, { token: hire.token })).json).toMatchObject({ code: 'summit', role: 'staff' });

    // The trail has who invited whom, and who joined, each with where from.
    expect(await trailOf(email)).toEqual([
      ['staff.invite', DEMO.manager.email, null, { role: 'staff' }, true],
      ['staff.join', email, null, { role: 'staff' }, true],
    ]);

    // Used: refused, and nothing changes.
    const before = await databaseFingerprint(db());
    expectErrorShape(await call(app, 'POST', `${BASE}/Staff/Invitations/Accept`, { body: { invitation: token, firstName: 'Eve', lastName: 'Other', password: 'Another#2026' } }), 410, 'STF001');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it('an invitation more than 7 days old is refused, and an unknown one alike', async () => {
    await as('manager', 'POST', '/Staff/Invitations', { email: 'late.hire@example.com', role: 'admin' });
    const token = await invitationFor('late.hire@example.com');
    clock.advance(7 * DAY + 1000);
    try {
      const before = await databaseFingerprint(db());
      expectErrorShape(await call(app, 'POST', `${BASE}/Staff/Invitations/Accept`, { body: { invitation: token, firstName: 'Lee', lastName: 'Late', password: 'Late#2026x' } }), 410, 'STF001');
      expectErrorShape(await call(app, 'POST', `${BASE}/Staff/Invitations/Accept`, { body: { invitation: 'x'.repeat(43), firstName: 'No', lastName: 'One', password: 'Nobody#2026' } }), 410, 'STF001');
      expect(await databaseFingerprint(db())).toEqual(before);
      // No longer listed as pending (a week on, the admin signs in afresh).
      const admin = await signIn(app, DEMO.manager);
      const listed = (await call(app, 'GET', `${BASE}/Staff`, { token: admin.token })).json as { invitations: { email: string }[] };
      expect(listed.invitations.map((i) => i.email)).not.toContain('late.hire@example.com');
    } finally {
      clock.advance(-(7 * DAY + 1000));
    }
  });

  it('refuses to invite staff already on it, people who sign in otherwise, and bad input, changing nothing', async () => {
    const before = await databaseFingerprint(db());
    expectErrorShape(await as('manager', 'POST', '/Staff/Invitations', { email: DEMO.staff.email, role: 'admin' }), 409, 'STF005');
    expectErrorShape(await as('manager', 'POST', '/Staff/Invitations', { email: DEMO.homeowner.email, role: 'staff' }), 409, 'STF002');
    expectErrorShape(await as('manager', 'POST', '/Staff/Invitations', { email: DEMO.lakesideAdmin.email, role: 'staff' }), 409, 'STF002');
    expectErrorShape(await as('manager', 'POST', '/Staff/Invitations', { email: 'not an e-mail', role: 'staff' }), 400);
    expectErrorShape(await as('manager', 'POST', '/Staff/Invitations', { email: 'x@example.com', role: 'owner' }), 400);
    // Staff may not invite; a resident is not staff at all.
    expectErrorShape(await as('staff', 'POST', '/Staff/Invitations', { email: 'x@example.com', role: 'staff' }), 403, 'AUTH003');
    expectErrorShape(await as('homeowner', 'POST', '/Staff/Invitations', { email: 'x@example.com', role: 'staff' }), 403, 'AUTH003');
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it("changes roles and deactivates only within the admin's company; a deactivated member's session ends at once", async () => {
    const staffId = await userIdOf(DEMO.staff.email);
    const before = await databaseFingerprint(db());
    // Another company's admin: not found. Staff: not an admin. Oneself: refused.
    expectErrorShape(await as('lakesideAdmin', 'PATCH', `/Staff/${staffId}`, { active: false }), 404, 'STF003');
    expectErrorShape(await as('staff', 'PATCH', `/Staff/${await userIdOf(DEMO.manager.email)}`, { role: 'staff' }), 403, 'AUTH003');
    expectErrorShape(await as('manager', 'PATCH', `/Staff/${await userIdOf(DEMO.manager.email)}`, { active: false }), 409, 'STF004');
    expectErrorShape(await as('manager', 'PATCH', `/Staff/${await userIdOf(DEMO.homeowner.email)}`, { role: 'admin' }), 404, 'STF003');
    expectErrorShape(await as('manager', 'PATCH', `/Staff/${staffId}`, {}), 400);
    expect(await databaseFingerprint(db())).toEqual(before);

    const promoted = await as('manager', 'PATCH', `/Staff/${staffId}`, { role: 'admin' });
    expect(promoted.json).toMatchObject({ email: DEMO.staff.email, role: 'admin', active: true });
    const deactivated = await as('manager', 'PATCH', `/Staff/${staffId}`, { active: false, role: 'staff' });
    expect(deactivated.json).toMatchObject({ role: 'staff', active: false });
    // Their session is over: the token is refused everywhere, not only on the console.
    expectErrorShape(await as('staff', 'GET', '/Staff'), 401, 'AUTH002');
    expectErrorShape(await call(app, 'GET', '/api/users/HomeSettings', { token: tokens.staff }), 401, 'AUTH002');
    // Signing in again gives a session that is no one's staff.
    const again = await signIn(app, DEMO.staff);
    expectErrorShape(await call(app, 'GET', `${BASE}/Company`, { token: again.token }), 403, 'AUTH003');
    // Brought back by the admin.
    expect((await as('manager', 'PATCH', `/Staff/${staffId}`, { active: true })).json).toMatchObject({ active: true });
    expect((await call(app, 'GET', `${BASE}/Company`, { token: again.token })).status).toBe(200);
    tokens.staff = again.token;
    expect(await trailOf(DEMO.staff.email)).toEqual([
      ['staff.role', DEMO.manager.email, 'staff', 'admin', true],
      ['staff.role', DEMO.manager.email, 'admin', 'staff', true],
      ['staff.deactivate', DEMO.manager.email, true, false, true],
      ['staff.reactivate', DEMO.manager.email, false, true, true],
    ]);
  });
});
