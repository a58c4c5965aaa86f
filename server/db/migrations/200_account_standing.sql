-- Where each account stands, kept up to date as its ledger changes (docs/server.md, "Board lists";
-- the rule is server/board/account-standing.ts's), next to who and where the account is as the
-- board's grids show it: the homeowner and collection grids sort, filter, count and page one
-- association's rows of this one table through its indexes, instead of working out every account's
-- balance and days past due from the whole association's ledger on each read.

CREATE TABLE account_standing (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  -- Copies of the account's and its registered owner's fields (kept by the triggers below on
  -- accounts and users), so that one index orders an association's accounts by any of them.
  association_id integer NOT NULL REFERENCES associations (id),
  account_number text NOT NULL,
  -- The registered user's name, else the owner of record, else blank.
  owner text NOT NULL,
  -- The street address on one line.
  address text NOT NULL,
  -- The registered user's e-mail, null when nobody has registered.
  email text,
  registered boolean NOT NULL,
  -- The sum of the account's entries, every sub-ledger together.
  balance_cents bigint NOT NULL DEFAULT 0,
  -- The effective date of the oldest charge the balance has not paid: payments and credits pay the
  -- oldest charges first. Null when nothing is owed.
  oldest_unpaid date,
  CHECK ((balance_cents > 0) = (oldest_unpaid IS NOT NULL))
);
-- The grids' sorts within an association; each index ends with the account, the grids' last sort
-- key. Days past due sort by the oldest unpaid charge (the older, the more days).
CREATE INDEX account_standing_number_idx ON account_standing (association_id, account_number, account_id);
CREATE INDEX account_standing_owner_idx ON account_standing (association_id, owner, account_id);
CREATE INDEX account_standing_address_idx ON account_standing (association_id, address, account_id);
CREATE INDEX account_standing_balance_idx ON account_standing (association_id, balance_cents, account_id);
CREATE INDEX account_standing_oldest_unpaid_idx ON account_standing (association_id, oldest_unpaid, account_id);

-- Who and where the given accounts are, copied again from accounts and users.
CREATE FUNCTION account_standing_describe(account_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE account_standing s
     SET association_id = ac.association_id, account_number = ac.account_number,
         owner = COALESCE(u.first_name || ' ' || u.last_name, ac.owner_name, ''),
         address = ac.address1 || CASE WHEN ac.address2 <> '' THEN ', ' || ac.address2 ELSE '' END,
         email = u.email, registered = ac.owner_user_id IS NOT NULL
    FROM accounts ac LEFT JOIN users u ON u.id = ac.owner_user_id
   WHERE ac.id = ANY (account_ids) AND s.account_id = ac.id;
$$;

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

-- Every account has its row from the start (balance 0, nothing owed), so an association's accounts
-- are all in the indexes.
CREATE FUNCTION accounts_add_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_standing (account_id, association_id, account_number, owner, address, registered)
  SELECT id, association_id, account_number, '', '', false FROM new_accounts;
  PERFORM account_standing_describe(ARRAY(SELECT id FROM new_accounts));
  RETURN NULL;
END;
$$;
CREATE TRIGGER accounts_standing AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION accounts_add_standing();

CREATE FUNCTION accounts_describe_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_standing_describe(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER accounts_standing_description AFTER UPDATE ON accounts FOR EACH ROW
  WHEN ((OLD.association_id, OLD.account_number, OLD.owner_user_id, OLD.owner_name, OLD.address1, OLD.address2)
        IS DISTINCT FROM (NEW.association_id, NEW.account_number, NEW.owner_user_id, NEW.owner_name, NEW.address1, NEW.address2))
  EXECUTE FUNCTION accounts_describe_standing();

-- A registered owner's new name or e-mail shows on each of their accounts.
CREATE FUNCTION users_describe_standing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_standing_describe(ARRAY(SELECT id FROM accounts WHERE owner_user_id = NEW.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_standing_description AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.email) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email))
  EXECUTE FUNCTION users_describe_standing();

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

-- The accounts there already.
INSERT INTO account_standing (account_id, association_id, account_number, owner, address, registered)
SELECT id, association_id, account_number, '', '', false FROM accounts;
SELECT account_standing_describe(ARRAY(SELECT id FROM accounts));
SELECT account_standing_recompute(ARRAY(SELECT DISTINCT account_id FROM sub_ledgers));
