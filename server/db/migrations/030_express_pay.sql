-- Express pay: checkout links (a signed link that lets the owner of an account pay one sub-ledger
-- without signing in) and the payments made through them. See docs/express-pay.md.

CREATE TABLE checkout_links (
  -- 'cl_' + random base32; the `sub` claim of the link's token.
  id text PRIMARY KEY CHECK (id ~ '^cl_[0-9a-z]{16,}$'),
  sub_ledger_id integer NOT NULL REFERENCES sub_ledgers (id),
  -- The owner: the account (token claim `poid`) and its owner's user (claim `uid`) when the link was made.
  account_id integer NOT NULL REFERENCES accounts (id),
  owner_user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  revoked_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX checkout_links_sub_ledger_idx ON checkout_links (sub_ledger_id);

-- One row per payment set up through a checkout link: which link, the setup intent the browser
-- shows (so an update that keeps the method kind can answer it again), and whether the payer saw
-- the confirmation (acknowledgeExpressPayment).
CREATE TABLE express_payments (
  payment_id text PRIMARY KEY REFERENCES payments (id),
  checkout_link_id text NOT NULL REFERENCES checkout_links (id),
  setup_intent_id text,
  client_secret text,
  hosted_entry_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_at timestamptz
);
CREATE INDEX express_payments_link_idx ON express_payments (checkout_link_id);
