// Each account's standing (account_standing, migration 200) follows its ledger as entries are
// written: charges, payments paying the oldest charges first, a returned payment, a credit, a
// reversal, entries in several sub-ledgers, a bulk insert, two transactions at once; the owner's
// name, e-mail and registration follow accounts and users. The grids reading it answer the balance
// and days past due the ledger CTE they used to run works out (tests/server/standing-oracle.ts), over
// the demo data and over a random ledger, and the aging report its buckets; a page of one
// association never holds another's accounts, whatever the sort or filter. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BACKENDS, DEMO, call, createTestClock, signIn, testApp, useTestDatabase } from './helpers.ts';
import { associationId } from './billing-helpers.ts';
import { oracleAging, oracleStanding, type OracleStanding } from './standing-oracle.ts';

const BASE = '/api/associations/associations';
const NOW = new Date('2026-03-02T15:00:00Z');
const TODAY = '2026-03-02';

type Row = Record<string, unknown>;

/** A small deterministic random number generator (mulberry32), so a failure can be run again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const daysBefore = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('account standing on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = createTestClock(NOW);
  let app: FastifyInstance;
  let maple: number;
  let cedar: number;
  let token: string;
  let nextNumber = 930_001;
  const db = () => database.current.db;

  beforeAll(async () => {
    app = await testApp(db(), { clock: clock.now });
    maple = await associationId(db(), 'maplegrove');
    cedar = await associationId(db(), 'cedarpoint');
    token = (await signIn(app, DEMO.manager)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = async (association: number, path: string) => {
    const res = await call(app, 'GET', `${BASE}/${association}/Board/${path}`, { token });
    expect(res.status, res.body).toBe(200);
    return res.json as { rows: Row[]; lastRow: number };
  };
  /** Every row of a grid, 500 at a time. */
  const everyRow = async (association: number, path: string) => {
    const rows: Row[] = [];
    for (let start = 0; ; start += 500) {
      const got = await page(association, `${path}${path.includes('?') ? '&' : '?'}startRow=${start}&endRow=${start + 500}`);
      rows.push(...got.rows);
      if (rows.length >= got.lastRow) return rows;
    }
  };
  const homeowner = async (association: number, accountNumber: string) => {
    const filter = encodeURIComponent(JSON.stringify({ accountNumber: { type: 'equals', filter: accountNumber } }));
    const { rows } = await page(association, `Homeowners?filter=${filter}`);
    expect(rows).toHaveLength(1);
    return rows[0];
  };

  /** A new account of the association with two sub-ledgers and no entries. */
  const newAccount = async (association: number, owner = 'Test Owner') => {
    const accountNumber = String(nextNumber++);
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO accounts (association_id, account_number, owner_name, address1, city, state_province, postal_code)
       VALUES ($1, $2, $3, '1 Test Lane', 'Atlanta', 'GA', '30301') RETURNING id`,
      [association, accountNumber, owner],
    );
    const id = Number(rows[0].id);
    const ledgers = await db().query<{ id: number }>(
      `INSERT INTO sub_ledgers (account_id, name, position) VALUES ($1, 'Assessments', 0), ($1, 'Utilities', 1) RETURNING id`,
      [id],
    );
    return { id, accountNumber, assessments: Number(ledgers.rows[0].id), utilities: Number(ledgers.rows[1].id) };
  };
  const post = (subLedger: number, kindOfEntry: string, cents: number, date: string) =>
    db().query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date) VALUES ($1, $2, $3, 'test', $4)`, [
      subLedger, kindOfEntry, cents, date,
    ]);
  const kept = async (accountId: number) => {
    const { rows } = await db().query<{ balance_cents: string | number; oldest_unpaid: string | null }>(
      `SELECT balance_cents, to_char(oldest_unpaid, 'YYYY-MM-DD') AS oldest_unpaid FROM account_standing WHERE account_id = $1`,
      [accountId],
    );
    return { balanceCents: Number(rows[0].balance_cents), oldestUnpaid: rows[0].oldest_unpaid };
  };
  /** The kept standing of every account of the association, as the oracle answers it. */
  const keptStanding = async (association: number) => {
    const { rows } = await db().query<{ account_number: string; balance_cents: string | number; days: number; oldest_unpaid: string | null }>(
      `SELECT account_number, balance_cents, COALESCE($2::date - oldest_unpaid, 0) AS days, to_char(oldest_unpaid, 'YYYY-MM-DD') AS oldest_unpaid
         FROM account_standing WHERE association_id = $1`,
      [association, TODAY],
    );
    return new Map<string, OracleStanding>(
      rows.map((r) => [r.account_number, { accountNumber: r.account_number, balanceCents: Number(r.balance_cents), daysPastDue: Number(r.days), oldestUnpaid: r.oldest_unpaid }]),
    );
  };
  /** The homeowners grid, the collections grid and the aging report of the association all agree with the oracle. */
  const expectGridsAsTheOracle = async (association: number) => {
    const oracle = await oracleStanding(db(), association, TODAY);
    expect(await keptStanding(association)).toEqual(oracle);
    const homeowners = await everyRow(association, 'Homeowners?sort=accountNumber:asc');
    expect(homeowners.map((r) => [r.accountNumber, r.balanceCents, r.daysPastDue])).toEqual(
      [...oracle.values()].sort((a, b) => a.accountNumber.localeCompare(b.accountNumber)).map((o) => [o.accountNumber, o.balanceCents, o.daysPastDue]),
    );
    const owing = [...oracle.values()].filter((o) => o.balanceCents > 0).sort((a, b) => a.accountNumber.localeCompare(b.accountNumber));
    const collections = await everyRow(association, 'Collections?sort=accountNumber:asc');
    expect(collections.map((r) => [r.accountNumber, r.balanceCents, r.daysPastDue, r.oldestUnpaid])).toEqual(owing.map((o) => [o.accountNumber, o.balanceCents, o.daysPastDue, o.oldestUnpaid]));
    const aging = await everyRow(association, 'Reports?report=aging&sort=accountNumber:asc');
    const agingOracle = await oracleAging(db(), association, TODAY);
    expect(aging.map((r) => [r.accountNumber, r.currentCents, r.days30Cents, r.days60Cents, r.days90Cents, r.totalCents])).toEqual(
      [...agingOracle.values()].sort((a, b) => a.accountNumber.localeCompare(b.accountNumber))
        .map((o) => [o.accountNumber, o.currentCents, o.days30Cents, o.days60Cents, o.days90Cents, o.totalCents]),
    );
    return oracle;
  };

  it('an account without a ledger, or with sub-ledgers but no entries, owes nothing and is 0 days past due', async () => {
    const { rows } = await db().query<{ id: number }>(
      `INSERT INTO accounts (association_id, account_number, owner_name, address1, city, state_province, postal_code)
       VALUES ($1, $2, 'No Ledger', '2 Test Lane', 'Atlanta', 'GA', '30301') RETURNING id`,
      [maple, String(nextNumber++)],
    );
    expect(await kept(Number(rows[0].id))).toEqual({ balanceCents: 0, oldestUnpaid: null });
    const bare = await newAccount(maple);
    const row = await homeowner(maple, bare.accountNumber);
    expect([row.balanceCents, row.daysPastDue]).toEqual([0, 0]);
  });

  it('follows charges, payments paying the oldest first, a returned payment, a credit and a reversal', async () => {
    const a = await newAccount(maple);
    const expectStanding = async (balanceCents: number, oldestUnpaid: string | null) => {
      expect(await kept(a.id)).toEqual({ balanceCents, oldestUnpaid });
      const row = await homeowner(maple, a.accountNumber);
      const days = oldestUnpaid === null ? 0 : (Date.parse(TODAY) - Date.parse(oldestUnpaid)) / 86_400_000;
      expect([row.balanceCents, row.daysPastDue]).toEqual([balanceCents, days]);
      expect((await oracleStanding(db(), maple, TODAY)).get(a.accountNumber)).toEqual({ accountNumber: a.accountNumber, balanceCents, daysPastDue: days, oldestUnpaid });
    };
    await post(a.assessments, 'charge', 20000, daysBefore(90));
    await expectStanding(20000, daysBefore(90));
    await post(a.assessments, 'charge', 20000, daysBefore(60));
    await expectStanding(40000, daysBefore(90));
    // A payment pays the oldest charge first: what is unpaid is the newer one.
    await post(a.assessments, 'payment', -20000, daysBefore(50));
    await expectStanding(20000, daysBefore(60));
    // A part payment leaves the rest of the same charge unpaid.
    await post(a.assessments, 'payment', -5000, daysBefore(40));
    await expectStanding(15000, daysBefore(60));
    // The payment comes back: the returned payment is owed from its own date, like a charge, and
    // what the first payment had paid is owed again, so the second charge is unpaid once more.
    await post(a.assessments, 'payment_return', 20000, daysBefore(30));
    await expectStanding(35000, daysBefore(60));
    // A credit pays the oldest first too, whichever sub-ledger it is in: the rest of the second
    // charge, then part of the returned payment.
    await post(a.utilities, 'credit', -18000, daysBefore(20));
    await expectStanding(17000, daysBefore(30));
    // A charge in the other sub-ledger is part of the same account.
    await post(a.utilities, 'fee', 3000, daysBefore(10));
    await expectStanding(20000, daysBefore(30));
    // Reversing the fee (a negative adjustment) pays the oldest charge, not the fee: the returned
    // payment is still the oldest unpaid.
    await post(a.utilities, 'adjustment', -3000, daysBefore(5));
    await expectStanding(17000, daysBefore(30));
    await post(a.assessments, 'payment', -14000, daysBefore(4));
    await expectStanding(3000, daysBefore(10));
    // Paid in full, and more: nothing owed, a credit balance.
    await post(a.assessments, 'payment', -6000, daysBefore(1));
    await expectStanding(-3000, null);
    // A new charge eats the credit first.
    await post(a.assessments, 'charge', 5000, TODAY);
    await expectStanding(2000, TODAY);
  });

  it('works out each account of a bulk insert once, from its own entries', async () => {
    const accounts = [await newAccount(cedar), await newAccount(cedar), await newAccount(cedar)];
    await db().query(
      `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date)
       SELECT l, k, c, 'bulk', d::date FROM unnest($1::int[], $2::text[], $3::bigint[], $4::text[]) AS e(l, k, c, d)`,
      [
        [accounts[0].assessments, accounts[0].utilities, accounts[1].assessments, accounts[1].assessments, accounts[2].utilities],
        ['charge', 'charge', 'charge', 'payment', 'credit'],
        [10000, 2500, 7000, -7000, -1000],
        [daysBefore(45), daysBefore(15), daysBefore(70), daysBefore(65), daysBefore(3)],
      ],
    );
    expect(await kept(accounts[0].id)).toEqual({ balanceCents: 12500, oldestUnpaid: daysBefore(45) });
    expect(await kept(accounts[1].id)).toEqual({ balanceCents: 0, oldestUnpaid: null });
    expect(await kept(accounts[2].id)).toEqual({ balanceCents: -1000, oldestUnpaid: null });
  });

  it('shows the owner of record, then the registered owner, with their new name and e-mail', async () => {
    const a = await newAccount(maple, 'Record Owner');
    expect(await homeowner(maple, a.accountNumber)).toMatchObject({ owner: 'Record Owner', email: null, registered: false });
    const user = await db().query<{ id: number }>(
      `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name)
       SELECT management_company_id, 'standing.owner@example.com', '!', 'Rita', 'Reyes' FROM associations WHERE id = $1 RETURNING id`,
      [maple],
    );
    await db().query('UPDATE accounts SET owner_user_id = $1, registered_at = now() WHERE id = $2', [user.rows[0].id, a.id]);
    expect(await homeowner(maple, a.accountNumber)).toMatchObject({ owner: 'Rita Reyes', email: 'standing.owner@example.com', registered: true });
    await db().query(`UPDATE users SET last_name = 'Reyes-Park', email = 'rita.rp@example.com' WHERE id = $1`, [user.rows[0].id]);
    expect(await homeowner(maple, a.accountNumber)).toMatchObject({ owner: 'Rita Reyes-Park', email: 'rita.rp@example.com', registered: true });
    await db().query(`UPDATE accounts SET address2 = 'Unit 4' WHERE id = $1`, [a.id]);
    expect(await homeowner(maple, a.accountNumber)).toMatchObject({ address: '1 Test Lane, Unit 4' });
  });

  it('agrees with the ledger CTE over the demo data, in every association', async () => {
    // Every association the manager's company manages (another company's are refused to them).
    const { rows } = await db().query<{ id: number }>(
      `SELECT a.id FROM associations a JOIN users u ON u.management_company_id = a.management_company_id WHERE u.email = $1 ORDER BY a.id`,
      [DEMO.manager.email],
    );
    expect(rows.length).toBeGreaterThan(1);
    let owing = 0;
    for (const { id } of rows) {
      const oracle = await expectGridsAsTheOracle(Number(id));
      owing += [...oracle.values()].filter((o) => o.balanceCents > 0).length;
    }
    // The demo has accounts in every collection stage: the comparison covers owing accounts.
    expect(owing).toBeGreaterThanOrEqual(5);
  });

  it('agrees with the ledger CTE over a random ledger, written in single and bulk statements', async () => {
    const next = random(20260302);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    const accounts = [];
    for (let i = 0; i < 40; i++) accounts.push(await newAccount(cedar));
    const KINDS = [['charge', 1], ['late_fee', 1], ['fee', 1], ['payment_return', 1], ['payment', -1], ['credit', -1], ['adjustment', -1], ['adjustment', 1], ['write_off', -1]] as const;
    const bulk: [number, string, number, string][] = [];
    for (let i = 0; i < 400; i++) {
      const a = pick(accounts);
      const [entryKind, sign] = pick(KINDS);
      // Charges mostly, and many on the same day, so ties of date are ordered by the entry's id.
      const entry: [number, string, number, string] = [
        next() < 0.7 ? a.assessments : a.utilities,
        next() < 0.5 ? 'charge' : entryKind,
        0,
        daysBefore(Math.floor(next() * 40) * 5),
      ];
      entry[2] = (entry[1] === 'charge' ? 1 : sign) * (500 + Math.floor(next() * 40) * 500);
      if (next() < 0.5) await post(...entry);
      else bulk.push(entry);
      if (bulk.length === 25) {
        await db().query(
          `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date)
           SELECT l, k, c, 'random', d::date FROM unnest($1::int[], $2::text[], $3::bigint[], $4::text[]) AS e(l, k, c, d)`,
          [bulk.map((e) => e[0]), bulk.map((e) => e[1]), bulk.map((e) => e[2]), bulk.map((e) => e[3])],
        );
        bulk.length = 0;
      }
    }
    const oracle = await expectGridsAsTheOracle(cedar);
    const ours = accounts.map((a) => oracle.get(a.accountNumber)!);
    // The random ledger has owing accounts, accounts in credit and accounts at zero.
    expect(ours.some((o) => o.balanceCents > 0 && o.daysPastDue > 30)).toBe(true);
    expect(ours.some((o) => o.balanceCents < 0)).toBe(true);
  });

  // PostgreSQL only: PGlite is one connection, on which the second transaction would wait for the
  // first to end (server/db/index.ts), so the two could never be open at once.
  it.runIf(kind === 'postgres')('two transactions writing to one account at once both count', async () => {
    const a = await newAccount(cedar);
    await post(a.assessments, 'charge', 10000, daysBefore(80));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    const first = db().transaction(async (tx) => {
      await tx.query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date) VALUES ($1, 'payment', -10000, 'first', $2)`, [a.assessments, daysBefore(10)]);
      firstWrote();
      await gate;
    });
    await wrote;
    // The second writes to the other sub-ledger; it waits for the first to commit.
    const second = db().transaction(async (tx) => {
      await tx.query(`INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date) VALUES ($1, 'charge', 4000, 'second', $2)`, [a.utilities, daysBefore(20)]);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(await kept(a.id)).toEqual({ balanceCents: 4000, oldestUnpaid: daysBefore(20) });
    expect((await oracleStanding(db(), cedar, TODAY)).get(a.accountNumber)).toMatchObject({ balanceCents: 4000, oldestUnpaid: daysBefore(20) });
  });

  it("a page of one association never holds another's accounts, whatever the sort or filter", async () => {
    const numbersOf = async (association: number) =>
      new Set((await db().query<{ account_number: string }>('SELECT account_number FROM accounts WHERE association_id = $1', [association])).rows.map((r) => r.account_number));
    const mapleNumbers = await numbersOf(maple);
    const cedarNumbers = await numbersOf(cedar);
    expect(cedarNumbers.size).toBeGreaterThan(0);
    const SORTS = ['accountNumber', 'owner', 'address', 'email', 'balanceCents', 'daysPastDue', 'registered'];
    const FILTERS = [
      {},
      { balanceCents: { type: 'greaterThan', filter: -1_000_000 } },
      { daysPastDue: { type: 'greaterThan', filter: -1 } },
      { owner: { type: 'contains', filter: 'e' } },
    ];
    for (const sort of SORTS) {
      for (const direction of ['asc', 'desc']) {
        for (const filter of FILTERS) {
          const query = `sort=${sort}:${direction}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
          for (const [association, own, other] of [[maple, mapleNumbers, cedarNumbers], [cedar, cedarNumbers, mapleNumbers]] as const) {
            const rows = await everyRow(association, `Homeowners?${query}`);
            const numbers = rows.map((r) => String(r.accountNumber));
            expect(numbers.every((n) => own.has(n) && !other.has(n)), `${query} of ${association}`).toBe(true);
            if (Object.keys(filter).length === 0) expect(new Set(numbers)).toEqual(own);
          }
        }
      }
    }
    for (const association of [maple, cedar]) {
      const own = association === maple ? mapleNumbers : cedarNumbers;
      for (const path of ['Collections?sort=daysPastDue:desc', 'Collections?sort=stage:asc', 'Reports?report=delinquency', 'Reports?report=aging&sort=totalCents:desc']) {
        const rows = await everyRow(association, path);
        expect(rows.every((r) => own.has(String(r.accountNumber))), path).toBe(true);
      }
    }
  });

  it('moves an account to another association with its standing', async () => {
    const a = await newAccount(maple);
    await post(a.assessments, 'charge', 9000, daysBefore(33));
    await db().query('UPDATE accounts SET association_id = $1 WHERE id = $2', [cedar, a.id]);
    const filter = encodeURIComponent(JSON.stringify({ accountNumber: { type: 'equals', filter: a.accountNumber } }));
    expect((await page(maple, `Homeowners?filter=${filter}`)).lastRow).toBe(0);
    expect(await homeowner(cedar, a.accountNumber)).toMatchObject({ balanceCents: 9000, daysPastDue: 33 });
  });
});
