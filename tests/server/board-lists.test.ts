// The board's lists as server-side grids (openapi/associations.yaml, /associations/{id}/Board/...):
// paging edges, sorting, each filter type, unknown columns refused, CSV holding exactly the
// filtered, sorted rows with the visible columns; homeowners and collections worked out from the
// ledger (on the 5,000-account association and on Maple Grove); invoices decided once (of two at
// once exactly one); the to-do list checked off; bank account numbers never answered whole; the
// reports; and everyone but the association's board and staff refused with nothing changed.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { associationId } from './billing-helpers.ts';
import { DEMO_BANK_ACCOUNT_NUMBERS, LARGE_ASSOCIATION, seedLargeAssociation } from '../../server/demo/board-lists.ts';

const BASE = '/api/associations/associations';
const NOW = new Date('2026-03-02T15:00:00Z');

type HomeownerRow = {
  accountNumber: string;
  owner: string;
  address: string;
  email: string | null;
  balanceCents: number;
  daysPastDue: number;
  registered: boolean;
};

/** RFC 4180 records (CRLF between them, quoted fields with doubled quotes). */
function parse(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

const filterQuery = (model: object) => `filter=${encodeURIComponent(JSON.stringify(model))}`;

describe.each(BACKENDS)('board lists on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  let maple: number;
  let cedar: number;
  let large: number;
  const tokens = { home: '', board: '', chair: '', manager: '', cedarBoard: '' };
  let everyHomeowner: HomeownerRow[] = [];
  const db = () => database.current.db;
  const get = (association: number, path: string, token: string) => call(app, 'GET', `${BASE}/${association}/Board/${path}`, { token });
  const page = async (association: number, path: string, token = tokens.manager) => {
    const res = await get(association, path, token);
    expect(res.status, res.body).toBe(200);
    return res.json as { rows: Record<string, unknown>[]; lastRow: number };
  };
  const csvOf = async (association: number, path: string, token = tokens.manager) => {
    const res = await get(association, path, token);
    expect(res.status, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    return parse(res.body) as string[][];
  };
  const expectExactly = (rows: Record<string, unknown>[], expected: HomeownerRow[]) =>
    expect(rows.map((r) => r.accountNumber)).toEqual(expected.map((r) => r.accountNumber));

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
    large = await seedLargeAssociation(db(), NOW);
    tokens.home = (await signIn(app, DEMO.homeowner)).token;
    tokens.board = (await signIn(app, DEMO.board)).token;
    tokens.chair = (await signIn(app, DEMO.chair)).token;
    tokens.manager = (await signIn(app, DEMO.manager)).token;
    // A board member of Cedar Point only.
    const cedarBoard = { email: 'cedar.board@example.com', password: 'CedarBoard#2026' };
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name)
       SELECT id, $1, $2, 'Dana', 'Cole' FROM management_companies WHERE code = 'summit' RETURNING id`,
      [cedarBoard.email, await testPasswords.hash(cedarBoard.password)],
    );
    await db().query('INSERT INTO board_members (user_id, association_id, is_chair) VALUES ($1, $2, false)', [rows[0].id, cedar]);
    tokens.cedarBoard = (await signIn(app, cedarBoard)).token;
    // Every homeowner of the large association, in account order, read 500 at a time.
    for (let start = 0; start < LARGE_ASSOCIATION.accounts; start += 500) {
      everyHomeowner.push(...((await page(large, `Homeowners?startRow=${start}&endRow=${start + 500}&sort=accountNumber:asc`)).rows as unknown as HomeownerRow[]));
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    everyHomeowner = [];
  });

  describe('paging', () => {
    it('answers startRow..endRow with the number of matching rows, up to the end and past it', async () => {
      expect(everyHomeowner).toHaveLength(5000);
      expect(new Set(everyHomeowner.map((r) => r.accountNumber)).size).toBe(5000);
      const first = await page(large, 'Homeowners');
      expect(first.rows).toHaveLength(100);
      expect(first.lastRow).toBe(5000);
      const last = await page(large, 'Homeowners?startRow=4950&endRow=5050&sort=accountNumber:asc');
      expect(last.lastRow).toBe(5000);
      expectExactly(last.rows, everyHomeowner.slice(4950));
      const past = await page(large, 'Homeowners?startRow=6000&endRow=6100');
      expect(past).toEqual({ rows: [], lastRow: 5000 });
      const one = await page(large, 'Homeowners?startRow=0&endRow=1');
      expect(one.rows).toHaveLength(1);
    });

    it('refuses more than 500 rows, or an empty range', async () => {
      const tooMany = await get(large, 'Homeowners?startRow=0&endRow=501', tokens.manager);
      expectErrorShape(tooMany, 400, 'GRD003');
      expect(tooMany.json.detail).toContain('at most 500 rows');
      expectErrorShape(await get(large, 'Homeowners?startRow=10&endRow=10', tokens.manager), 400, 'GRD003');
      expectErrorShape(await get(large, 'Homeowners?startRow=-1&endRow=10', tokens.manager), 400, 'VAL001');
    });

    it('pages through ties without losing or repeating a row (the row key ends every sort)', async () => {
      const seen: string[] = [];
      for (let start = 0; start < 1000; start += 250) {
        seen.push(...(await page(large, `Homeowners?startRow=${start}&endRow=${start + 250}&sort=registered:asc`)).rows.map((r) => String(r.accountNumber)));
      }
      expect(new Set(seen).size).toBe(1000);
    });
  });

  describe('sorting', () => {
    it('sorts by several columns, each way', async () => {
      const { rows } = await page(large, 'Homeowners?startRow=0&endRow=500&sort=balanceCents:desc,owner:asc');
      const expected = [...everyHomeowner]
        .sort((a, b) => b.balanceCents - a.balanceCents || (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0))
        .slice(0, 500);
      expect(rows.map((r) => [r.balanceCents, r.owner])).toEqual(expected.map((r) => [r.balanceCents, r.owner]));
      const ascending = await page(large, 'Homeowners?startRow=0&endRow=3&sort=accountNumber:desc');
      expectExactly(ascending.rows, everyHomeowner.slice(-3).reverse());
    });

    it('refuses an unknown column or direction, and changes nothing', async () => {
      const before = await databaseFingerprint(db());
      const unknown = await get(large, `Homeowners?sort=${encodeURIComponent('owner"; DROP TABLE accounts; --:asc')}`, tokens.manager);
      expectErrorShape(unknown, 400, 'GRD001');
      expect(unknown.json.detail).toContain('accountNumber, owner, address, email, balanceCents, daysPastDue, registered');
      expectErrorShape(await get(large, 'Homeowners?sort=owner:sideways', tokens.manager), 400, 'GRD002');
      expect(await databaseFingerprint(db())).toEqual(before);
    });
  });

  describe('filtering', () => {
    const matching = async (model: object) =>
      (await page(large, `Homeowners?startRow=0&endRow=500&sort=accountNumber:asc&${filterQuery(model)}`)) as unknown as { rows: HomeownerRow[]; lastRow: number };

    it('contains and equals on text, ignoring case; LIKE wildcards taken literally', async () => {
      const contains = await matching({ owner: { filterType: 'text', type: 'contains', filter: 'NGUY' } });
      const expected = everyHomeowner.filter((r) => r.owner.toLowerCase().includes('nguy'));
      expect(contains.lastRow).toBe(expected.length);
      expectExactly(contains.rows, expected.slice(0, 500));
      const equals = await matching({ accountNumber: { type: 'equals', filter: '700042' } });
      expect(equals.lastRow).toBe(1);
      expect(equals.rows[0].accountNumber).toBe('700042');
      expect((await matching({ owner: { type: 'contains', filter: '%' } })).lastRow).toBe(0);
    });

    it('equals, lessThan, greaterThan and inRange on numbers (cents), together', async () => {
      const cases: [object, (r: HomeownerRow) => boolean][] = [
        [{ balanceCents: { type: 'equals', filter: 32500 } }, (r) => r.balanceCents === 32500],
        [{ balanceCents: { type: 'greaterThan', filter: 20000 } }, (r) => r.balanceCents > 20000],
        [{ balanceCents: { type: 'lessThan', filter: 25000 } }, (r) => r.balanceCents < 25000],
        [{ daysPastDue: { type: 'inRange', filter: 60, filterTo: 70 } }, (r) => r.daysPastDue >= 60 && r.daysPastDue <= 70],
        [
          { daysPastDue: { type: 'greaterThan', filter: 0 }, owner: { type: 'contains', filter: 'ava' }, registered: { type: 'equals', filter: false } },
          (r) => r.daysPastDue > 0 && r.owner.toLowerCase().includes('ava') && !r.registered,
        ],
      ];
      for (const [model, predicate] of cases) {
        const expected = everyHomeowner.filter(predicate);
        expect(expected.length, JSON.stringify(model)).toBeGreaterThan(0);
        const answer = await matching(model);
        expect(answer.lastRow, JSON.stringify(model)).toBe(expected.length);
        expectExactly(answer.rows, expected.slice(0, 500));
      }
    });

    it('dates: equals, lessThan, greaterThan and inRange (collections, oldest unpaid charge)', async () => {
      const all = (await page(large, 'Collections?startRow=0&endRow=500&sort=oldestUnpaid:asc')).rows as { oldestUnpaid: string }[];
      const lastRow = (await page(large, 'Collections')).lastRow;
      expect(lastRow).toBe(1000);
      const day = all[250].oldestUnpaid;
      const count = async (model: object) => (await page(large, `Collections?${filterQuery(model)}`)).lastRow;
      const allRows = (await csvOf(large, 'Collections?format=csv&columns=oldestUnpaid')).slice(1).map((r) => r[0]);
      expect(await count({ oldestUnpaid: { type: 'equals', filter: day } })).toBe(allRows.filter((d) => d === day).length);
      expect(await count({ oldestUnpaid: { type: 'lessThan', filter: day } })).toBe(allRows.filter((d) => d < day).length);
      expect(await count({ oldestUnpaid: { type: 'greaterThan', filter: day } })).toBe(allRows.filter((d) => d > day).length);
      expect(await count({ oldestUnpaid: { type: 'inRange', filter: '2025-12-01', filterTo: day } })).toBe(allRows.filter((d) => d >= '2025-12-01' && d <= day).length);
    });

    it('refuses unknown columns, types that do not apply and bad values, and changes nothing', async () => {
      const before = await databaseFingerprint(db());
      const unknown = await get(large, `Homeowners?${filterQuery({ password_hash: { type: 'contains', filter: 'a' } })}`, tokens.manager);
      expectErrorShape(unknown, 400, 'GRD001');
      expect(unknown.json.detail).toBe('Unknown column "password_hash" in filter; the homeowners list has accountNumber, owner, address, email, balanceCents, daysPastDue, registered.');
      const notForText = await get(large, `Homeowners?${filterQuery({ owner: { type: 'lessThan', filter: 'b' } })}`, tokens.manager);
      expectErrorShape(notForText, 400, 'GRD002');
      expect(notForText.json.detail).toBe('Filter type "lessThan" does not apply to column "owner"; use contains, equals.');
      const notANumber = await get(large, `Homeowners?${filterQuery({ balanceCents: { type: 'equals', filter: '1; DROP TABLE accounts' } })}`, tokens.manager);
      expectErrorShape(notANumber, 400, 'GRD002');
      expect(notANumber.json.detail).toBe('The filter of column "balanceCents" must be a whole number of cents.');
      expectErrorShape(await get(large, `Homeowners?${filterQuery({ balanceCents: { type: 'inRange', filter: 1 } })}`, tokens.manager), 400, 'GRD002');
      expectErrorShape(await get(large, `Collections?${filterQuery({ oldestUnpaid: { type: 'equals', filter: '2026-02-30' } })}`, tokens.manager), 400, 'GRD002');
      expectErrorShape(await get(large, 'Homeowners?filter=%7Bnot%20json', tokens.manager), 400, 'GRD002');
      expectErrorShape(await get(large, `Homeowners?filter=${encodeURIComponent('[1]')}`, tokens.manager), 400, 'GRD002');
      expect(await databaseFingerprint(db())).toEqual(before);
    });
  });

  describe('CSV', () => {
    it('holds every matching row, sorted, with the visible columns in their order', async () => {
      const model = { balanceCents: { type: 'greaterThan', filter: 0 }, owner: { type: 'contains', filter: 'e' } };
      const records = await csvOf(large, `Homeowners?format=csv&columns=owner,balanceCents,accountNumber&sort=balanceCents:desc,accountNumber:asc&${filterQuery(model)}`);
      expect(records[0]).toEqual(['Owner', 'Balance', 'Account']);
      const expected = everyHomeowner
        .filter((r) => r.balanceCents > 0 && r.owner.toLowerCase().includes('e'))
        .sort((a, b) => b.balanceCents - a.balanceCents || (a.accountNumber < b.accountNumber ? -1 : 1));
      expect(expected.length).toBeGreaterThan(500);
      expect(records.slice(1)).toEqual(expected.map((r) => [r.owner, (r.balanceCents / 100).toFixed(2), r.accountNumber]));
    });

    it('refuses an unknown visible column', async () => {
      const res = await get(large, 'Homeowners?format=csv&columns=owner,ssn', tokens.manager);
      expectErrorShape(res, 400, 'GRD001');
      expect(res.json.detail).toContain('"ssn" in columns');
    });

    it('guards text a spreadsheet would run as a formula', async () => {
      await db().query(`UPDATE board_todos SET title = '=HYPERLINK("http://x")' WHERE title = 'Plan the community picnic'`);
      const records = await csvOf(maple, 'ToDos?format=csv&columns=title', tokens.board);
      expect(records.map((r) => r[0])).toContain(`'=HYPERLINK("http://x")`);
      await db().query(`UPDATE board_todos SET title = 'Plan the community picnic' WHERE title = '=HYPERLINK("http://x")'`);
    });
  });

  describe('homeowners and collections from the ledger (Maple Grove)', () => {
    it('balances, days past due from the oldest unpaid charge and the stage', async () => {
      // Other demo data may add accounts to Maple Grove: these are the seed's own.
      const ours = (r: { accountNumber?: unknown }) => ['100234', '100235', '100236', '100237', '100238'].includes(String(r.accountNumber));
      const homeowners = ((await page(maple, 'Homeowners', tokens.board)).rows as unknown as HomeownerRow[]).filter(ours);
      expect(homeowners.map((r) => r.accountNumber)).toEqual(['100234', '100235', '100236', '100237', '100238']);
      expect(homeowners[0]).toEqual({
        accountNumber: '100234',
        owner: 'Jordan Rivera',
        address: '412 Maple Grove Lane',
        email: 'homeowner@example.com',
        balanceCents: 24500,
        daysPastDue: 30,
        registered: true,
      });
      expect(homeowners[1]).toMatchObject({ accountNumber: '100235', balanceCents: 0, daysPastDue: 0 });
      const collections = await page(maple, 'Collections?sort=accountNumber:asc', tokens.chair);
      expect(collections.rows.filter(ours)).toEqual([
        { accountNumber: '100234', owner: 'Jordan Rivera', address: '412 Maple Grove Lane', balanceCents: 24500, daysPastDue: 30, stage: '30 days', oldestUnpaid: '2026-01-31' },
        { accountNumber: '100236', owner: '', address: '420 Maple Grove Lane', balanceCents: 12000, daysPastDue: 30, stage: '30 days', oldestUnpaid: '2026-01-31' },
        { accountNumber: '100237', owner: '', address: '424 Maple Grove Lane', balanceCents: 7500, daysPastDue: 15, stage: 'current', oldestUnpaid: '2026-02-15' },
      ]);
    });

    it('the other lists: violations, invoices, work orders, to-dos, inspections', async () => {
      const violations = await page(maple, 'Violations?sort=date:desc', tokens.board);
      // The seed's five and twenty at the other homes (server/demo/maple-grove-homes.ts).
      expect(violations.lastRow).toBe(25);
      expect(violations.rows[0]).toMatchObject({ address: '100 Elm Ridge Road', accountNumber: '101004', rule: 'Trash cans visible from the street', date: '2026-02-23', status: 'open' });
      expect(violations.rows.find((r) => r.address === '412 Maple Grove Lane')).toMatchObject({ rule: 'Trash cans visible from the street', date: '2026-02-09', status: 'open', fineCents: 0 });
      const awaiting = await page(maple, `Invoices?${filterQuery({ status: { type: 'equals', filter: 'awaiting' } })}&sort=amountCents:desc`, tokens.board);
      expect(awaiting.rows.map((r) => [r.vendor, r.amountCents])).toEqual([
        ['AquaClear Pools', 342550],
        ['GreenScape Landscaping', 185000],
        ['Brightline Electric', 48900],
      ]);
      expect((await page(maple, 'WorkOrders', tokens.board)).lastRow).toBe(8);
      expect((await page(maple, 'Inspections', tokens.board)).rows[0]).toMatchObject({ area: 'Pool', result: 'passed', inspectedOn: '2026-02-16' });
      expect((await page(cedar, 'Violations', tokens.manager))).toEqual({ rows: [], lastRow: 0 });
    });
  });

  describe('invoices', () => {
    const invoiceId = async (vendor: string) => Number((await db().query<{ id: number }>('SELECT id FROM board_invoices WHERE vendor = $1', [vendor])).rows[0].id);
    const decide = (association: number, id: number, token: string, body: unknown) => call(app, 'PUT', `${BASE}/${association}/Board/Invoices/${id}`, { token, body });

    it('is approved once, with who and when; a second decision is 409', async () => {
      const id = await invoiceId('GreenScape Landscaping');
      const res = await decide(maple, id, tokens.board, { decision: 'approved', comment: '  Matches the contract.  ' });
      expect(res.status, res.body).toBe(200);
      expect(res.json).toMatchObject({ id, status: 'approved', decidedBy: 'Taylor Brooks', decidedAt: NOW.toISOString(), comment: 'Matches the contract.' });
      const before = await databaseFingerprint(db());
      const again = await decide(maple, id, tokens.chair, { decision: 'declined', comment: 'No.' });
      expectErrorShape(again, 409, 'INV001');
      expect(again.json.detail).toBe('This invoice was already approved.');
      expect(await databaseFingerprint(db())).toEqual(before);
    });

    it('a decline needs a comment; a paid invoice cannot be decided; another association\'s is not found', async () => {
      const before = await databaseFingerprint(db());
      expectErrorShape(await decide(maple, await invoiceId('Brightline Electric'), tokens.board, { decision: 'declined', comment: '   ' }), 400, 'INV002');
      expectErrorShape(await decide(maple, await invoiceId('Metro Water Utility'), tokens.board, { decision: 'approved' }), 409, 'INV001');
      expectErrorShape(await decide(cedar, await invoiceId('Brightline Electric'), tokens.manager, { decision: 'approved' }), 404, 'INV404');
      expectErrorShape(await decide(maple, 999999, tokens.board, { decision: 'approved' }), 404, 'INV404');
      expectErrorShape(await decide(maple, await invoiceId('Brightline Electric'), tokens.board, { decision: 'maybe' }), 400, 'VAL001');
      expect(await databaseFingerprint(db())).toEqual(before);
    });

    it('of two decisions at once, exactly one is stored', async () => {
      const id = await invoiceId('AquaClear Pools');
      const answers = await Promise.all([
        decide(maple, id, tokens.board, { decision: 'approved' }),
        decide(maple, id, tokens.chair, { decision: 'declined', comment: 'Get a second quote.' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.json;
      const { rows } = await db().query<{ status: string; comment: string | null }>('SELECT status, comment FROM board_invoices WHERE id = $1', [id]);
      expect(rows[0]).toEqual({ status: winner.status, comment: winner.comment });
    });
  });

  describe('to-do list', () => {
    const todoId = async (title: string) => Number((await db().query<{ id: number }>('SELECT id FROM board_todos WHERE title = $1', [title])).rows[0].id);
    const update = (association: number, id: number, token: string, body: unknown) => call(app, 'PATCH', `${BASE}/${association}/Board/ToDos/${id}`, { token, body });

    it('checks an item off (keeping the first check-off) and unchecks it', async () => {
      const id = await todoId('Review the pool contract renewal');
      const done = await update(maple, id, tokens.chair, { done: true });
      expect(done.status, done.body).toBe(200);
      expect(done.json).toMatchObject({ id, done: true, doneBy: 'Casey Morgan', doneAt: NOW.toISOString() });
      const again = await update(maple, id, tokens.board, { done: true });
      expect(again.json).toMatchObject({ done: true, doneBy: 'Casey Morgan' });
      const undone = await update(maple, id, tokens.board, { done: false });
      expect(undone.json).toMatchObject({ id, done: false, doneBy: null, doneAt: null });
      const list = await page(maple, `ToDos?${filterQuery({ done: { type: 'equals', filter: true } })}`, tokens.board);
      expect(list.rows.map((r) => r.title)).toEqual(['Sign the reserve study engagement letter']);
    });

    it('an item of another association, or none, is not found', async () => {
      const before = await databaseFingerprint(db());
      expectErrorShape(await update(cedar, await todoId('Send the annual meeting notice'), tokens.manager, { done: true }), 404, 'TODO404');
      expectErrorShape(await update(maple, 999999, tokens.board, { done: true }), 404, 'TODO404');
      expect(await databaseFingerprint(db())).toEqual(before);
    });
  });

  describe('reports', () => {
    it('delinquency: the accounts 30 days or more past due, with totals', async () => {
      const res = await get(maple, 'Reports?report=delinquency&sort=accountNumber:asc', tokens.board);
      expect(res.status, res.body).toBe(200);
      expect(res.json).toMatchObject({ report: 'delinquency', asOf: '2026-03-02' });
      const rows = res.json.rows as { accountNumber: string; balanceCents: number; daysPastDue: number }[];
      expect(rows.map((r) => r.accountNumber)).toEqual(expect.arrayContaining(['100234', '100236']));
      expect(rows.map((r) => r.accountNumber)).not.toContain('100237');
      for (const r of rows) expect(r.daysPastDue).toBeGreaterThanOrEqual(30);
      expect(res.json.lastRow).toBe(rows.length);
      expect(res.json.totals).toEqual({ balanceCents: rows.reduce((sum, r) => sum + r.balanceCents, 0) });
      expect(res.json.columns[0]).toEqual({ field: 'accountNumber', title: 'Account', kind: 'text' });
    });

    it('aging: unpaid charges by age adding up to the balance, as JSON and CSV', async () => {
      const res = await get(maple, 'Reports?report=aging&sort=accountNumber:asc', tokens.manager);
      expect(res.status, res.body).toBe(200);
      expect(res.json.rows[0]).toEqual({ accountNumber: '100234', owner: 'Jordan Rivera', currentCents: 4500, days30Cents: 20000, days60Cents: 0, days90Cents: 0, totalCents: 24500 });
      const sum = (field: string) => res.json.rows.reduce((total: number, r: Record<string, number>) => total + r[field], 0);
      expect(res.json.totals).toEqual(Object.fromEntries(['currentCents', 'days30Cents', 'days60Cents', 'days90Cents', 'totalCents'].map((f) => [f, sum(f)])));
      const large90 = await get(large, 'Reports?report=aging&startRow=0&endRow=500', tokens.manager);
      for (const r of large90.json.rows) expect(r.currentCents + r.days30Cents + r.days60Cents + r.days90Cents).toBe(r.totalCents);
      const records = await csvOf(maple, 'Reports?report=aging&format=csv&sort=accountNumber:asc');
      expect(records[0]).toEqual(['Account', 'Owner', 'Current (0-29 days)', '30-59 days', '60-89 days', '90+ days', 'Total']);
      expect(records[1]).toEqual(['100234', 'Jordan Rivera', '45.00', '200.00', '0.00', '0.00', '245.00']);
      expectErrorShape(await get(maple, 'Reports?report=budget', tokens.manager), 400, 'VAL001');
    });
  });

  describe('bank accounts', () => {
    it('shows only the last four digits, in every list, report and CSV', async () => {
      const accounts = await page(maple, 'BankAccounts', tokens.board);
      expect(accounts.rows).toEqual([
        { id: expect.any(Number), name: 'Operating', bankName: 'Peachtree Community Bank', kind: 'operating', last4: '4821', balanceCents: 8462315 },
        { id: expect.any(Number), name: 'Reserve fund', bankName: 'Peachtree Community Bank', kind: 'reserve', last4: '9034', balanceCents: 31250000 },
      ]);
      const bodies: string[] = [];
      for (const list of ['Homeowners', 'Collections', 'Violations', 'Invoices', 'WorkOrders', 'ToDos', 'Inspections', 'BankAccounts', 'Reports?report=delinquency', 'Reports?report=aging']) {
        const joiner = list.includes('?') ? '&' : '?';
        bodies.push((await get(maple, list, tokens.board)).body, (await get(maple, `${list}${joiner}format=csv`, tokens.board)).body);
        bodies.push((await get(maple, `${list}${joiner}${filterQuery({ id: { type: 'equals', filter: 1 } })}`, tokens.board)).body);
      }
      for (const body of bodies) for (const number of DEMO_BANK_ACCOUNT_NUMBERS) expect(body).not.toContain(number);
    });
  });

  describe('who may read', () => {
    it('only the association\'s board and staff; homeowners, other boards and anonymous callers are refused with nothing changed', async () => {
      const before = await databaseFingerprint(db());
      const todo = Number((await db().query<{ id: number }>(`SELECT id FROM board_todos WHERE title = 'Send the annual meeting notice'`)).rows[0].id);
      const invoice = Number((await db().query<{ id: number }>(`SELECT id FROM board_invoices WHERE vendor = 'Brightline Electric'`)).rows[0].id);
      for (const token of [tokens.home, tokens.cedarBoard]) {
        for (const list of ['Homeowners', 'Collections', 'BankAccounts', 'Invoices', 'Reports?report=aging', 'BankAccounts?format=csv']) {
          expectErrorShape(await get(maple, list, token), 404, 'GP001');
        }
        expectErrorShape(await call(app, 'PUT', `${BASE}/${maple}/Board/Invoices/${invoice}`, { token, body: { decision: 'approved' } }), 404, 'GP001');
        expectErrorShape(await call(app, 'PATCH', `${BASE}/${maple}/Board/ToDos/${todo}`, { token, body: { done: true } }), 404, 'GP001');
      }
      // The Maple Grove board is not Cedar Point's.
      expectErrorShape(await get(cedar, 'Homeowners', tokens.board), 404, 'GP001');
      expectErrorShape(await call(app, 'GET', `${BASE}/${maple}/Board/Homeowners`), 401, 'AUTH002');
      expect(await databaseFingerprint(db())).toEqual(before);
      // Cedar Point's board reads its own association.
      expect((await page(cedar, 'Homeowners', tokens.cedarBoard)).rows.map((r) => r.accountNumber)).toEqual(expect.arrayContaining(['200411', '200413']));
    });
  });
});
