// The console home's charts (openapi/management.yaml, getAssociationAging and
// getCompanyMonthlyFigures): two companies of their own with known ledgers and sign-ups give exact
// bucket and monthly figures; each company's staff see their own company alone; residents, board
// members and anyone signed out are refused; bad input is refused with nothing changed. PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, expectErrorShape, signIn, testApp, testPasswords, useTestDatabase } from './helpers.ts';
import { databaseFingerprint } from './authz-helpers.ts';
import { addDays } from '../../server/payments/billing.ts';

const BASE = '/api/management';
// 10 a.m. in New York on Monday 2 March 2026: the business day the ages count to.
const NOW = new Date('2026-03-02T15:00:00Z');
const TODAY = '2026-03-02';
const MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];

type Buckets = { days0to30Cents: number; days31to60Cents: number; days61to90Cents: number; over90Cents: number; totalCents: number };
const buckets = (days0to30Cents: number, days31to60Cents: number, days61to90Cents: number, over90Cents: number): Buckets => ({
  days0to30Cents, days31to60Cents, days61to90Cents, over90Cents, totalCents: days0to30Cents + days31to60Cents + days61to90Cents + over90Cents,
});
/** The 12 months with the given figures, every other month nothing. */
const months = (collected: Record<string, number>, signUps: Record<string, number>) =>
  MONTHS.map((month) => ({ month, collectedCents: collected[month] ?? 0, signUps: signUps[month] ?? 0 }));

