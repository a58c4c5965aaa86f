-- The audit trail as the console reads it (/manage/audit): the browser each change came from, beside
-- its address, and an index for a company's trail of one association. The table stays append-only
-- (migration 230's triggers refuse UPDATE, DELETE and TRUNCATE).
ALTER TABLE audit_entries ADD COLUMN user_agent text;
CREATE INDEX audit_entries_association_at ON audit_entries (association_id, at DESC) WHERE association_id IS NOT NULL;
