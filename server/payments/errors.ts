// The payment error codes and the messages the portal shows (spec section 8; docs/payments.md).
import { ApiError } from '../errors.ts';

export const paymentMessages = {
  PAY001: 'The amount cannot exceed the current balance.',
  PAY002: 'Your card was declined.',
  PAY002_bank: 'Your bank account could not be debited.',
  PAY003: 'The amount must be greater than $0.00.',
  PAY004: 'Payments are blocked or disabled for this account. Please contact your management company.',
  PAY005: 'Enter your card or bank details first.',
  PAY006: 'The payment method entered does not match the payment type chosen. Start the payment again.',
  PAY007: 'The payment could not be processed. Please try again later, or use another card or bank account.',
  PAY008: 'This payment can no longer be changed.',
  PAY009: 'Payment not found',
  PAY010: 'Payments are temporarily unavailable. Please try again later.',
  PAY011: 'This payment is still being processed. Please wait a moment and try again.',
  PAY012:
    'A scheduled payment can be changed or cancelled until 8:00pm Eastern Time the day before it is due. This payment can no longer be changed or cancelled.',
  PAY013: 'This account already has a recurring payment or auto-draft.',
  PAY014: 'A change of amount, method, frequency or date is a new authorization: review it and agree to its text first.',
  AD001: 'Auto-draft is not offered by this association.',
  AD002: 'Auto-draft is set up another way for this association.',
  AD003: 'An account with a balance cannot enroll in auto-draft. Pay the balance first, then enroll.',
  AD404: 'Auto-draft enrollment not found',
  ACK404: 'Acknowledgement not found',
  PA007:
    'This account is not connected to a proper payment provider, which usually occurs on testing/demo accounts. Payment processing is not allowed on this account.',
  PA037: 'The payment provider requires a primary e-mail address. Add one in Profile Settings and try again.',
  GP001: 'Association not found',
  GP002: 'Account not found',
  GP003: 'Payment method not available',
  IDEM001: 'This Idempotency-Key was already used with a different request.',
  IDEM002: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  IDEM003: 'The Idempotency-Key header must be 1 to 255 printable characters.',
} as const;

type Code = Exclude<keyof typeof paymentMessages, 'PAY002_bank'>;

const STATUS: Record<Code, number> = {
  PAY001: 422,
  PAY002: 402,
  PAY003: 422,
  PAY004: 403,
  PAY005: 409,
  PAY006: 409,
  PAY007: 422,
  PAY008: 409,
  PAY009: 404,
  PAY010: 503,
  PAY011: 409,
  PAY012: 409,
  PAY013: 409,
  PAY014: 409,
  AD001: 409,
  AD002: 409,
  AD003: 409,
  AD404: 404,
  ACK404: 404,
  PA007: 409,
  PA037: 409,
  GP001: 404,
  GP002: 404,
  GP003: 409,
  IDEM001: 422,
  IDEM002: 409,
  IDEM003: 400,
};

export function paymentError(code: Code, detail: string = paymentMessages[code]): ApiError {
  const title = code === 'PA007' ? 'Test Account Detected' : undefined;
  return new ApiError(STATUS[code], detail, { errorCode: code, title });
}
