// The figures behind the console home's charts (docs/server.md, "Management console"): how old
// each association's past-due balance is, and the company's collections and sign-ups by month.
// Like the associations list (./associations-list.ts), every query starts from the caller's own
// company (users.management_company_id) and so never reads another company's associations.
import type { Queryable } from '../db/index.ts';
import { BILLING_TIME_ZONE } from '../payments/billing.ts';
import { containsPattern } from './associations-list.ts';

export interface AgingBuckets {
  days0to30Cents: number;
  days31to60Cents: number;
  days61to90Cents: number;
  over90Cents: number;
  totalCents: number;
}
export interface AssociationAging extends AgingBuckets { id: number; code: string; name: string }
export interface CompanyAging { asOf: string; associations: AssociationAging[]; pastDueAssociations: number; totals: AgingBuckets }

const BUCKETS = ['days0to30Cents', 'days31to60Cents', 'days61to90Cents', 'over90Cents', 'totalCents'] as const;

/**
 * The past-due balance of user `userId`'s company's associations whose name or code contains
 * `search`, split by the age of the unpaid charges on `today` (0–30 days, 31–60, 61–90, over 90):
 * the accounts counted are those the associations list counts as past due (oldest unpaid charge
 * before today), so an association's buckets add up to its list's `pastDueCents`. Unpaid charges
 * follow account_standing's rule (server/board/account-standing.ts): payments pay the oldest
 * charges first. The `limit` associations owing the most come first; `totals` and
 * `pastDueAssociations` cover every matching association, shown or not.
 */
export async function companyAging(db: Queryable, userId: number, today: string, search: string | undefined, limit: number): Promise<CompanyAging> {
  const bucket = (where: string) => `COALESCE(SUM(unpaid_cents) FILTER (WHERE ${where}), 0)`;
  const { rows } = await db.query<Record<string, string | number>>(
    `WITH matching AS (
       SELECT a.id, a.code, a.name
         FROM associations a JOIN users u ON u.management_company_id = a.management_company_id
        WHERE u.id = $1::integer AND ($3::text = '' OR a.name ILIKE $3::text OR a.code ILIKE $3::text)
     ),
     charges AS (
       SELECT s.association_id, s.balance_cents, le.effective_date, le.amount_cents,
              SUM(le.amount_cents) OVER (PARTITION BY s.account_id ORDER BY le.effective_date DESC, le.id DESC) AS this_and_newer
         FROM matching m
         JOIN account_standing s ON s.association_id = m.id
         JOIN sub_ledgers sl ON sl.account_id = s.account_id
         JOIN ledger_entries le ON le.sub_ledger_id = sl.id
        WHERE s.balance_cents > 0 AND s.oldest_unpaid < $2::date AND le.amount_cents > 0 AND le.effective_date >= s.oldest_unpaid
     ),
     unpaid AS (
       SELECT association_id, $2::date - effective_date AS age, LEAST(amount_cents, balance_cents - (this_and_newer - amount_cents)) AS unpaid_cents
         FROM charges WHERE this_and_newer - amount_cents < balance_cents
     ),
     buckets AS (
       SELECT association_id, ${bucket('age <= 30')} AS d0, ${bucket('age BETWEEN 31 AND 60')} AS d31,
              ${bucket('age BETWEEN 61 AND 90')} AS d61, ${bucket('age > 90')} AS d91, SUM(unpaid_cents) AS total
         FROM unpaid GROUP BY association_id
     )
     SELECT m.id, m.code, m.name, b.d0::bigint AS "days0to30Cents", b.d31::bigint AS "days31to60Cents", b.d61::bigint AS "days61to90Cents",
            b.d91::bigint AS "over90Cents", b.total::bigint AS "totalCents",
            (SUM(b.d0) OVER ())::bigint AS "all0", (SUM(b.d31) OVER ())::bigint AS "all31", (SUM(b.d61) OVER ())::bigint AS "all61",
            (SUM(b.d91) OVER ())::bigint AS "all91", (SUM(b.total) OVER ())::bigint AS "allTotal", (count(*) OVER ())::integer AS "pastDue"
       FROM matching m JOIN buckets b ON b.association_id = m.id
      WHERE b.total > 0
      ORDER BY b.total DESC, m.name, m.id
      LIMIT $4::integer`,
    [userId, today, containsPattern(search), limit],
  );
  const first = rows[0];
  const totals: AgingBuckets = {
    days0to30Cents: Number(first?.all0 ?? 0),
    days31to60Cents: Number(first?.all31 ?? 0),
    days61to90Cents: Number(first?.all61 ?? 0),
    over90Cents: Number(first?.all91 ?? 0),
    totalCents: Number(first?.allTotal ?? 0),
  };
  const associations = rows.map((row) => ({
    id: Number(row.id),
    code: String(row.code),
    name: String(row.name),
    ...(Object.fromEntries(BUCKETS.map((key) => [key, Number(row[key])])) as unknown as AgingBuckets),
  }));
  return { asOf: today, associations, pastDueAssociations: Number(first?.pastDue ?? 0), totals };
}

export interface MonthFigures { month: string; collectedCents: number; signUps: number }

/**
 * User `userId`'s company's figures for each of the 12 months up to the one of `today`, oldest
 * first, months without any included: `collectedCents`, the payments entered on its associations'
 * ledgers that month (by effective date) less the payments returned that month; `signUps`, the
 * homes whose owner registered that month (accounts.registered_at, in the billing time zone).
 */
export async function companyMonths(db: Queryable, userId: number, today: string): Promise<MonthFigures[]> {
  const { rows } = await db.query<{ month: string; collected: string | number; signups: string | number }>(
    `WITH months AS (
       SELECT to_char(m, 'YYYY-MM') AS month FROM generate_series($2::date - interval '11 months', $2::date, interval '1 month') AS m
     ),
     company_accounts AS (
       SELECT ac.id, ac.owner_user_id, ac.registered_at
         FROM accounts ac JOIN associations a ON a.id = ac.association_id
         JOIN users u ON u.management_company_id = a.management_company_id
        WHERE u.id = $1::integer
     ),
     collected AS (
       SELECT to_char(le.effective_date, 'YYYY-MM') AS month, -SUM(le.amount_cents) AS cents
         FROM company_accounts ca JOIN sub_ledgers sl ON sl.account_id = ca.id JOIN ledger_entries le ON le.sub_ledger_id = sl.id
        WHERE le.kind IN ('payment', 'payment_return') AND le.effective_date >= $2::date - interval '11 months' AND le.effective_date < $2::date + interval '1 month'
        GROUP BY 1
     ),
     signups AS (
       SELECT to_char(ca.registered_at AT TIME ZONE $3::text, 'YYYY-MM') AS month, count(*) AS n
         FROM company_accounts ca WHERE ca.owner_user_id IS NOT NULL AND ca.registered_at IS NOT NULL
        GROUP BY 1
     )
     SELECT m.month, COALESCE(c.cents, 0)::bigint AS collected, COALESCE(s.n, 0)::integer AS signups
       FROM months m LEFT JOIN collected c ON c.month = m.month LEFT JOIN signups s ON s.month = m.month
      ORDER BY m.month`,
    [userId, `${today.slice(0, 7)}-01`, BILLING_TIME_ZONE],
  );
  return rows.map((row) => ({ month: row.month, collectedCents: Number(row.collected), signUps: Number(row.signups) }));
}
