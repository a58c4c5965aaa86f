// An association of any size for the board grid figures, and the timing of its homeowners grid
// through the real server (docs/bench.md):
//
//   seedAssociationHomes(db, n)   adds association `homes<n>` (managed by the demo's Summit) with n
//                                 homes, one Assessments sub-ledger each and 3 to 5 ledger entries:
//                                 every home was charged two quarters, most paid both; one in five
//                                 owes the second quarter and a late fee, one in twenty-five owes
//                                 both quarters; one in fifty owners is registered (a user, so the
//                                 owner's name and e-mail come from users). Set-based statements:
//                                 50,000 homes take a few seconds on PostgreSQL. Returns the
//                                 association's id (the existing one when seeded already).
//   measureHomeownersGrid(opts)   times pages of 100 of that grid one request at a time, as a board
//                                 member or the manager clicks through it: `sorted` changes the sort
//                                 and the page from request to request; `filtered` adds a filter
//                                 (owner or address contains, days past due over 30, balance over 0,
//                                 registered) to each sort. Pages `front` (the default, as
//                                 lib/grid.ts): the next page each request, from the first on;
//                                 `spread`: anywhere in the grid, as often deep as near the top.
//                                 Answers p50/p99 in ms and the slowest request of each kind.
//
// Both need the demo seed (DEMO_DATA=1) for Summit and its manager; tests/bench/homes-grid.ts runs
// them on a fresh PostgreSQL database.
import type { Queryable } from '../../../server/db/index.ts';
import { appDate } from '../../../server/payments/billing.ts';

const FIRST_NAMES = ['Ava', 'Liam', 'Noah', 'Emma', 'Olivia', 'Mason', 'Sophia', 'Lucas', 'Mia', 'Ethan', 'Isabella', 'Logan', 'Amelia', 'James', 'Harper', 'Elijah', 'Evelyn'];
const LAST_NAMES = ['Nguyen', 'Smith', 'Garcia', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Lee', 'Harris'];

/** The code of the association seedAssociationHomes makes for n homes. */
export const homesAssociationCode = (n: number) => `homes${n}`;

export async function seedAssociationHomes(db: Queryable, n: number, now = new Date()): Promise<number> {
  const code = homesAssociationCode(n);
  const existing = await db.query<{ id: number }>('SELECT id FROM associations WHERE code = $1', [code]);
  if (existing.rows[0]) return Number(existing.rows[0].id);
  const today = appDate(now);
  const { rows } = await db.query<{ id: number; company: number }>(
    `INSERT INTO associations (management_company_id, code, name, design_template, auto_draft_type, large_amount_fee_bps)
     SELECT id, $1, $2, 'Default', 'off', 0 FROM management_companies WHERE code = 'summit' RETURNING id, management_company_id AS company`,
    [code, `Homes ${n}`],
  );
  if (!rows[0]) throw new Error('seedAssociationHomes needs the demo seed (management company summit)');
  const id = Number(rows[0].id);
  // Account numbers are unique across the portal: this association's follow the highest there is.
  const first = Number((await db.query<{ next: string }>(`SELECT (COALESCE(MAX(account_number::bigint), 0) + 1)::text AS next FROM accounts`)).rows[0].next);
  await db.query(
    `INSERT INTO users (management_company_id, email, password_hash, first_name, last_name)
     SELECT $1, 'owner' || ($2::bigint + n) || '@homes' || $3::int || '.example.org', '!', ($4::text[])[1 + (n / 3) % cardinality($4::text[])],
            ($5::text[])[1 + (n / 11) % cardinality($5::text[])]
       FROM generate_series(0, $3::int - 1, 50) AS n`,
    [rows[0].company, first, n, FIRST_NAMES, LAST_NAMES],
  );
  await db.query(
    `INSERT INTO accounts (association_id, account_number, owner_name, owner_user_id, registered_at, address1, address2, city, state_province, postal_code)
     SELECT $1, ($2::bigint + n)::text, ($4::text[])[1 + n % cardinality($4::text[])] || ' ' || ($5::text[])[1 + (n / 7) % cardinality($5::text[])],
            u.id, CASE WHEN u.id IS NOT NULL THEN $6::timestamptz END,
            (100 + n % 9000) || ' ' || ($5::text[])[1 + (n / 9000) % cardinality($5::text[])] || ' Way', CASE WHEN n % 10 = 0 THEN 'Unit ' || (n % 7 + 1) ELSE '' END,
            'Raleigh', 'NC', '27601'
       FROM generate_series(0, $3::int - 1) AS n
       LEFT JOIN users u ON n % 50 = 0 AND u.email = 'owner' || ($2::bigint + n) || '@homes' || $3::int || '.example.org'`,
    [id, first, n, FIRST_NAMES, LAST_NAMES, now],
  );
  await db.query(`INSERT INTO sub_ledgers (account_id, name, position) SELECT id, 'Assessments', 0 FROM accounts WHERE association_id = $1`, [id]);
  await db.query(
    `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at)
     SELECT sl.id, e.kind, e.cents, e.description, $2::date - e.days_ago, $3::timestamptz - make_interval(days => e.days_ago)
       FROM sub_ledgers sl
       JOIN accounts ac ON ac.id = sl.account_id
       CROSS JOIN LATERAL (SELECT ac.id % 5 = 0 AS owes, ac.id % 25 = 0 AS owes_both, 15000 + (ac.id % 7) * 2500 AS quarter, ac.id % 40 AS shift) v
       CROSS JOIN LATERAL (VALUES
         ('charge', v.quarter, 'Quarterly assessment', 150 + v.shift, true),
         ('payment', -v.quarter, 'Payment, thank you', 140 + v.shift, NOT v.owes_both),
         ('charge', v.quarter, 'Quarterly assessment', 60 + v.shift, true),
         ('payment', -v.quarter, 'Payment, thank you', 50 + v.shift, NOT v.owes),
         ('late_fee', 2500, 'Late fee', 30 + v.shift, v.owes)
       ) AS e(kind, cents, description, days_ago, posted)
      WHERE ac.association_id = $1 AND e.posted`,
    [id, today, now],
  );
  // Fresh statistics, so the planner knows the association is large (as it would in a while).
  await db.query('ANALYZE users, accounts, account_standing, sub_ledgers, ledger_entries');
  return id;
}

export interface Timing { p50: number; p99: number; requests: number }

export interface GridTimings { sorted: Timing; filtered: Timing; notes: string[] }

const SORTS = ['balanceCents:desc', 'owner:asc', 'daysPastDue:desc,owner:asc', 'address:asc', 'accountNumber:desc', 'daysPastDue:asc', 'balanceCents:asc'];
const FILTERS: object[] = [
  { owner: { type: 'contains', filter: 'smith' } },
  { daysPastDue: { type: 'greaterThan', filter: 30 } },
  { balanceCents: { type: 'greaterThan', filter: 0 } },
  { registered: { type: 'equals', filter: true } },
  { address: { type: 'contains', filter: 'garcia way' } },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function timingOf(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), requests: sorted.length };
}

