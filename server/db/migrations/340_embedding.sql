-- The portal embedded in a company's website (server/embedding/), where the browser may keep no
-- token for the frame across a reload.
-- embed_renewals: a session the frame may get a new token for, named by an httpOnly partitioned
--   cookie whose value is kept only as a SHA-256 hash; it lasts as long as its session (and goes
--   with it), and records the association the frame showed, which decides who may frame the
--   portal when a page is loaded without naming one.
-- embed_handoffs: a sign-in made in a window of the portal's own, handed back to the frame that
--   opened it: bound to the frame's random nonce and to a single-use code (both as SHA-256
--   hashes), 60 seconds.
-- Rows past their expiry are deleted by the due work `embedding.expiry`.
CREATE TABLE embed_renewals (
  secret_hash text PRIMARY KEY CHECK (char_length(secret_hash) = 43),
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  association_id integer REFERENCES associations (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at)
);
CREATE INDEX embed_renewals_session_idx ON embed_renewals (session_id);
CREATE INDEX embed_renewals_expires_idx ON embed_renewals (expires_at);

CREATE TABLE embed_handoffs (
  nonce_hash text PRIMARY KEY CHECK (char_length(nonce_hash) = 43),
  code_hash text NOT NULL CHECK (char_length(code_hash) = 43),
  user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at),
  -- Redeemed, or burnt by a wrong code: either way never good again.
  used_at timestamptz
);
CREATE INDEX embed_handoffs_expires_idx ON embed_handoffs (expires_at);
