// The management console's API (openapi/management.yaml): the caller's company, and its
// associations with their counts (homes, owners signed up, open requests, unread messages, balance
// past due) searched, sorted and paged on the server; another company's staff see only their own;
// residents and board members refused; bad input refused with nothing changed. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';

const BASE = '/api/management';
const NOW = new Date('2026-03-02T15:00:00Z');

type Row = { id: number; code: string; name: string; homes: number; ownersSignedUp: number; openRequests: number; unreadMessages: number; pastDueCents: number };

describe.each(BACKENDS)('management console on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const db = () => database.current.db;
  const get = (who: string, url: string) => call(app, 'GET', `${BASE}${url}`, { token: tokens[who] });
  const list = async (who: string, query = '') => {
    const res = await get(who, `/Associations${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json as { rows: Row[]; lastRow: number };
  };

  /** The counts of one association, worked out here in plain steps (not the list's SQL). */
  async function expectedCounts(code: string): Promise<Omit<Row, 'id' | 'name'>> {
    const q = async (sql: string) => Number((await db().query<{ n: string | number }>(sql, [code])).rows[0].n);
    const association = `(SELECT id FROM associations WHERE code = $1)`;
    const unread = async () => {
      const { rows } = await db().query<{ id: number; last: number | null }>(
        `SELECT t.id, (SELECT last_read_message_id FROM message_thread_reads WHERE thread_id = t.id AND party = 'management') AS last
           FROM message_threads t WHERE t.association_id = ${association}`,
        [code],
      );
      let n = 0;
      for (const t of rows) {
        n += Number((await db().query<{ n: string }>(`SELECT count(*) AS n FROM messages WHERE thread_id = $1 AND NOT from_management AND id > $2`, [t.id, t.last ?? 0])).rows[0].n);
      }
      return n;
    };
    // Past due: each owing account's balance, when its oldest unpaid charge is before today.
    const standing = await db().query<{ balance_cents: string; oldest_unpaid: string | null }>(
      `SELECT balance_cents, to_char(oldest_unpaid, 'YYYY-MM-DD') AS oldest_unpaid FROM account_standing WHERE association_id = ${association}`,
      [code],
    );
    const pastDueCents = standing.rows.filter((s) => Number(s.balance_cents) > 0 && s.oldest_unpaid !== null && s.oldest_unpaid < '2026-03-02').reduce((sum, s) => sum + Number(s.balance_cents), 0);
    return {
      code,
      homes: await q(`SELECT count(*) AS n FROM accounts WHERE association_id = ${association}`),
      ownersSignedUp: await q(`SELECT count(*) AS n FROM accounts WHERE association_id = ${association} AND owner_user_id IS NOT NULL`),
      openRequests:
        (await q(`SELECT count(*) AS n FROM homeowner_requests WHERE association_id = ${association} AND status IN ('open', 'inProgress')`)) +
        (await q(`SELECT count(*) AS n FROM reservations res JOIN homeowner_requests r ON r.id = res.request_id WHERE r.association_id = ${association} AND res.status = 'tentative'`)),
      unreadMessages: await unread(),
      pastDueCents,
    };
  }

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    for (const who of ['manager', 'staff', 'lakesideAdmin', 'lakesideOwner', 'homeowner', 'board', 'chair'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers the caller's company and role", async () => {
    expect((await get('manager', '/Company')).json).toEqual({ code: 'summit', name: expect.any(String), role: 'admin' });
    expect((await get('staff', '/Company')).json).toMatchObject({ code: 'summit', role: 'staff' });
    expect((await get('lakesideAdmin', '/Company')).json).toEqual({ code: 'lakeside', name: 'Lakeside Property Management', role: 'admin' });
  });

  it("lists Summit's associations by name with their counts", async () => {
    const page = await list('manager');
    expect(page.rows.map((r) => r.code)).toEqual(['cedarpoint', 'demoville', 'maplegrove']);
    expect(page.lastRow).toBe(3);
    for (const row of page.rows) expect(row).toMatchObject(await expectedCounts(row.code));
    // The demo has something to show in each count at Maple Grove.
    const maple = page.rows.find((r) => r.code === 'maplegrove')!;
    for (const count of ['homes', 'ownersSignedUp', 'openRequests', 'pastDueCents'] as const) expect(maple[count], count).toBeGreaterThan(0);
    // Staff see the same list as their admin.
    expect(await list('staff')).toEqual(page);
  });

  it('counts a new message from a homeowner as unread until management reads it, and a closed request no longer', async () => {
    const before = (await list('manager', '?search=maplegrove')).rows[0];
    const thread = await db().query<{ id: number; homeowner_user_id: number }>(
      `SELECT t.id, t.homeowner_user_id FROM message_threads t JOIN associations a ON a.id = t.association_id WHERE a.code = 'maplegrove' ORDER BY t.id LIMIT 1`,
    );
    const { id, homeowner_user_id: author } = thread.rows[0];
    await db().query(`INSERT INTO messages (thread_id, author_user_id, from_management, body, sent_at) VALUES ($1, $2, false, 'One more thing', now())`, [id, author]);
    const request = await db().query<{ id: number }>(
      `SELECT r.id FROM homeowner_requests r JOIN associations a ON a.id = r.association_id WHERE a.code = 'maplegrove' AND r.status IN ('open', 'inProgress') ORDER BY r.id LIMIT 1`,
    );
    await db().query(`UPDATE homeowner_requests SET status = 'closed' WHERE id = $1`, [request.rows[0].id]);
    const after = (await list('manager', '?search=maplegrove')).rows[0];
    expect(after.unreadMessages).toBe(before.unreadMessages + 1);
    expect(after.openRequests).toBe(before.openRequests - 1);
    // Read by management (the thread read as staff): nothing unread in that thread any more.
    expect((await call(app, 'GET', `/api/users/Messages/${id}`, { token: tokens.staff })).status).toBeLessThan(300);
    const read = (await list('manager', '?search=maplegrove')).rows[0];
    expect(read.unreadMessages).toBeLessThan(after.unreadMessages);
    expect(read).toMatchObject(await expectedCounts('maplegrove'));
  });

  it("shows another company's admin only their own association", async () => {
    const page = await list('lakesideAdmin');
    expect(page.rows).toEqual([expect.objectContaining({ code: 'lakeshore', name: 'Lakeshore Village HOA', homes: 1, ownersSignedUp: 1, openRequests: 0, unreadMessages: 0, pastDueCents: 18500 })]);
    expect(page.lastRow).toBe(1);
    // Nothing of Summit's, whatever is searched.
    expect((await list('lakesideAdmin', '?search=maple')).rows).toEqual([]);
    expect((await list('manager', '?search=lake')).rows).toEqual([]);
  });

  it('searches name or code ignoring case, sorts by any column and pages', async () => {
    expect((await list('manager', '?search=CEDAR')).rows.map((r) => r.code)).toEqual(['cedarpoint']);
    expect((await list('manager', '?search=grove')).rows.map((r) => r.code)).toEqual(['maplegrove']);
    expect((await list('manager', '?search=demov')).rows.map((r) => r.code)).toEqual(['demoville']);
    // Wildcards are taken literally.
    expect((await list('manager', `?search=${encodeURIComponent('%')}`)).rows).toEqual([]);
    const nothing = await list('manager', '?search=zzz');
    expect(nothing).toEqual({ rows: [], lastRow: 0 });
    expect((await list('manager', '?sort=name:desc')).rows.map((r) => r.code)).toEqual(['maplegrove', 'demoville', 'cedarpoint']);
    const byHomes = (await list('manager', '?sort=homes:desc')).rows.map((r) => r.homes);
    expect(byHomes).toEqual([...byHomes].sort((a, b) => b - a));
    const byPastDue = (await list('manager', '?sort=pastDueCents:asc')).rows.map((r) => r.pastDueCents);
    expect(byPastDue).toEqual([...byPastDue].sort((a, b) => a - b));
    const second = await list('manager', '?startRow=1&endRow=2');
    expect(second).toEqual({ rows: [expect.objectContaining({ code: 'demoville' })], lastRow: 3 });
    expect((await list('manager', '?startRow=3&endRow=10')).rows).toEqual([]);
  });

  it('refuses residents and board members (403 AUTH003), and anyone not signed in (401)', async () => {
    for (const who of ['homeowner', 'board', 'chair', 'lakesideOwner']) {
      expectErrorShape(await get(who, '/Associations'), 403, 'AUTH003');
      expectErrorShape(await get(who, '/Company'), 403, 'AUTH003');
    }
    expectErrorShape(await call(app, 'GET', `${BASE}/Associations`), 401, 'AUTH002');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await databaseFingerprint(db());
    const bad = async (query: string, code: string, detail: RegExp) => {
      const res = await get('manager', `/Associations${query}`);
      expectErrorShape(res, 400, code);
      expect(res.json.detail).toMatch(detail);
    };
    await bad('?sort=password:asc', 'GRD001', /Unknown column "password" in sort; the associations list has id, code, name, homes/);
    await bad('?sort=name:sideways', 'GRD002', /"column:asc" or "column:desc"/);
    await bad('?startRow=-1', 'VAL001', /startRow/);
    await bad('?endRow=0', 'VAL001', /endRow/);
    await bad('?startRow=5&endRow=2', 'GRD003', /endRow \(2\) must be greater than startRow \(5\)/);
    await bad('?startRow=0&endRow=501', 'GRD003', /at most 500 rows/);
    await bad(`?search=${'x'.repeat(101)}`, 'VAL001', /search/);
    expect(await databaseFingerprint(db())).toEqual(before);
  });
});
