// The sandbox provider's published test numbers (also listed in docs/sandbox-provider.md). Any other
// valid card succeeds and any other valid bank account settles; these trigger the other outcomes.

export const TEST_CARDS = {
  /** Succeeds (visa). */
  visa: '4242424242424242',
  /** Succeeds (mastercard). */
  mastercard: '5555555555554444',
  /** Declined at once: failure code card_declined, not transient. */
  declined: '4000000000000002',
  /** Fails with processing_error (transient) on the first attempt of an idempotency key; the 2nd attempt with the same key succeeds. */
  transientFailure: '4000000000000119',
} as const;

export const TEST_ROUTING_NUMBER = '110000000';

export const TEST_BANK_ACCOUNTS = {
  /** Pending, then settles 3 business days later (charge.settled). */
  settles: { routingNumber: TEST_ROUTING_NUMBER, accountNumber: '000123456789' },
  /** Pending, then returned 3 business days later with reason R01, insufficient funds (charge.returned). */
  returned: { routingNumber: TEST_ROUTING_NUMBER, accountNumber: '000111111116' },
} as const;

/** ACH return codes the sandbox produces. */
export const RETURN_REASONS = {
  R01: 'Insufficient funds',
} as const;

/** Business days between a bank debit and its settlement or return. */
export const SETTLEMENT_BUSINESS_DAYS = 3;

/** What a stored method does when charged: decided at attach time from the numbers, so charging never reads them. */
export type TestBehavior = 'succeed' | 'decline' | 'transient_failure' | 'settle' | 'return';

export function cardBehavior(number: string): TestBehavior {
  if (number === TEST_CARDS.declined) return 'decline';
  if (number === TEST_CARDS.transientFailure) return 'transient_failure';
  return 'succeed';
}

export function bankBehavior(routingNumber: string, accountNumber: string): TestBehavior {
  if (routingNumber === TEST_BANK_ACCOUNTS.returned.routingNumber && accountNumber === TEST_BANK_ACCOUNTS.returned.accountNumber) return 'return';
  return 'settle';
}
