// Express pay error codes (docs/express-pay.md). The payment codes (PAY…, GP…, IDEM…) are shared
// with the other payment groups (server/payments/errors.ts).
import { ApiError } from '../errors.ts';

export const expressMessages = {
  EXP001: 'This payment link is invalid or has expired.',
  EXP002: 'This payment has not been confirmed yet.',
} as const;

const STATUS = { EXP001: 401, EXP002: 409 } as const;

export function expressError(code: keyof typeof expressMessages, detail: string = expressMessages[code]): ApiError {
  return new ApiError(STATUS[code], detail, { errorCode: code });
}
