-- The amount a payment will charge once its method is entered on the hosted page, so that the
-- page's button says what it does ("Pay $12.35"); null when entering the method charges nothing
-- yet (a method saved for later, a payment scheduled for another day).
ALTER TABLE sandbox_setup_intents ADD COLUMN charge_cents bigint;
