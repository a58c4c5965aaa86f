-- The guest session (the guest token's `sid` claim) that set up a guest payment: a guest token
-- reaches only the payments its own session created (docs/payments.md). NULL for payments of other
-- payers, and for guest payments set up before sessions were recorded (no guest token reaches those).
ALTER TABLE payments ADD COLUMN guest_session_id text;