export interface MeasureOptions {
  baseUrl: string;
  /** A bearer token of someone who may see the association's board lists (its board, its manager). */
  token: string;
  associationId: number;
  /** The number of homes (the grid's rows unfiltered). */
  homes: number;
  /** Timed requests of each kind (default 50), after `warmup` (default 10) untimed ones. */
  requests?: number;
  warmup?: number;
  /** Which pages (see the file's comment; default `front`). */
  pages?: 'front' | 'spread';
}

/** Times the sorted and the filtered pages of the homeowners grid (see the file's comment). */
export async function measureHomeownersGrid({ baseUrl, token, associationId, homes, requests = 50, warmup = 10, pages = 'front' }: MeasureOptions): Promise<GridTimings> {
  const headers = { authorization: `Bearer ${token}` };
  const url = (query: string) => `${baseUrl}/api/associations/associations/${associationId}/Board/Homeowners?${query}`;
  const get = async (query: string) => {
    const started = performance.now();
    const res = await fetch(url(query), { headers });
    const body = (await res.json()) as { rows?: unknown[]; lastRow?: number };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`the homeowners grid answered ${res.status} to ${query}: ${JSON.stringify(body).slice(0, 200)}`);
    return { ms, lastRow: body.lastRow ?? 0, rows: body.rows?.length ?? 0 };
  };
  const first = await get('startRow=0&endRow=100');
  if (first.lastRow !== homes || first.rows !== Math.min(100, homes)) throw new Error(`the homeowners grid has ${first.lastRow} rows, not ${homes}`);
  // `spread` strides through the pages by a prime, so deep pages count as much as the first ones.
  const pageOf = (i: number, rows: number) => ((pages === 'spread' ? i * 7919 : i) % Math.max(1, Math.ceil(rows / 100))) * 100;
  const matching = new Map<number, number>();
  for (const [f, filter] of FILTERS.entries()) {
    matching.set(f, (await get(`startRow=0&endRow=100&filter=${encodeURIComponent(JSON.stringify(filter))}`)).lastRow);
  }
  const sortedQuery = (i: number) => {
    const start = pageOf(i, homes);
    return `startRow=${start}&endRow=${start + 100}&sort=${encodeURIComponent(SORTS[i % SORTS.length])}`;
  };
  const filteredQuery = (i: number) => {
    const f = i % FILTERS.length;
    const start = pageOf(i, matching.get(f)!);
    return `startRow=${start}&endRow=${start + 100}&sort=${encodeURIComponent(SORTS[i % SORTS.length])}&filter=${encodeURIComponent(JSON.stringify(FILTERS[f]))}`;
  };
  const sorted: number[] = [];
  const filtered: number[] = [];
  const slowest = { sorted: { ms: 0, query: '' }, filtered: { ms: 0, query: '' } };
  const timed = async (kind: 'sorted' | 'filtered', query: string, times: number[] | null) => {
    const { ms } = await get(query);
    if (times === null) return;
    times.push(ms);
    if (ms > slowest[kind].ms) slowest[kind] = { ms, query: decodeURIComponent(query) };
  };
  for (let i = 0; i < warmup + requests; i++) {
    await timed('sorted', sortedQuery(i), i >= warmup ? sorted : null);
    await timed('filtered', filteredQuery(i), i >= warmup ? filtered : null);
  }
  return {
    sorted: timingOf(sorted),
    filtered: timingOf(filtered),
    notes: [
      `homeowners grid of ${homes} homes: pages of 100 one at a time (${pages}), sorts ${SORTS.join(' | ')}`,
      `slowest sorted page ${slowest.sorted.ms.toFixed(1)} ms: ${slowest.sorted.query}`,
      `slowest filtered page ${slowest.filtered.ms.toFixed(1)} ms: ${slowest.filtered.query}`,
      `filters (matching rows): ${FILTERS.map((f, i) => `${JSON.stringify(f)} (${matching.get(i)})`).join(', ')}`,
    ],
  };
}
