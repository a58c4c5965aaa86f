// The homeowners grid of a 50,000-home association (server/board/lists.ts, listBoardHomeowners),
// through the real HTTP API signed in as a board member of that association, one request at a
// time: sorted pages (the sorts a board member clicks through, pages spread over the whole list)
// and filtered pages (owner name contains, owing, past due), each timed on its own.
//
// Seeded set-based into a fresh database: every account has an owner (one in ten registered, with
// a user row; the others owners of record), one Assessments sub-ledger and four ledger entries
// (the demo's large association's: postQuarterLedgers of server/demo/board-lists.ts — two quarterly
// charges, a payment of the first and, for four accounts in five, of the second; the fifth owes the
// second and a late fee). The entries go in through ordinary INSERTs into
// ledger_entries, so whatever triggers keep derived tables (the balance, an account standing
// table) keep them right, as they would for entries posted one by one.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../server/db/index.ts';
import { createPasswordHasher } from '../../../server/auth/passwords.ts';
import { appDate } from '../../../server/payments/billing.ts';
import { postQuarterLedgers } from '../../../server/demo/board-lists.ts';
import { apiClients, fetchTransport } from '../../support/api/clients.ts';
import { expectAnswer } from '../lib/answers.ts';
import { createBenchDatabase } from './database.ts';
import { startInstance, type StartOptions } from './instances.ts';
import { nearestRank } from './budgets.ts';

