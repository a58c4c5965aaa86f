// Demo data of the board's lists (docs/server.md, "Board lists"): Maple Grove's other 280 homes
// (maple-grove-homes.ts), three of them behind on their dues (delinquent-homes.ts), violations, invoices (three awaiting the board's approval), work orders, to-do items, inspections and bank
// accounts, on days relative to the seed's now. seedDemoBoardLists is loaded by seedDemo inside its
// transaction. seedLargeAssociation (5,000 accounts, 20,000 ledger entries) is loaded only by the
// bench and the tests that need it: it is not part of the demo seed, to keep it fast.
import type { Queryable } from '../db/index.ts';
import { addDays, appDate } from '../payments/billing.ts';
import { seedMapleGroveHomes } from './maple-grove-homes.ts';
import { seedDelinquentHomes } from './delinquent-homes.ts';

const VIOLATIONS: { account: string; rule: string; daysAgo: number; status: string; fineCents: number }[] = [
  { account: '100234', rule: 'Trash cans visible from the street', daysAgo: 21, status: 'open', fineCents: 0 },
  { account: '100236', rule: 'Lawn not mowed', daysAgo: 45, status: 'fined', fineCents: 5000 },
  { account: '100237', rule: 'Unapproved exterior paint color', daysAgo: 60, status: 'open', fineCents: 10000 },
  { account: '100235', rule: 'Boat parked in driveway', daysAgo: 90, status: 'cured', fineCents: 0 },
  { account: '100238', rule: 'Holiday lights up after January 31', daysAgo: 120, status: 'closed', fineCents: 2500 },
];

const INVOICES: { vendor: string; description: string; amountCents: number; dueInDays: number; status: 'awaiting' | 'approved' | 'paid'; comment?: string }[] = [
  { vendor: 'GreenScape Landscaping', description: 'Monthly grounds maintenance', amountCents: 185000, dueInDays: 12, status: 'awaiting' },
  { vendor: 'AquaClear Pools', description: 'Pool pump replacement', amountCents: 342550, dueInDays: 20, status: 'awaiting' },
  { vendor: 'Brightline Electric', description: 'Entrance lighting repair', amountCents: 48900, dueInDays: 7, status: 'awaiting' },
  { vendor: 'Summit Community Management', description: 'Management fee', amountCents: 250000, dueInDays: -5, status: 'approved', comment: 'As per contract.' },
  { vendor: 'Metro Water Utility', description: 'Irrigation water', amountCents: 61275, dueInDays: -25, status: 'paid' },
];

const WORK_ORDERS: { vendor: string; description: string; status: string; costCents: number; daysAgo: number }[] = [
  { vendor: 'AquaClear Pools', description: 'Replace the pool pump', status: 'in_progress', costCents: 342550, daysAgo: 6 },
  { vendor: 'Brightline Electric', description: 'Fix the entrance sign lighting', status: 'open', costCents: 48900, daysAgo: 3 },
  { vendor: 'GreenScape Landscaping', description: 'Remove the fallen oak by the tennis court', status: 'completed', costCents: 95000, daysAgo: 30 },
  { vendor: 'Peachtree Paving', description: 'Patch potholes on Maple Grove Lane', status: 'cancelled', costCents: 0, daysAgo: 45 },
  { vendor: 'SafePlay Inspections', description: 'Tighten the playground slide bolts', status: 'open', costCents: 32000, daysAgo: 70 },
  { vendor: 'Atlanta Fire Safety', description: 'Service two clubhouse fire extinguishers', status: 'completed', costCents: 18500, daysAgo: 35 },
  { vendor: 'Hillside Fence Co.', description: 'Repair the pool fence gate latch', status: 'in_progress', costCents: 27500, daysAgo: 12 },
  { vendor: 'ClearView Windows', description: 'Clean the clubhouse windows', status: 'open', costCents: 41000, daysAgo: 1 },
];

const TODOS: { title: string; dueInDays: number | null; done: boolean }[] = [
  { title: 'Review the pool contract renewal', dueInDays: 10, done: false },
  { title: 'Approve the landscaping invoice', dueInDays: 12, done: false },
  { title: 'Send the annual meeting notice', dueInDays: 20, done: false },
  { title: 'Sign the reserve study engagement letter', dueInDays: -3, done: true },
  { title: 'Plan the community picnic', dueInDays: null, done: false },
];

