// Where each account of an association stands, from its ledger alone (docs/server.md, "Board
// lists"): the balance (the sum of its entries, every sub-ledger together: sub_ledgers.balance_cents,
// which a trigger keeps equal to that sum) and what of it is unpaid since when. Payments and
// credits (negative entries) pay the oldest charges first (positive entries: charges, fees,
// returned payments), so what is unpaid is the newest charges that add up to the balance: a charge
// is unpaid for the part of the balance the charges after it do not cover. Days past due count from
// the oldest charge still unpaid (its effective date) to the business day asked for. Only accounts
// owing something have unpaid charges, so only their entries are read.

/**
 * The CTEs `balances` (account_id, balance_cents), `unpaid_charges` (account_id, effective_date,
 * unpaid_cents) and `standing` (account_id, balance_cents, oldest_unpaid) for the accounts of
 * association `$1`.
 */
export const STANDING_CTES = `
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

/** Days past due of `standing s` as of the business day `$2`. */
export const DAYS_PAST_DUE = `COALESCE($2::date - s.oldest_unpaid, 0)`;

/**
 * The collection stage by days past due: current (under 30), 30 days (30-59), 60 days (60-89),
 * 90+ days (90-119), attorney (120 and more: the board's rule for handing the account over).
 */
export const STAGE_OF_DAYS = (days: string) => `CASE WHEN ${days} < 30 THEN 'current' WHEN ${days} < 60 THEN '30 days' WHEN ${days} < 90 THEN '60 days'
  WHEN ${days} < 120 THEN '90+ days' ELSE 'attorney' END`;

/** The owner's name: the registered user's, else the owner of record, else blank. */
export const OWNER_NAME = `COALESCE(u.first_name || ' ' || u.last_name, ac.owner_name, '')`;

/** The property's street address on one line. */
export const STREET_ADDRESS = `ac.address1 || CASE WHEN ac.address2 <> '' THEN ', ' || ac.address2 ELSE '' END`;