export const GRID_HOMES = 50_000;
const REGISTERED_ONE_IN = 10;
const WARMUP = 10;
const FIRST_NAMES = ['Ava', 'Liam', 'Noah', 'Emma', 'Olivia', 'Mason', 'Sophia', 'Lucas', 'Mia', 'Ethan', 'Isabella', 'Logan', 'Amelia', 'James', 'Harper', 'Elijah', 'Evelyn'];
const LAST_NAMES = ['Nguyen', 'Smith', 'Garcia', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Lee', 'Harris'];
const SORTS = ['balanceCents:desc', 'owner:asc', 'daysPastDue:desc,owner:asc', 'address:asc', 'accountNumber:desc'];
const FILTERS = [
  { owner: { type: 'contains', filter: 'garcia' } },
  { balanceCents: { type: 'greaterThan', filter: 0 } },
  { daysPastDue: { type: 'greaterThan', filter: 30 } },
  { registered: { type: 'equals', filter: true } },
  { address: { type: 'contains', filter: '7 Birch' } },
];
const boardMember = { email: 'board@scale.example', password: `Board#${randomBytes(6).toString('hex')}` };

export interface GridFigures {
  homes: number;
  sorted: { p50: number; p99: number; requests: number };
  filtered: { p50: number; p99: number; requests: number };
}

/** The association, its homes and their ledgers, and a board member; returns the association's id. */
export async function seedLargeGrid(db: Db, homes: number, now: Date, passwordHash: string): Promise<number> {
  const today = appDate(now);
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO management_companies (id, code, name) VALUES (1, 'scalegrid', 'Scale Grid Management')`);
    await tx.query(`INSERT INTO associations (id, management_company_id, code, name, auto_draft_type) VALUES (1, 1, 'scalegrid', 'Scale Grid Estates', 'off')`);
    await tx.query(
      `INSERT INTO users (id, management_company_id, email, password_hash, first_name, last_name)
       SELECT n, 1, 'home' || n || '@scale.example', '!', ($2::text[])[1 + n % cardinality($2::text[])], ($3::text[])[1 + (n / 7) % cardinality($3::text[])]
         FROM generate_series(1, $1::int) AS n WHERE n % ${REGISTERED_ONE_IN} = 0`,
      [homes, FIRST_NAMES, LAST_NAMES],
    );
    await tx.query(
      `INSERT INTO accounts (id, association_id, account_number, owner_user_id, owner_name, address1, city, state_province, postal_code, registered_at)
       SELECT n, 1, (700000000 + n)::text, CASE WHEN n % ${REGISTERED_ONE_IN} = 0 THEN n END,
              ($2::text[])[1 + (n * 3) % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (n / 5) % cardinality($3::text[])],
              (100 + n) || ' Birch Lane', 'Raleigh', 'NC', '27601', CASE WHEN n % ${REGISTERED_ONE_IN} = 0 THEN $4::timestamptz END
         FROM generate_series(1, $1::int) AS n`,
      [homes, FIRST_NAMES, LAST_NAMES, now],
    );
    await tx.query(`INSERT INTO sub_ledgers (id, account_id, name, position) SELECT n, n, 'Assessments', 0 FROM generate_series(1, $1::int) AS n`, [homes]);
    await postQuarterLedgers(tx, 1, today, now);
    const board = await tx.query<{ id: number }>(
      `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name) VALUES (1, $1, $2, 'Bea', 'Board') RETURNING id`,
      [boardMember.email, passwordHash],
    );
    await tx.query(`INSERT INTO board_members (user_id, association_id, is_chair) VALUES ($1, 1, false)`, [board.rows[0].id]);
    for (const table of ['management_companies', 'associations', 'accounts', 'sub_ledgers']) {
      await tx.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
  });
  await db.query('ANALYZE');
  return 1;
}

async function timedPage(url: string, headers: Record<string, string>, homes: number, filtered: boolean): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { rows?: unknown[]; lastRow?: number };
  const ms = performance.now() - started;
  if (response.status !== 200 || !Array.isArray(body.rows) || typeof body.lastRow !== 'number' || (!filtered && body.lastRow !== homes)) {
    throw new Error(`the grid answered ${response.status} ${JSON.stringify(body).slice(0, 200)} to ${url}`);
  }
  return ms;
}

export async function runGrid(options: Omit<StartOptions, 'databaseUrl'> & { adminUrl: string; homes: number; requests: number; log: (line: string) => void }): Promise<GridFigures> {
  const { homes, requests, log } = options;
  const database = await createBenchDatabase(options.adminUrl, 'bench_scale_grid');
  try {
    const seeding = Date.now();
    // The library's default cost, as production hashes (server/auth/passwords.ts).
    const hash = await createPasswordHasher().hash(boardMember.password);
    const associationId = await seedLargeGrid(database.db, homes, new Date(), hash);
    log(`grid: seeded ${homes} homes and ${homes * 4} ledger entries in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    const server = await startInstance('portal server (grid)', { ...options, databaseUrl: database.url });
    try {
      const session = await expectAnswer(`sign-in as ${boardMember.email}`, apiClients(fetchTransport(server.baseUrl, 15_000)).users.authenticate(boardMember), 200);
      const headers = { authorization: `Bearer ${session.token}` };
      const base = `${server.baseUrl}/api/associations/associations/${associationId}/Board/Homeowners`;
      // Pages spread over the whole list (a prime stride), 100 rows each.
      const sortedUrl = (i: number) => {
        const start = ((i * 7919) % Math.floor(homes / 100)) * 100;
        return `${base}?startRow=${start}&endRow=${start + 100}&sort=${encodeURIComponent(SORTS[i % SORTS.length])}`;
      };
      const filteredUrl = (i: number) =>
        `${base}?startRow=0&endRow=100&sort=${encodeURIComponent(SORTS[(i + 1) % SORTS.length])}&filter=${encodeURIComponent(JSON.stringify(FILTERS[i % FILTERS.length]))}`;
      const sorted: number[] = [];
      const filtered: number[] = [];
      const slowest = { sorted: { ms: 0, url: '' }, filtered: { ms: 0, url: '' } };
      for (let i = 0; i < WARMUP + requests; i++) {
        // Interleaved, so a change in the machine's other load weighs on both alike.
        const s = await timedPage(sortedUrl(i), headers, homes, false);
        const f = await timedPage(filteredUrl(i), headers, homes, true);
        if (i < WARMUP) continue;
        sorted.push(s);
        filtered.push(f);
        if (s > slowest.sorted.ms) slowest.sorted = { ms: s, url: sortedUrl(i) };
        if (f > slowest.filtered.ms) slowest.filtered = { ms: f, url: filteredUrl(i) };
        if (i % 50 === 49) log(`grid: ${i + 1} of ${WARMUP + requests} sorted and filtered pages`);
      }
      for (const [kind, { ms, url }] of Object.entries(slowest)) log(`grid: the slowest ${kind} page took ${ms.toFixed(0)} ms: ${decodeURIComponent(url.slice(url.indexOf('?')))}`);
      const figures = (times: number[]) => ({ p50: nearestRank(times, 50), p99: nearestRank(times, 99), requests: times.length });
      return { homes, sorted: figures(sorted), filtered: figures(filtered) };
    } finally {
      await server.child.stop();
    }
  } finally {
    await database.drop();
  }
}
