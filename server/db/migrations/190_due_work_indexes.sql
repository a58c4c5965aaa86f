-- Due work reads only what is due, in the order it takes it, through indexes: each tick of every
-- instance runs these lookups, and a whole-table read of payments or schedules on each would grow
-- with every payment ever made.
-- The recurring claim takes the oldest due schedule first (next date, then id): with both in the
-- index, LIMIT 1 reads one entry instead of sorting every schedule still due.
DROP INDEX recurring_payments_due_idx;
CREATE INDEX recurring_payments_due_idx ON recurring_payments (next_payment_date, id) WHERE status = 'active';
-- Future-dated payments are claimed in date order.
DROP INDEX payments_due_idx;
CREATE INDEX payments_due_idx ON payments (scheduled_date, id) WHERE status = 'scheduled';
-- Payments being charged: few at any time; a claim left by a crash is looked for on every tick
-- (future-dated ones together with the due ones, through both indexes).
CREATE INDEX payments_processing_idx ON payments (kind, claimed_at) WHERE status = 'processing';
