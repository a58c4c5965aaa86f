-- A running Idempotency-Key is renewed while its first request works (heartbeat); a key whose
-- heartbeat is older than the lease belongs to a process that died and is taken over by a retry
-- (docs/payments.md). NULL: not renewed yet (created_at counts).
ALTER TABLE idempotency_keys ADD COLUMN heartbeat_at timestamptz;
