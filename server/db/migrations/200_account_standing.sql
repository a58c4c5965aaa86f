-- Where each account stands, kept up to date as its ledger changes (docs/server.md, "Board lists";
-- the rule is server/board/account-standing.ts's): the board's homeowner and collection grids page
-- through this table by association instead of working out every account's balance and days past
-- due from the whole association's ledger on each read.

CREATE TABLE account_standing (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  -- The account's association, copied so one index orders an association's accounts by standing.
  association_id integer NOT NULL REFERENCES associations (id),
  -- The sum of the account's entries, every sub-ledger together.
  balance_cents bigint NOT NULL DEFAULT 0,
  -- The effective date of the oldest charge the balance has not paid: payments and credits pay the
  -- oldest charges first. Null when nothing is owed.
  oldest_unpaid date,
  CHECK ((balance_cents > 0) = (oldest_unpaid IS NOT NULL))
);
-- The grids' sorts within an association: by balance, and by days past due (the older the oldest
-- unpaid charge, the more days); each ends with the account, the grids' last sort key.
CREATE INDEX account_standing_balance_idx ON account_standing (association_id, balance_cents, account_id);
CREATE INDEX account_standing_oldest_unpaid_idx ON account_standing (association_id, oldest_unpaid, account_id);

-- Works out the standing of the given accounts again from their own entries alone (through
-- sub_ledgers_account_idx and ledger_entries_sub_ledger_idx). Their standing rows are locked first,
-- in account order, and read afterwards in a statement of its own: under READ COMMITTED that
-- statement sees every entry committed by a transaction that held one of these locks.
CREATE FUNCTION account_standing_recompute(account_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM account_standing WHERE account_id = ANY (account_ids) ORDER BY account_id FOR UPDATE;
  WITH entries AS (
    SELECT sl.account_id, le.id, le.effective_date, le.amount_cents
      FROM sub_ledgers sl JOIN ledger_entries le ON le.sub_ledger_id = sl.id
     WHERE sl.account_id = ANY (account_ids)
  ),
  balances AS (
    SELECT account_id, SUM(amount_cents)::bigint AS balance_cents FROM entries GROUP BY account_id
  ),
  -- The charges of the accounts owing something, each with the sum of itself and every newer charge:
  -- a charge is unpaid while the newer charges alone do not add up to the balance.
  charges AS (
    SELECT e.account_id, b.balance_cents, e.effective_date, e.amount_cents,
           SUM(e.amount_cents) OVER (PARTITION BY e.account_id ORDER BY e.effective_date DESC, e.id DESC) AS this_and_newer
      FROM entries e JOIN balances b ON b.account_id = e.account_id
     WHERE b.balance_cents > 0 AND e.amount_cents > 0
  ),
  oldest AS (
    SELECT account_id, MIN(effective_date) AS oldest_unpaid
      FROM charges WHERE this_and_newer - amount_cents < balance_cents GROUP BY account_id
  )
  UPDATE account_standing s
     SET balance_cents = COALESCE(b.balance_cents, 0), oldest_unpaid = o.oldest_unpaid
    FROM unnest(account_ids) AS a (account_id)
    LEFT JOIN balances b ON b.account_id = a.account_id
    LEFT JOIN oldest o ON o.account_id = a.account_id
   WHERE s.account_id = a.account_id
     AND (s.balance_cents, s.oldest_unpaid) IS DISTINCT FROM (COALESCE(b.balance_cents, 0), o.oldest_unpaid);
END;
$$;

-- Every account has its standing row from the start (balance 0, nothing owed), so an association's
-- accounts are all in the standing indexes.
CREATE FUNCTION accounts_add_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_standing (account_id, association_id) SELECT id, association_id FROM new_accounts;
  RETURN NULL;
END;
$$;
CREATE TRIGGER accounts_standing AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION accounts_add_standing();

CREATE FUNCTION accounts_move_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_standing SET association_id = NEW.association_id WHERE account_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER accounts_standing_association AFTER UPDATE OF association_id ON accounts
  FOR EACH ROW WHEN (OLD.association_id IS DISTINCT FROM NEW.association_id) EXECUTE FUNCTION accounts_move_standing();

-- Before an entry is written, its account's standing row is locked: two transactions writing to one
-- account (even to two of its sub-ledgers) take their turns in the same order, standing row first,
-- then the sub-ledger's balance.
CREATE FUNCTION ledger_entries_lock_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM account_standing s JOIN sub_ledgers sl ON sl.account_id = s.account_id
    WHERE sl.id = NEW.sub_ledger_id FOR UPDATE OF s;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ledger_entries_standing_lock BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_lock_standing();

-- Once per statement, the accounts it wrote to are worked out again (a bulk insert: each once).
CREATE FUNCTION ledger_entries_apply_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_standing_recompute(ARRAY(
    SELECT DISTINCT sl.account_id FROM new_entries n JOIN sub_ledgers sl ON sl.id = n.sub_ledger_id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_entries_standing AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_apply_standing();

-- The standing of the accounts there already.
INSERT INTO account_standing (account_id, association_id) SELECT id, association_id FROM accounts;
SELECT account_standing_recompute(ARRAY(SELECT DISTINCT account_id FROM sub_ledgers));

-- The homeowners grid's other sorts within an association: account number and address.
CREATE INDEX accounts_association_number_idx ON accounts (association_id, account_number, id);