const INSPECTIONS: { area: string; inspector: string; daysAgo: number; result: string; notes: string }[] = [
  { area: 'Pool', inspector: 'Fulton County Health Dept.', daysAgo: 14, result: 'passed', notes: 'Chlorine and pH within range.' },
  { area: 'Clubhouse', inspector: 'Atlanta Fire Marshal', daysAgo: 40, result: 'attention', notes: 'Two extinguishers due for service.' },
  { area: 'Playground', inspector: 'SafePlay Inspections', daysAgo: 75, result: 'failed', notes: 'Loose bolts on the slide; area taped off until fixed.' },
  { area: 'Tennis Court', inspector: 'GreenScape Landscaping', daysAgo: 100, result: 'passed', notes: '' },
];

const BANK_ACCOUNTS: { name: string; bankName: string; kind: string; accountNumber: string; balanceCents: number }[] = [
  { name: 'Operating', bankName: 'Peachtree Community Bank', kind: 'operating', accountNumber: '004417734821', balanceCents: 8462315 },
  { name: 'Reserve fund', bankName: 'Peachtree Community Bank', kind: 'reserve', accountNumber: '004417739034', balanceCents: 31250000 },
];

/** The full numbers of the demo bank accounts (the tests check none of them is ever answered). */
export const DEMO_BANK_ACCOUNT_NUMBERS = BANK_ACCOUNTS.map((b) => b.accountNumber);

export async function seedDemoBoardLists(tx: Queryable, now: Date): Promise<void> {
  const today = appDate(now);
  const maple = Number((await tx.query<{ id: number }>(`SELECT id FROM associations WHERE code = 'maplegrove'`)).rows[0].id);
  const chair = Number((await tx.query<{ id: number }>(`SELECT id FROM users WHERE email = 'chair@example.com'`)).rows[0].id);
  await seedMapleGroveHomes(tx, maple, now);
  await seedDelinquentHomes(tx, maple, now);
  for (const v of VIOLATIONS) {
    await tx.query(
      `INSERT INTO violations (association_id, account_id, rule, observed_on, status, fine_cents)
       SELECT $1, id, $3, $4, $5, $6 FROM accounts WHERE account_number = $2`,
      [maple, v.account, v.rule, addDays(today, -v.daysAgo), v.status, v.fineCents],
    );
  }
  for (const i of INVOICES) {
    const decided = i.status === 'awaiting' ? null : new Date(now.getTime() - 3 * 24 * 3600 * 1000);
    await tx.query(
      `INSERT INTO board_invoices (association_id, vendor, description, amount_cents, due_date, status, decided_by, decided_at, comment)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [maple, i.vendor, i.description, i.amountCents, addDays(today, i.dueInDays), i.status, decided ? chair : null, decided, i.comment ?? null],
    );
  }
  for (const w of WORK_ORDERS) {
    await tx.query(`INSERT INTO work_orders (association_id, vendor, description, status, cost_cents, opened_on) VALUES ($1, $2, $3, $4, $5, $6)`, [
      maple, w.vendor, w.description, w.status, w.costCents, addDays(today, -w.daysAgo),
    ]);
  }
  for (const t of TODOS) {
    await tx.query(`INSERT INTO board_todos (association_id, title, due_date, done, done_by, done_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      maple, t.title, t.dueInDays === null ? null : addDays(today, t.dueInDays), t.done, t.done ? chair : null, t.done ? now : null,
    ]);
  }
  for (const i of INSPECTIONS) {
    await tx.query(`INSERT INTO inspections (association_id, area, inspector, inspected_on, result, notes) VALUES ($1, $2, $3, $4, $5, $6)`, [
      maple, i.area, i.inspector, addDays(today, -i.daysAgo), i.result, i.notes,
    ]);
  }
  for (const b of BANK_ACCOUNTS) {
    await tx.query(`INSERT INTO association_bank_accounts (association_id, name, bank_name, kind, account_number, balance_cents) VALUES ($1, $2, $3, $4, $5, $6)`, [
      maple, b.name, b.bankName, b.kind, b.accountNumber, b.balanceCents,
    ]);
  }
}