describe.each(BACKENDS)('console home charts on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const db = () => database.current.db;
  const get = (who: string, url: string) => call(app, 'GET', `${BASE}${url}`, { token: tokens[who] });
  const ok = async (who: string, url: string) => {
    const res = await get(who, url);
    expect(res.status, res.body).toBe(200);
    return res.json;
  };
  const id = async (sql: string, params: unknown[] = []) => Number((await db().query<{ id: number }>(sql, params)).rows[0].id);

  /** A company with an admin (and a staff member when `staff` is given), signing them in. */
  async function company(code: string, admin: string, staff?: string): Promise<number> {
    const companyId = await id(`INSERT INTO management_companies (code, name) VALUES ($1, $1) RETURNING id`, [code]);
    for (const [who, role] of [[admin, 'admin'], [staff, 'staff']] as const) {
      if (!who) continue;
      const email = `${who.toLowerCase()}@charts.example`;
      const userId = await id(
        `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, 'Chart') RETURNING id`,
        [companyId, email, await testPasswords.hash('Charts#2026'), who],
      );
      await db().query(`INSERT INTO management_staff (user_id, role) VALUES ($1, $2)`, [userId, role]);
    }
    return companyId;
  }
  const association = (companyId: number, code: string, name: string) =>
    id(`INSERT INTO associations (management_company_id, code, name, provider_account) VALUES ($1, $2, $3, $4) RETURNING id`, [companyId, code, name, `acct_${code}`]);

  /** A home with one sub-ledger; `registeredAt`: its owner registered then (an owner of its own, else none). */
  async function home(associationId: number, companyId: number, accountNumber: string, registeredAt?: string): Promise<number> {
    const owner = registeredAt
      ? await id(`INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES ($1, $2, 'x', 'Owner', $3) RETURNING id`, [
          companyId, `owner.${accountNumber}@charts.example`, accountNumber,
        ])
      : null;
    const accountId = await id(
      `INSERT INTO accounts (association_id, account_number, owner_user_id, address1, city, state_province, postal_code, registered_at)
       VALUES ($1, $2, $3, '1 Chart Way', 'Denver', 'CO', '80202', $4) RETURNING id`,
      [associationId, accountNumber, owner, registeredAt ?? null],
    );
    return id(`INSERT INTO sub_ledgers (account_id, name) VALUES ($1, 'Assessments') RETURNING id`, [accountId]);
  }
  /** An entry of `kind` (charges positive, payments negative) dated `date`, or so many days before today. */
  const entry = (subLedger: number, kindOf: string, cents: number, when: string | number) =>
    db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date) VALUES ($1, $2, $3, 'chart fixture', $4::date)`, [
      subLedger, kindOf, cents, typeof when === 'number' ? addDays(TODAY, -when) : when,
    ]);

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    const quarry = await company('quarrycharts', 'QuarryAdmin', 'QuarryStaff');
    const harbor = await company('harborcharts', 'HarborAdmin');
    const aspen = await association(quarry, 'aspencourt', 'Aspen Court');
    const birch = await association(quarry, 'birchcourt', 'Birch Court');
    await association(quarry, 'cedarcourt', 'Cedar Court');
    const harborPoint = await association(harbor, 'harborpoint', 'Harbor Point');

    // Aspen Court, 610001: charges 121, 60 and 29 days old; a payment pays the oldest and part of
    // the next, leaving 150.00 of 60 days and 300.00 of 29 days.
    const a1 = await home(aspen, quarry, '610001', '2026-02-15T12:00:00Z');
    await entry(a1, 'charge', 10000, '2025-11-01');
    await entry(a1, 'charge', 20000, '2026-01-01');
    await entry(a1, 'charge', 30000, '2026-02-01');
    await entry(a1, 'payment', -15000, '2026-02-10');
    // 610002: 50.00 of 91 days, 70.00 of 61 days. Registered at 10 p.m. on 28 February in New York.
    const a2 = await home(aspen, quarry, '610002', '2026-03-01T03:00:00Z');
    await entry(a2, 'charge', 5000, 91);
    await entry(a2, 'charge', 7000, 61);
    // 610003: owes only a charge of today: not past due.
    const a3 = await home(aspen, quarry, '610003', '2025-04-01T05:00:00Z');
    await entry(a3, 'charge', 9999, 0);
    // 610004: in credit; its payments count as collections (one before the 12 months, one returned).
    const a4 = await home(aspen, quarry, '610004', '2025-03-31T12:00:00Z');
    await entry(a4, 'payment', -99999, '2025-03-31');
    await entry(a4, 'payment', -10000, '2025-04-15');
    await entry(a4, 'credit', -500, '2026-02-20');
    await entry(a4, 'payment', -2500, '2026-03-01');
    await entry(a4, 'payment_return', 1000, '2026-03-01');
    // Birch Court, 610005 (nobody registered): one charge at each edge of the buckets, and one of today.
    const b1 = await home(birch, quarry, '610005');
    for (const [age, cents] of [[30, 1000], [31, 2000], [60, 3000], [61, 4000], [90, 5000], [91, 6000], [0, 700]]) await entry(b1, 'charge', cents, age);
    // Harbor Point, another company's: 888.00 of 45 days, a payment and a sign-up of its own.
    const h1 = await home(harborPoint, harbor, '610010', '2026-01-10T12:00:00Z');
    await entry(h1, 'charge', 88800, 45);
    await entry(h1, 'charge', 7777, '2025-12-01');
    await entry(h1, 'payment', -7777, '2026-02-05');

    for (const who of ['QuarryAdmin', 'QuarryStaff', 'HarborAdmin']) tokens[who] = (await signIn(app, { email: `${who.toLowerCase()}@charts.example`, password: 'Charts#2026' })).token;
    for (const who of ['manager', 'homeowner', 'board'] as const) tokens[who] = (await signIn(app, DEMO[who])).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const ASPEN = { code: 'aspencourt', name: 'Aspen Court', ...buckets(30000, 15000, 7000, 5000) };
  const BIRCH = { code: 'birchcourt', name: 'Birch Court', ...buckets(1700, 5000, 9000, 6000) };

  it('splits each association\'s past-due balance by age, the most owed first, and totals them', async () => {
    const aging = await ok('QuarryAdmin', '/Charts/Aging');
    expect(aging).toEqual({
      asOf: TODAY,
      associations: [expect.objectContaining(ASPEN), expect.objectContaining(BIRCH)],
      pastDueAssociations: 2,
      totals: buckets(31700, 20000, 16000, 11000),
    });
    // The buckets add up to the associations list's balance past due.
    const list = (await ok('QuarryAdmin', '/Associations')).rows as { code: string; pastDueCents: number }[];
    expect(Object.fromEntries(list.map((r) => [r.code, r.pastDueCents]))).toEqual({ aspencourt: 57000, birchcourt: 21700, cedarcourt: 0 });
    // Staff read the same as their admin.
    expect(await ok('QuarryStaff', '/Charts/Aging')).toEqual(aging);
  });

  it('limits the associations answered but not the totals, and searches by name or code', async () => {
    const first = await ok('QuarryAdmin', '/Charts/Aging?limit=1');
    expect(first.associations).toEqual([expect.objectContaining(ASPEN)]);
    expect(first.pastDueAssociations).toBe(2);
    expect(first.totals.totalCents).toBe(78700);
    const birch = await ok('QuarryAdmin', '/Charts/Aging?search=BIRCH');
    expect(birch).toEqual({ asOf: TODAY, associations: [expect.objectContaining(BIRCH)], pastDueAssociations: 1, totals: buckets(1700, 5000, 9000, 6000) });
    expect(await ok('QuarryAdmin', '/Charts/Aging?search=cedar')).toEqual({ asOf: TODAY, associations: [], pastDueAssociations: 0, totals: buckets(0, 0, 0, 0) });
  });

  it('counts collections and sign-ups by month over the last 12 months', async () => {
    expect(await ok('QuarryAdmin', '/Charts/Months')).toEqual({
      months: months({ '2025-04': 10000, '2026-02': 15000, '2026-03': 1500 }, { '2025-04': 1, '2026-02': 2 }),
    });
    expect(await ok('QuarryStaff', '/Charts/Months')).toEqual(await ok('QuarryAdmin', '/Charts/Months'));
  });

  it("answers each company its own figures and never another company's", async () => {
    expect(await ok('HarborAdmin', '/Charts/Aging')).toEqual({
      asOf: TODAY,
      associations: [{ id: expect.any(Number), code: 'harborpoint', name: 'Harbor Point', ...buckets(0, 88800, 0, 0) }],
      pastDueAssociations: 1,
      totals: buckets(0, 88800, 0, 0),
    });
    expect((await ok('HarborAdmin', '/Charts/Aging?search=aspen')).associations).toEqual([]);
    expect(await ok('HarborAdmin', '/Charts/Months')).toEqual({ months: months({ '2026-02': 7777 }, { '2026-01': 1 }) });
    // Summit's console (the demo) sees none of the fixtures' associations.
    const summit = await ok('manager', '/Charts/Aging?limit=50');
    expect(summit.associations.map((a: { code: string }) => a.code)).not.toEqual(expect.arrayContaining(['aspencourt']));
    for (const a of summit.associations) expect(['cedarpoint', 'demoville', 'maplegrove']).toContain(a.code);
  });

  it('refuses residents and board members (403 AUTH003), and anyone not signed in (401)', async () => {
    for (const url of ['/Charts/Aging', '/Charts/Months']) {
      for (const who of ['homeowner', 'board']) expectErrorShape(await get(who, url), 403, 'AUTH003');
      expectErrorShape(await call(app, 'GET', `${BASE}${url}`), 401, 'AUTH002');
    }
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await databaseFingerprint(db());
    for (const query of ['?limit=0', '?limit=51', '?limit=ten', `?search=${'x'.repeat(101)}`]) {
      const res = await get('QuarryAdmin', `/Charts/Aging${query}`);
      expectErrorShape(res, 400, 'VAL001');
      expect(res.json.detail, query).toMatch(/limit|search/);
    }
    expect(await databaseFingerprint(db())).toEqual(before);
  });
});
