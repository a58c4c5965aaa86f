-- The built-in sandbox payment provider's own tables (the provider's side of the line: our
-- tables never hold card or bank numbers; these do, the way a real provider's systems would).
-- Timestamps come from the app clock (which can be advanced outside production), not now().

CREATE TABLE sandbox_setup_intents (
  id text PRIMARY KEY,
  client_secret text NOT NULL,
  merchant_account text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('card', 'bank')),
  customer_ref text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded')),
  method_id text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE sandbox_methods (
  id text PRIMARY KEY,
  merchant_account text NOT NULL,
  customer_ref text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('card', 'bank')),
  -- What charging this method does (succeed, decline, transient_failure, settle, return), decided
  -- from the test numbers when it is attached, so charging never needs to read the numbers.
  test_behavior text NOT NULL CHECK (test_behavior IN ('succeed', 'decline', 'transient_failure', 'settle', 'return')),
  card_number text,
  card_brand text CHECK (card_brand IN ('visa', 'mastercard', 'discover', 'amex')),
  exp_month integer CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer,
  holder_name text NOT NULL,
  routing_number text,
  account_number text,
  bank_account_type text CHECK (bank_account_type IN ('checking', 'savings')),
  bank_name text,
  last4 text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK ((kind = 'card' AND card_number IS NOT NULL) OR (kind = 'bank' AND account_number IS NOT NULL AND routing_number IS NOT NULL))
);
ALTER TABLE sandbox_setup_intents ADD CONSTRAINT sandbox_setup_intents_method_fk FOREIGN KEY (method_id) REFERENCES sandbox_methods (id);

CREATE TABLE sandbox_charges (
  id text PRIMARY KEY,
  merchant_account text NOT NULL,
  method_id text NOT NULL REFERENCES sandbox_methods (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL DEFAULT '',
  -- pending: a bank debit not settled yet; succeeded: paid (cards at once, bank debits when settled).
  status text NOT NULL CHECK (status IN ('succeeded', 'pending', 'declined', 'failed', 'returned')),
  failure_code text,
  failure_message text,
  failure_transient boolean,
  attempts integer NOT NULL DEFAULT 1,
  -- Bank debits: the business day they settle or are returned, and which of the two.
  settle_on date,
  settlement_outcome text CHECK (settlement_outcome IN ('settle', 'return')),
  return_reason text,
  refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
  created_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX sandbox_charges_due_idx ON sandbox_charges (settle_on) WHERE status = 'pending';

CREATE TABLE sandbox_refunds (
  id text PRIMARY KEY,
  charge_id text NOT NULL REFERENCES sandbox_charges (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL CHECK (status IN ('succeeded', 'pending')),
  created_at timestamptz NOT NULL
);
CREATE INDEX sandbox_refunds_charge_idx ON sandbox_refunds (charge_id);

-- Events in commit order: seq is taken from sandbox_event_sequence under its row lock inside the
-- transaction that writes the event, so a reader's cursor never skips a later-committing event.
CREATE TABLE sandbox_event_sequence (
  id integer PRIMARY KEY CHECK (id = 1),
  last_seq bigint NOT NULL
);
INSERT INTO sandbox_event_sequence (id, last_seq) VALUES (1, 0);

CREATE TABLE sandbox_events (
  seq bigint PRIMARY KEY,
  id text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('charge.settled', 'charge.returned')),
  charge_id text NOT NULL REFERENCES sandbox_charges (id),
  merchant_account text NOT NULL,
  reason text,
  occurred_at timestamptz NOT NULL
);

CREATE TABLE sandbox_idempotency (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  -- The stored answer; replayed for every later request with the same key (null while the first runs).
  response jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
