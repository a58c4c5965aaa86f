-- Each tick of every instance reads only what is new (server/payments/recurring-notices.ts,
-- recurring-outcomes.ts; docs/server.md, "Due work"): a tick with nothing to do reads (almost)
-- nothing, however many schedules and payments there are.

-- The occurrence date last noticed (recurring_debit_notices): the notices' walk reads only the
-- active schedules whose next date has no notice yet. A schedule whose next date moves on (charged,
-- moved, skipped) is back in the index until its new date is noticed.
ALTER TABLE recurring_payments ADD COLUMN noticed_date date;
UPDATE recurring_payments r SET noticed_date = r.next_payment_date
 WHERE EXISTS (SELECT 1 FROM recurring_debit_notices n WHERE n.recurring_payment_id = r.id AND n.occurrence_date = r.next_payment_date);
CREATE INDEX recurring_payments_unnoticed_idx ON recurring_payments (next_payment_date, id)
  WHERE status = 'active' AND noticed_date IS DISTINCT FROM next_payment_date;

-- The payment status a schedule last counted for the payment of one of its occurrences (NULL: not
-- a schedule's, or not counted yet): 'pending' for a bank debit counted before the bank answered.
-- The bank's answers still to count are the payments whose status moved on since (settled, or
-- returned): only those are in the index.
ALTER TABLE payments ADD COLUMN schedule_counted_status text;
UPDATE payments p SET schedule_counted_status = CASE
         WHEN o.return_counted_at IS NOT NULL THEN 'returned'
         WHEN o.settled_counted_at IS NOT NULL THEN 'succeeded'
         WHEN o.outcome = 'succeeded' THEN 'pending'
         ELSE p.status END
  FROM recurring_payment_occurrences o
 WHERE o.payment_id = p.id AND o.applied_at IS NOT NULL;
CREATE INDEX payments_bank_answer_idx ON payments (scheduled_date, id)
  WHERE schedule_counted_status IS NOT NULL AND status IN ('succeeded', 'returned') AND status <> schedule_counted_status;

-- The assessments' posting takes the oldest due schedule first (next charge date, then id): with
-- both in the index, LIMIT 1 reads one entry instead of sorting every schedule due that day for
-- each charge it posts.
DROP INDEX assessment_schedules_due_idx;
CREATE INDEX assessment_schedules_due_idx ON assessment_schedules (next_charge_date, id) WHERE next_charge_date IS NOT NULL;

-- Notices to send again: only those whose occurrence is still to come are read (a notice whose
-- date passed unsent, e.g. to an address that refuses it, stays unsent but is never read again).
DROP INDEX recurring_debit_notices_unsent_idx;
CREATE INDEX recurring_debit_notices_unsent_idx ON recurring_debit_notices (occurrence_date, send_attempted_at) WHERE emailed AND sent_at IS NULL;
