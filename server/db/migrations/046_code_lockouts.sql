-- One-time codes per account: wrong codes counted from all addresses together over a day; past the
-- limit the account takes no codes for a while (password sign-in is unaffected).
CREATE TABLE one_time_code_lockouts (
  user_id integer PRIMARY KEY REFERENCES users (id),
  -- Start of the current counting day and the wrong codes in it.
  window_start timestamptz NOT NULL,
  wrong_codes integer NOT NULL DEFAULT 0 CHECK (wrong_codes >= 0),
  locked_until timestamptz
);
