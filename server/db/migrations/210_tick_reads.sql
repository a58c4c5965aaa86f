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
