-- Sign-in handed over by a host (POST /api/users/Users/AuthenticateJWT): a management company's own
-- site signs a short-lived JWT and sends the user to the portal with it. Each token is good once: its
-- `jti` is kept here, per company, until the token could no longer pass the checks anyway (its `exp`
-- plus the clock tolerance), so a second use of the same token is refused. Expired rows are of no use
-- and are cleared now and then (server/auth/handover/replay.ts).
CREATE TABLE used_handover_tokens (
  company_id integer NOT NULL REFERENCES management_companies (id),
  jti text NOT NULL CHECK (jti <> '' AND char_length(jti) <= 200),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, jti)
);
CREATE INDEX used_handover_tokens_expires_idx ON used_handover_tokens (expires_at);
