// The management console's people (docs/server.md, "Management console"): the owners of a
// management company's associations, searched and listed as a grid (server/board/grid-query.ts),
// and one owner's page. A person is a registered user with an account in, or a board seat of, one
// of the company's associations; everything shown of them is limited to that company, so another
// company's owners are never listed nor shown, whatever the request names.
import type { Queryable } from '../db/index.ts';
import type { GridList } from '../board/grid-query.ts';

/** `search` as a LIKE pattern matching what starts with it, lower-cased (its own %, _ and \ taken literally); '' for none. */
export function startsWithPattern(search: string | undefined): string {
  const text = (search ?? '').trim().toLowerCase();
  return text === '' ? '' : `${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The street address on one line, as the board's grids show it. */
const STREET = `ac.address1 || CASE WHEN ac.address2 <> '' THEN ', ' || ac.address2 ELSE '' END`;

/** Whether user `u` owns an account in, or sits on the board of, an association of company `company`. */
const IS_PERSON_OF = (company: string) => `(EXISTS (SELECT 1 FROM accounts ac JOIN associations a ON a.id = ac.association_id
                 WHERE ac.owner_user_id = u.id AND a.management_company_id = ${company})
            OR EXISTS (SELECT 1 FROM board_members b JOIN associations a ON a.id = b.association_id
                 WHERE b.user_id = u.id AND a.management_company_id = ${company}))`;

/**
 * The ids of company `company`'s people: the owners of its accounts and its board members. Listing
 * everyone, the planner joins this set once (a hash of the company's accounts) where testing each
 * user on its own would be priced at millions and compiled (JIT) before it ran.
 */
const PEOPLE_OF = (company: string) => `SELECT ac.owner_user_id FROM accounts ac JOIN associations a ON a.id = ac.association_id
                 WHERE a.management_company_id = ${company}
               UNION SELECT b.user_id FROM board_members b JOIN associations a ON a.id = b.association_id
                 WHERE a.management_company_id = ${company}`;

/**
 * The people of company `companyId` whose name (full or last), e-mail, account number or street
 * line in the company starts with `search` (any case). Each search is its own branch so that each
 * uses its index (migration 275); the rows are ordered by name or e-mail through
 * users_company_sort_name_idx or users_company_email_idx where the planner walks them, and paged by key.
 */
export function companyPeopleList(companyId: number, search: string | undefined): GridList {
  const pattern = startsWithPattern(search);
  // A search names its matches: the planner starts from them (a few index ranges) and tests only
  // those for being the company's people, instead of testing every user of the company.
  const matching = pattern === '' ? `u.id IN (${PEOPLE_OF('$1')})` : `${IS_PERSON_OF('$1')}
         AND u.id IN (
               SELECT id FROM users WHERE management_company_id = $1 AND lower(first_name || ' ' || last_name) LIKE $2::text
               UNION SELECT id FROM users WHERE management_company_id = $1 AND lower(last_name) LIKE $2::text
               UNION SELECT id FROM users WHERE management_company_id = $1 AND email LIKE $2::text
               UNION SELECT ac.owner_user_id FROM accounts ac JOIN associations a ON a.id = ac.association_id
                      WHERE ac.account_number LIKE $2::text AND a.management_company_id = $1
               UNION SELECT ac.owner_user_id FROM accounts ac JOIN associations a ON a.id = ac.association_id
                      WHERE lower(ac.address1) LIKE $2::text AND a.management_company_id = $1)`;
  return {
    name: 'people',
    source: `SELECT u.id AS "rowKey", u.id AS "userId", u.first_name || ' ' || u.last_name AS name, u.email,
             lower(u.last_name || ', ' || u.first_name) AS "sortName",
             coalesce((SELECT string_agg(a.name, ', ' ORDER BY a.name) FROM associations a
                WHERE a.management_company_id = $1 AND a.id IN (SELECT association_id FROM accounts WHERE owner_user_id = u.id
                                                                UNION SELECT association_id FROM board_members WHERE user_id = u.id)), '') AS associations,
             coalesce((SELECT string_agg(ac.account_number, ', ' ORDER BY ac.account_number) FROM accounts ac JOIN associations a ON a.id = ac.association_id
                WHERE ac.owner_user_id = u.id AND a.management_company_id = $1), '') AS "accountNumbers",
             coalesce((SELECT string_agg(${STREET}, '; ' ORDER BY ac.account_number) FROM accounts ac JOIN associations a ON a.id = ac.association_id
                WHERE ac.owner_user_id = u.id AND a.management_company_id = $1), '') AS addresses
        FROM users u
       WHERE u.management_company_id = $1::integer AND ${matching}`,
    params: pattern === '' ? [companyId] : [companyId, pattern],
    columns: {
      userId: { kind: 'number', title: 'Id' },
      // Last name first, as a list of people is read.
      name: { kind: 'text', title: 'Name', sortBy: 'g."sortName"' },
      email: { kind: 'text', title: 'E-mail' },
      associations: { kind: 'text', title: 'Associations' },
      accountNumbers: { kind: 'text', title: 'Accounts' },
      addresses: { kind: 'text', title: 'Addresses' },
    },
    defaultSort: [['name', 'asc']],
    pageByKey: true,
  };
}

/** Whether user `personId` is one of company `companyId`'s people (an owner or board member of its associations). */
export async function isCompanyPerson(db: Queryable, companyId: number, personId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM users u WHERE u.id = $2 AND u.management_company_id = $1 AND ${IS_PERSON_OF('$1')}`, [companyId, personId]);
  return rows.length > 0;
}

