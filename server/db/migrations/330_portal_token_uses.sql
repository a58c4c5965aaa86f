-- Portal tokens (audience `portal`, server/auth/tokens.ts) hand a signed-in user over to another
-- site (the help centre, an embedded single sign-on address) for 5 minutes, and are good once: the
-- id (`jti`) of each one redeemed is kept here until the token expires, so that a second redeem is
-- refused. Rows past their expiry are of no use any more (the token is refused as expired first)
-- and are deleted by the due work `portal-token.expiry` (server/portal-token/uses.ts).
CREATE TABLE portal_token_uses (
  token_id text PRIMARY KEY CHECK (token_id <> '' AND char_length(token_id) <= 200),
  user_id integer NOT NULL REFERENCES users (id),
  redeemed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX portal_token_uses_expires_idx ON portal_token_uses (expires_at);
