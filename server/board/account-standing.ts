// Where each account of an association stands, from its ledger alone (docs/server.md, "Board
// lists"): the balance (the sum of its entries, every sub-ledger together) and what of it is unpaid
// since when. Payments and credits (negative entries) pay the oldest charges first (positive
// entries: charges, fees, returned payments), so what is unpaid is the newest charges that add up to
// the balance: a charge is unpaid for the part of the balance the charges after it do not cover.
// Days past due count from the oldest charge still unpaid (its effective date) to the business day
// asked for. The table account_standing keeps each account's balance and oldest unpaid charge as its
// ledger changes (migration 200_account_standing.sql: a trigger on ledger_entries works the written
// accounts out again by this rule), with the owner's name (the registered user's, else the owner of
// record, else blank), the address on one line and the rest of what the grids show of the account;
// the grids read it and page through its indexes.
import type { GridColumn } from './grid-query.ts';

/**
 * The CTE `unpaid_charges` (account_id, effective_date, unpaid_cents): the unpaid charges of the
 * owing accounts of association `$1`. Only those accounts' charges from their oldest unpaid one on
 * are read: older ones are paid.
 */
export const UNPAID_CHARGES_CTE = `
  unpaid_charges AS (
    SELECT account_id, effective_date, LEAST(amount_cents, balance_cents - (this_and_newer - amount_cents)) AS unpaid_cents
      FROM (SELECT s.account_id, s.balance_cents, le.effective_date, le.amount_cents,
                   SUM(le.amount_cents) OVER (PARTITION BY s.account_id ORDER BY le.effective_date DESC, le.id DESC) AS this_and_newer
              FROM account_standing s
              JOIN sub_ledgers sl ON sl.account_id = s.account_id
              JOIN ledger_entries le ON le.sub_ledger_id = sl.id
             WHERE s.association_id = $1 AND s.balance_cents > 0 AND le.amount_cents > 0 AND le.effective_date >= s.oldest_unpaid) charges
     WHERE this_and_newer - amount_cents < balance_cents
  )`;

/** Days past due of `account_standing s` as of the business day `$2` (0 when nothing is owed). */
export const DAYS_PAST_DUE = `COALESCE($2::date - s.oldest_unpaid, 0)`;

/**
 * The grid column of days past due, for a source that answers `s.oldest_unpaid` as
 * `"oldestUnpaid"`: sorted by that date the other way round, so the standing index serves the sort.
 * Nothing owed sorts as fewer days than anything owed, even a charge dated today or later.
 */
export const DAYS_PAST_DUE_COLUMN = { kind: 'number', title: 'Days past due', sortBy: 'g."oldestUnpaid"', sortByReversed: true } as const satisfies GridColumn;

/**
 * The collection stage by days past due: current (under 30), 30 days (30-59), 60 days (60-89),
 * 90+ days (90-119), attorney (120 and more: the board's rule for handing the account over).
 */
export const STAGE_OF_DAYS = (days: string) => `CASE WHEN ${days} < 30 THEN 'current' WHEN ${days} < 60 THEN '30 days' WHEN ${days} < 90 THEN '60 days'
  WHEN ${days} < 120 THEN '90+ days' ELSE 'attorney' END`;