export const LARGE_ASSOCIATION = { code: 'willowcreek', name: 'Willow Creek Estates', accounts: 5000, firstAccountNumber: 700001 } as const;

const FIRST_NAMES = ['Ava', 'Liam', 'Noah', 'Emma', 'Olivia', 'Mason', 'Sophia', 'Lucas', 'Mia', 'Ethan', 'Isabella', 'Logan', 'Amelia', 'James', 'Harper', 'Elijah', 'Evelyn'];
const LAST_NAMES = ['Nguyen', 'Smith', 'Garcia', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Lee', 'Harris'];

/**
 * A large association of the demo company for the bench: 5,000 accounts with owners of record
 * (not registered), one Assessments sub-ledger each and four ledger entries each (20,000): two
 * quarterly charges of varying size, a payment of the first and, for most, of the second; one
 * account in five owes the second and a late fee instead. Made with a few set-based statements.
 * Returns the association's id (the existing one when it is there already).
 */
export async function seedLargeAssociation(db: Queryable, now: Date): Promise<number> {
  const existing = await db.query<{ id: number }>('SELECT id FROM associations WHERE code = $1', [LARGE_ASSOCIATION.code]);
  if (existing.rows[0]) return Number(existing.rows[0].id);
  const today = appDate(now);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO associations (management_company_id, code, name, design_template, auto_draft_type, large_amount_fee_bps)
     SELECT id, $1, $2, 'Default', 'off', 0 FROM management_companies WHERE code = 'summit' RETURNING id`,
    [LARGE_ASSOCIATION.code, LARGE_ASSOCIATION.name],
  );
  const id = Number(rows[0].id);
  await db.query(
    `INSERT INTO accounts (association_id, account_number, owner_name, address1, city, state_province, postal_code)
     SELECT $1, ($2::int + n)::text, ($3::text[])[1 + n % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (n / 7) % cardinality($4::text[])],
            (100 + n * 2) || ' Willow Creek Way', 'Raleigh', 'NC', '27601'
       FROM generate_series(0, $5::int - 1) AS n`,
    [id, LARGE_ASSOCIATION.firstAccountNumber, FIRST_NAMES, LAST_NAMES, LARGE_ASSOCIATION.accounts],
  );
  await db.query(`INSERT INTO sub_ledgers (account_id, name, position) SELECT id, 'Assessments', 0 FROM accounts WHERE association_id = $1`, [id]);
  await postQuarterLedgers(db, id, today, now);
  // Fresh statistics, so the planner knows the association is large (as it would in a while).
  await db.query('ANALYZE accounts, account_standing, sub_ledgers, ledger_entries');
  return id;
}

/**
 * Two quarters of assessments on every sub-ledger of association `associationId`, dated back from
 * `today`: each account charged twice and paid the first; four in five paid the second, the fifth
 * owes it and a late fee. Set-based, so that tens of thousands of homes take seconds (the large
 * demo association, and the scale bench's grid).
 */
export async function postQuarterLedgers(db: Queryable, associationId: number, today: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, effective_date, created_at)
     SELECT sl.id, e.kind, e.cents, e.description, $2::date - e.days_ago, $3::timestamptz - make_interval(days => e.days_ago)
       FROM sub_ledgers sl
       JOIN accounts ac ON ac.id = sl.account_id
       CROSS JOIN LATERAL (SELECT ac.id % 5 = 0 AS owes, 15000 + (ac.id % 7) * 2500 AS quarter, ac.id % 40 AS shift) v
       CROSS JOIN LATERAL (VALUES
         ('charge', v.quarter, 'Quarterly assessment', 150 + v.shift),
         ('payment', -v.quarter, 'Payment, thank you', 140 + v.shift),
         ('charge', v.quarter, 'Quarterly assessment', 60 + v.shift),
         (CASE WHEN v.owes THEN 'late_fee' ELSE 'payment' END, CASE WHEN v.owes THEN 2500 ELSE -v.quarter END,
          CASE WHEN v.owes THEN 'Late fee' ELSE 'Payment, thank you' END, 30 + v.shift)
       ) AS e(kind, cents, description, days_ago)
      WHERE ac.association_id = $1`,
    [associationId, today, now],
  );
}
