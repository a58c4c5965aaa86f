-- Sign-in sessions: one row per sign-in; the session id travels in the token (claim sid). A session
-- ends on logout, or when the password changes (other sessions) or is reset (all sessions); a token
-- of an ended session is refused. Instances cache the ended ids (server/auth/sessions.ts).
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE ended_at IS NULL;
CREATE INDEX sessions_ended_idx ON sessions (ended_at) WHERE ended_at IS NOT NULL;
