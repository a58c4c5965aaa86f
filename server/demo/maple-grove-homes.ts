// The rest of Maple Grove's homes, so that the board's lists look like those of a 300-home
// association: 280 accounts with owners of record who have not registered (101001-101280, on five
// streets), each with an Assessments sub-ledger and nothing owed, and some of their rule
// violations. Made with a few set-based statements, so the demo seed stays fast.
import type { Queryable } from '../db/index.ts';
import { appDate } from '../payments/billing.ts';

export const MAPLE_GROVE_HOMES = { count: 280, firstAccountNumber: 101001 } as const;

const STREETS = ['Birch Hollow Drive', 'Chestnut Court', 'Dogwood Way', 'Elm Ridge Road', 'Magnolia Trace'];
const FIRST_NAMES = ['Alex', 'Morgan', 'Riley', 'Jesse', 'Avery', 'Cameron', 'Drew', 'Hayden', 'Kendall', 'Parker', 'Reese', 'Rowan', 'Sage'];
const LAST_NAMES = ['Alvarez', 'Bennett', 'Chen', 'Dubois', 'Evans', 'Foster', 'Gupta', 'Hughes', 'Ito', 'Kowalski', 'Larsen', 'Moreau', 'Nakamura', 'Osei', 'Patel', 'Reyes', 'Sullivan'];

const RULES = ['Trash cans visible from the street', 'Lawn not mowed', 'Basketball hoop left at the curb', 'Unapproved mailbox', 'Dead tree in the front yard', 'RV parked overnight'];
const STATUSES = ['open', 'cured', 'open', 'fined', 'closed', 'cured'];

export async function seedMapleGroveHomes(tx: Queryable, maple: number, now: Date): Promise<void> {
  const { count, firstAccountNumber } = MAPLE_GROVE_HOMES;
  await tx.query(
    `INSERT INTO accounts (association_id, account_number, owner_name, address1, city, state_province, postal_code)
     SELECT $1, ($2::int + n)::text, ($3::text[])[1 + n % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (n * 7) % cardinality($4::text[])],
            (100 + (n / cardinality($5::text[])) * 4) || ' ' || ($5::text[])[1 + n % cardinality($5::text[])], 'Atlanta', 'GA', '30301'
       FROM generate_series(0, $6::int - 1) AS n`,
    [maple, firstAccountNumber, FIRST_NAMES, LAST_NAMES, STREETS, count],
  );
  await tx.query(
    `INSERT INTO sub_ledgers (account_id, name, position)
     SELECT id, 'Assessments', 0 FROM accounts WHERE association_id = $1 AND account_number::bigint >= $2`,
    [maple, firstAccountNumber],
  );
  // One violation every 14 homes, observed on days spread over the last five months.
  await tx.query(
    `INSERT INTO violations (association_id, account_id, rule, observed_on, status, fine_cents)
     SELECT $1, ac.id, ($3::text[])[1 + k % cardinality($3::text[])], $4::date - (7 + k * 8), ($5::text[])[1 + k % cardinality($5::text[])],
            CASE WHEN ($5::text[])[1 + k % cardinality($5::text[])] = 'fined' THEN 5000 ELSE 0 END
       FROM generate_series(0, $6::int / 14 - 1) AS k
       JOIN accounts ac ON ac.account_number = ($2::int + 3 + k * 14)::text`,
    [maple, firstAccountNumber, RULES, appDate(now), STATUSES, count],
  );
}
