// The refusals of a sign-in handed over by a host (docs/server.md, "Sign-in handed over by a host"):
// one code each, in the API's error shape. The verifier's own words never reach the client: they
// could tell a caller probing forged tokens more than which check failed.
import { ApiError } from '../../errors.ts';

export const handoverMessages = {
  JWT001: 'Signing in from your management company\'s site is not set up for this portal.',
  JWT002: 'This sign-in link is not valid: its signature could not be verified.',
  JWT003: 'This sign-in link was not made for this portal.',
  JWT004: 'This sign-in link has expired. Go back to your management company\'s site and open the portal again.',
  JWT005: 'This sign-in link has already been used. Go back to your management company\'s site and open the portal again.',
  JWT006: 'There is no portal account for this e-mail address at your management company.',
  JWT007: 'The page to open after signing in must be a page of this portal.',
  JWT008: 'Your management company\'s signing keys could not be read just now. Please try again in a few minutes.',
} as const;

export type HandoverCode = keyof typeof handoverMessages;

const STATUS: Record<HandoverCode, number> = {
  JWT001: 403,
  JWT002: 401,
  JWT003: 401,
  JWT004: 401,
  JWT005: 401,
  JWT006: 401,
  JWT007: 400,
  JWT008: 503,
};

export function handoverError(code: HandoverCode): ApiError {
  return new ApiError(STATUS[code], handoverMessages[code], { errorCode: code, ...(code === 'JWT007' ? { fields: { next: handoverMessages[code] } } : {}) });
}
