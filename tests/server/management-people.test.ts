// The management console's people (openapi/management.yaml: listCompanyPeople, getCompanyPerson):
// the owners of the caller's company's associations searched by name, e-mail, account number or
// street address, paged and sorted on the server through indexes; one owner's page with their
// accounts, contacts and board seats; never another company's people (absent from the search, 404
// on their page); residents and board members refused; bad input refused with nothing changed.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { companyPeopleList } from '../../server/management/people.ts';
import { pageQueriesOf } from '../../server/board/grid-query.ts';
import { unprepared } from '../../server/db/index.ts';

const BASE = '/api/management';
const NOW = new Date('2026-03-02T15:00:00Z');
// Accounts of this test's own people (outside the numbers other tests build accounts at).
const FIRST_NUMBER = 610001;
const PAGED = 7;

type Row = { userId: number; name: string; email: string; associations: string; accountNumbers: string; addresses: string };

describe.each(BACKENDS)('management console people on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const db = () => database.current.db;
  const get = (who: string, url: string) => call(app, 'GET', `${BASE}${url}`, { token: tokens[who] });
  const search = async (who: string, query = '') => {
    const res = await get(who, `/People${query}`);
    expect(res.status, res.body).toBe(200);
    return res.json as { rows: Row[]; lastRow: number };
  };
  const found = async (who: string, text: string) => (await search(who, `?search=${encodeURIComponent(text)}`)).rows.map((r) => r.userId);

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    for (const who of ['manager', 'staff', 'lakesideAdmin', 'lakesideOwner', 'homeowner', 'board', 'chair'] as const) {
      const signedIn = await signIn(app, DEMO[who]);
      tokens[who] = signedIn.token;
      ids[who] = signedIn.userId;
    }
    // Seven owners of Maple Grove named Pagetest, each with one home, for paging.
    for (let i = 0; i < PAGED; i++) {
      const user = await db().query<{ id: number }>(
        `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name)
         SELECT management_company_id, $1, 'x', $2, 'Pagetest' FROM users WHERE email = 'manager@example.com' RETURNING id`,
        [`pagetest${i}@example.com`, `Owner${String.fromCharCode(71 - i)}`],
      );
      await db().query(
        `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code, registered_at)
         SELECT id, $1, $2, $3, 'Springfield', 'IL', '62701', now() FROM associations WHERE code = 'maplegrove'`,
        [String(FIRST_NUMBER + i), user.rows[0].id, `${90 + i} Pagetest Row`],
      );
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds the demo homeowner by full or last name, e-mail, account number and street address, any case', async () => {
    const jordan = ids.homeowner;
    for (const text of ['Jordan Riv', 'rivera', 'RIVERA', 'homeowner@exa', 'Homeowner@Example.com', '100234', '2004', '412 maple', '1200 Ocean']) {
      expect(await found('staff', text), text).toContain(jordan);
    }
    // What starts the name, e-mail, number or street: not what is inside it.
    for (const text of ['ordan', 'example.com', '0234', 'Maple Grove Lane', '%', '_']) expect(await found('staff', text), text).not.toContain(jordan);
    const row = (await search('staff', '?search=100234')).rows.find((r) => r.userId === jordan);
    expect(row).toEqual({
      userId: jordan,
      name: 'Jordan Rivera',
      email: 'homeowner@example.com',
      associations: expect.stringMatching(/Cedar.*, Maple Grove/),
      accountNumbers: expect.stringMatching(/^100234, .*200411/),
      addresses: expect.stringContaining('412 Maple Grove Lane'),
    });
  });

  it('lists owners and board members of the company, not its staff, by last name', async () => {
    const all = await search('manager', '?endRow=500');
    const people = all.rows.map((r) => r.userId);
    expect(all.lastRow).toBe(all.rows.length);
    expect(people).toEqual(expect.arrayContaining([ids.homeowner, ids.board, ids.chair]));
    expect(people).not.toContain(ids.manager);
    expect(people).not.toContain(ids.staff);
    expect(all.rows.find((r) => r.userId === ids.board)).toMatchObject({ accountNumbers: '', addresses: '', associations: expect.stringContaining('Maple Grove') });
    const lastNames = all.rows.map((r) => r.name.split(' ').slice(-1)[0].toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort());
  });

  it('pages and sorts on the server, the pages never overlapping', async () => {
    const first = await search('staff', '?search=pagetest&startRow=0&endRow=3');
    const second = await search('staff', '?search=pagetest&startRow=3&endRow=6');
    const third = await search('staff', '?search=pagetest&startRow=6&endRow=9');
    expect([first.lastRow, second.lastRow, third.lastRow]).toEqual([PAGED, PAGED, PAGED]);
    expect([first.rows.length, second.rows.length, third.rows.length]).toEqual([3, 3, 1]);
    const names = [...first.rows, ...second.rows, ...third.rows].map((r) => r.name);
    // Same last name: by first name.
    expect(names).toEqual(['OwnerA Pagetest', 'OwnerB Pagetest', 'OwnerC Pagetest', 'OwnerD Pagetest', 'OwnerE Pagetest', 'OwnerF Pagetest', 'OwnerG Pagetest']);
    expect((await search('staff', '?search=pagetest&sort=name:desc&endRow=2')).rows.map((r) => r.name)).toEqual(['OwnerG Pagetest', 'OwnerF Pagetest']);
    expect((await search('staff', '?search=pagetest&sort=email:asc&endRow=2')).rows.map((r) => r.email)).toEqual(['pagetest0@example.com', 'pagetest1@example.com']);
    expect((await search('staff', '?search=pagetest&startRow=7&endRow=10'))).toEqual({ rows: [], lastRow: PAGED });
    expect((await found('staff', String(FIRST_NUMBER + 3)))).toHaveLength(1);
    expect(await search('staff', '?search=zzzz')).toEqual({ rows: [], lastRow: 0 });
  });

  it("never lists another company's people, and answers their page 404", async () => {
    const robin = ids.lakesideOwner;
    for (const text of ['Robin', 'Aldana', 'lakeside.owner', '400101', '18 Shoreline']) {
      expect(await found('staff', text), text).not.toContain(robin);
      expect(await found('manager', text), text).not.toContain(robin);
      expect(await found('lakesideAdmin', text), text).toEqual([robin]);
    }
    expect((await search('lakesideAdmin', '?endRow=500')).rows.map((r) => r.userId)).toEqual([robin]);
    expect(await found('lakesideAdmin', '100234')).toEqual([]);
    expect(await found('lakesideAdmin', 'rivera')).toEqual([]);
    for (const who of ['staff', 'manager']) expectErrorShape(await get(who, `/People/${robin}`), 404, 'PPL001');
    expectErrorShape(await get('lakesideAdmin', `/People/${ids.homeowner}`), 404, 'PPL001');
    // Staff are no one's owners; an unknown id is as unknown.
    expectErrorShape(await get('manager', `/People/${ids.staff}`), 404, 'PPL001');
    expectErrorShape(await get('manager', '/People/2147483647'), 404, 'PPL001');
    expect((await get('lakesideAdmin', `/People/${robin}`)).json).toMatchObject({ email: 'lakeside.owner@example.com', accounts: [{ accountNumber: '400101' }] });
  });

  it("shows an owner's accounts with their standing, their contacts as stored and their board seats", async () => {
    const res = await get('staff', `/People/${ids.homeowner}`);
    expect(res.status, res.body).toBe(200);
    const person = res.json as {
      firstName: string; email: string;
      accounts: { accountNumber: string; associationName: string; address: string; balanceCents: number; daysPastDue: number; standing: string }[];
      contacts: { type: string; label: string; value: string; primary: boolean }[];
      boardSeats: unknown[];
    };
    expect(person).toMatchObject({ userId: ids.homeowner, firstName: 'Jordan', lastName: 'Rivera', email: 'homeowner@example.com', boardSeats: [] });
    expect(person.accounts.map((a) => a.accountNumber).sort()).toEqual(['100234', '200411']);
    const { rows: standing } = await db().query<{ account_number: string; balance_cents: string; days: number }>(
      `SELECT account_number, balance_cents, CASE WHEN balance_cents > 0 AND oldest_unpaid < '2026-03-02' THEN '2026-03-02'::date - oldest_unpaid ELSE 0 END AS days
         FROM account_standing WHERE account_number IN ('100234', '200411')`,
    );
    for (const s of standing) {
      const account = person.accounts.find((a) => a.accountNumber === s.account_number)!;
      const cents = Number(s.balance_cents);
      expect(account).toMatchObject({ balanceCents: cents, daysPastDue: Number(s.days) });
      expect(account.standing).toBe(cents < 0 ? 'credit' : cents === 0 ? 'paidUp' : Number(s.days) > 0 ? 'pastDue' : 'owing');
    }
    expect(person.accounts.find((a) => a.accountNumber === '100234')!.address).toMatch(/^412 Maple Grove Lane.*, [A-Z]{2} \d{5}$/);
    const { rows: stored } = await db().query<{ n: string }>(`SELECT count(*) AS n FROM user_contacts WHERE user_id = $1`, [ids.homeowner]);
    expect(person.contacts).toHaveLength(Number(stored[0].n));
    expect(person.contacts).toContainEqual({ type: 'email', label: 'Login e-mail', value: 'homeowner@example.com', primary: true });
    expect(person.contacts.some((c) => c.type === 'phone')).toBe(true);

    const chair = (await get('manager', `/People/${ids.chair}`)).json as { accounts: unknown[]; boardSeats: unknown[] };
    expect(chair.boardSeats).toEqual([{ associationCode: 'maplegrove', associationName: expect.stringContaining('Maple Grove'), role: 'chair' }]);
    const board = (await get('staff', `/People/${ids.board}`)).json as { accounts: unknown[]; boardSeats: { role: string }[] };
    expect(board.accounts).toEqual([]);
    expect(board.boardSeats.map((s) => s.role)).toEqual(['member']);
  });

  it('refuses residents and board members (403 AUTH003), and anyone not signed in (401)', async () => {
    for (const who of ['homeowner', 'board', 'chair', 'lakesideOwner']) {
      expectErrorShape(await get(who, '/People'), 403, 'AUTH003');
      expectErrorShape(await get(who, `/People/${ids.homeowner}`), 403, 'AUTH003');
    }
    expectErrorShape(await call(app, 'GET', `${BASE}/People`), 401, 'AUTH002');
    expectErrorShape(await call(app, 'GET', `${BASE}/People/${ids.homeowner}`), 401, 'AUTH002');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await databaseFingerprint(db());
    const bad = async (url: string, code: string, detail: RegExp) => {
      const res = await get('staff', url);
      expectErrorShape(res, 400, code);
      expect(res.json.detail).toMatch(detail);
    };
    await bad(`/People?search=${'x'.repeat(101)}`, 'VAL001', /search/);
    await bad('/People?sort=password:asc', 'GRD001', /Unknown column "password" in sort; the people list has userId, name, email/);
    await bad('/People?sort=name:up', 'GRD002', /"column:asc" or "column:desc"/);
    await bad('/People?startRow=0&endRow=501', 'GRD003', /at most 500 rows/);
    await bad('/People?filter=nope', 'GRD002', /not valid JSON/);
    await bad('/People/abc', 'VAL001', /userId/);
    await bad('/People/0', 'VAL001', /userId/);
    expect(await databaseFingerprint(db())).toEqual(before);
  });

  it('searches through indexes: no table of people or homes is read whole for a search', async () => {
    const { rows } = await db().query<{ id: number }>(`SELECT management_company_id AS id FROM users WHERE email = 'staff@example.com'`);
    for (const [text, sort] of [['rivera', undefined], ['Jordan R', 'email:desc'], ['homeowner@', undefined], ['100234', undefined], ['412 maple', undefined]] as const) {
      const queries = pageQueriesOf(companyPeopleList(rows[0].id, text), { sort, startRow: 0, endRow: 100 });
      for (const [sql, params] of [[queries.page, queries.pageParams], [queries.count, queries.countParams]] as const) {
        // With sequential scans priced out, the plan reads users and accounts whole only where no index serves.
        const plan = await db().transaction(async (tx) => {
          await tx.exec('SET LOCAL enable_seqscan = off');
          return (await tx.query<Record<string, string>>(unprepared(`EXPLAIN ${sql}`), params)).rows.map((r) => Object.values(r)[0]).join('\n');
        });
        expect(plan, `${text} ${sort}`).not.toMatch(/Seq Scan on (users|accounts)\b/);
      }
    }
  });
});