/** The management company of staff member `userId` (x-policy has found them active staff). */
export async function companyOf(db: Queryable, userId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(`SELECT management_company_id AS id FROM users WHERE id = $1`, [userId]);
  return rows[0]?.id ?? null;
}

export type Standing = 'credit' | 'paidUp' | 'owing' | 'pastDue';

export interface CompanyPerson {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  accounts: {
    accountNumber: string; associationCode: string; associationName: string; address: string;
    balanceCents: number; daysPastDue: number; standing: Standing;
  }[];
  contacts: { type: 'email' | 'phone'; label: string; value: string; primary: boolean }[];
  boardSeats: { associationCode: string; associationName: string; role: 'chair' | 'member' }[];
}

/**
 * Person `personId` as company `companyId` knows them, as of the business day `today`; null when
 * they are no person of the company (another company's owner, staff, nobody).
 */
export async function companyPerson(db: Queryable, companyId: number, personId: number, today: string): Promise<CompanyPerson | null> {
  const { rows: people } = await db.query<{ userId: number; firstName: string; lastName: string; email: string }>(
    `SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email
       FROM users u WHERE u.id = $2 AND u.management_company_id = $1 AND ${IS_PERSON_OF('$1')}`,
    [companyId, personId],
  );
  if (people.length === 0) return null;
  const [accounts, contacts, seats] = [
    await db.query<{ accountNumber: string; associationCode: string; associationName: string; address: string; balanceCents: string; daysPastDue: number }>(
      `SELECT ac.account_number AS "accountNumber", a.code AS "associationCode", a.name AS "associationName",
              ${STREET} || ', ' || ac.city || ', ' || ac.state_province || ' ' || ac.postal_code AS address,
              s.balance_cents AS "balanceCents",
              CASE WHEN s.balance_cents > 0 AND s.oldest_unpaid < $3::date THEN $3::date - s.oldest_unpaid ELSE 0 END AS "daysPastDue"
         FROM accounts ac JOIN associations a ON a.id = ac.association_id JOIN account_standing s ON s.account_id = ac.id
        WHERE ac.owner_user_id = $2 AND a.management_company_id = $1
        ORDER BY a.name, ac.account_number`,
      [companyId, personId, today],
    ),
    await db.query<CompanyPerson['contacts'][number]>(
      `SELECT type, label, value, is_primary AS primary FROM user_contacts WHERE user_id = $1 ORDER BY type, is_primary DESC, id`,
      [personId],
    ),
    await db.query<CompanyPerson['boardSeats'][number]>(
      `SELECT a.code AS "associationCode", a.name AS "associationName", CASE WHEN b.is_chair THEN 'chair' ELSE 'member' END AS role
         FROM board_members b JOIN associations a ON a.id = b.association_id
        WHERE b.user_id = $2 AND a.management_company_id = $1
        ORDER BY a.name`,
      [companyId, personId],
    ),
  ];
  return {
    ...people[0],
    accounts: accounts.rows.map((row) => {
      const balanceCents = Number(row.balanceCents);
      const standing: Standing = balanceCents < 0 ? 'credit' : balanceCents === 0 ? 'paidUp' : row.daysPastDue > 0 ? 'pastDue' : 'owing';
      return { ...row, balanceCents, daysPastDue: Number(row.daysPastDue), standing };
    }),
    contacts: contacts.rows,
    boardSeats: seats.rows,
  };
}
