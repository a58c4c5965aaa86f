// Where an association's accounts stand, worked out from the whole ledger the way the board's grids
// did on every read before account_standing kept it (server/board/account-standing.ts has the rule):
// the tests compare the kept standing, and the grids and the aging report reading it, with this.
import type { Queryable } from '../../server/db/index.ts';

const STANDING_CTES = `
  balances AS (
    SELECT ac.id AS account_id, SUM(sl.balance_cents)::bigint AS balance_cents
      FROM accounts ac JOIN sub_ledgers sl ON sl.account_id = ac.id
     WHERE ac.association_id = $1
     GROUP BY ac.id
  ),
  -- The charges of the accounts owing something, each with the sum of itself and every newer charge.
  charges AS (
    SELECT b.account_id, b.balance_cents, le.effective_date, le.amount_cents::integer AS amount_cents,
           SUM(le.amount_cents::integer) OVER (PARTITION BY b.account_id ORDER BY le.effective_date DESC, le.id DESC) AS this_and_newer
      FROM balances b
      JOIN sub_ledgers sl ON sl.account_id = b.account_id
      JOIN ledger_entries le ON le.sub_ledger_id = sl.id
     WHERE b.balance_cents > 0 AND le.amount_cents > 0
  ),
  unpaid_charges AS (
    SELECT account_id, effective_date, LEAST(amount_cents, balance_cents - (this_and_newer - amount_cents)) AS unpaid_cents
      FROM charges WHERE this_and_newer - amount_cents < balance_cents
  ),
  standing AS (
    SELECT b.account_id, b.balance_cents, o.oldest_unpaid
      FROM balances b
      LEFT JOIN (SELECT account_id, MIN(effective_date) AS oldest_unpaid FROM unpaid_charges GROUP BY account_id) o ON o.account_id = b.account_id
  )`;

export interface OracleStanding {
  accountNumber: string;
  balanceCents: number;
  daysPastDue: number;
  /** YYYY-MM-DD, null when nothing is owed. */
  oldestUnpaid: string | null;
}

/** Every account of the association by account number, as of the business day `today`. */
export async function oracleStanding(db: Queryable, associationId: number, today: string): Promise<Map<string, OracleStanding>> {
  const { rows } = await db.query<{ account_number: string; balance_cents: string | number; days: number; oldest_unpaid: string | null }>(
    `WITH ${STANDING_CTES}
     SELECT ac.account_number, COALESCE(s.balance_cents, 0)::bigint AS balance_cents, COALESCE($2::date - s.oldest_unpaid, 0) AS days,
            to_char(s.oldest_unpaid, 'YYYY-MM-DD') AS oldest_unpaid
       FROM accounts ac LEFT JOIN standing s ON s.account_id = ac.id
      WHERE ac.association_id = $1`,
    [associationId, today],
  );
  return new Map(rows.map((r) => [r.account_number, { accountNumber: r.account_number, balanceCents: Number(r.balance_cents), daysPastDue: Number(r.days), oldestUnpaid: r.oldest_unpaid }]));
}

export interface OracleAging { accountNumber: string; currentCents: number; days30Cents: number; days60Cents: number; days90Cents: number; totalCents: number }

/** The aging report's rows of the owing accounts, by account number. */
export async function oracleAging(db: Queryable, associationId: number, today: string): Promise<Map<string, OracleAging>> {
  const bucket = (from: number, to: number | null) =>
    `COALESCE(SUM(unpaid_cents) FILTER (WHERE $2::date - effective_date >= ${from}${to === null ? '' : ` AND $2::date - effective_date < ${to}`}), 0)::bigint`;
  const { rows } = await db.query<Record<string, string | number>>(
    `WITH ${STANDING_CTES}
     SELECT ac.account_number, ${bucket(0, 30)} AS current, ${bucket(30, 60)} AS d30, ${bucket(60, 90)} AS d60, ${bucket(90, null)} AS d90, s.balance_cents AS total
       FROM accounts ac JOIN standing s ON s.account_id = ac.id JOIN unpaid_charges u ON u.account_id = ac.id
      WHERE ac.association_id = $1 AND s.balance_cents > 0
      GROUP BY ac.account_number, s.balance_cents`,
    [associationId, today],
  );
  return new Map(
    rows.map((r) => [
      String(r.account_number),
      {
        accountNumber: String(r.account_number), currentCents: Number(r.current), days30Cents: Number(r.d30),
        days60Cents: Number(r.d60), days90Cents: Number(r.d90), totalCents: Number(r.total),
      },
    ]),
  );
}
