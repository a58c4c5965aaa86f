-- Statements and ledger exports (POST /api/payments/Ledger/Statement) are made before the answer
-- and kept here for a short while, so the browser can download them by following a plain link
-- (GET /api/payments/Ledger/Export?file=<id>), which cannot carry the bearer token. The id is 32
-- random bytes (base64url): holding the link is what lets one download it, until expires_at.
CREATE TABLE statement_files (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  media_type text NOT NULL,
  body bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
-- Making a statement deletes the caller's expired files; the cascade from users needs it too.
CREATE INDEX statement_files_user_idx ON statement_files (user_id, expires_at);
