-- A set-up nobody confirmed holds nothing: only a confirmed recurring payment (active or paused)
-- keeps its sub-ledger from taking another one, and only a confirmed auto-draft enrollment its
-- account (a set-up in another tab never takes the place of this one's). An unconfirmed one expires 24 hours after it was
-- made (server/payments/setup-expiry.ts). See docs/server.md, "Recurring payments".
DROP INDEX recurring_payments_one_per_sub_ledger;
CREATE UNIQUE INDEX recurring_payments_one_per_sub_ledger ON recurring_payments (sub_ledger_id) WHERE status IN ('active', 'paused');
DROP INDEX auto_draft_enrollments_one_per_account;
CREATE UNIQUE INDEX auto_draft_enrollments_one_per_account ON auto_draft_enrollments (account_id) WHERE status IN ('active', 'paused');
