// What single sign-on says when it cannot go on: one clear sentence each, never the provider's own
// error text or a stack (that goes to the log). The portal shows them on /auth/sso.
import { ApiError } from '../errors.ts';

export const SSO_MESSAGES = {
  notConfigured: 'Single sign-on is not set up for this management company. Sign in with your e-mail and password, or with a code by e-mail.',
  unreachable: 'The sign-in service of your management company cannot be reached right now. Please try again in a few minutes, or sign in with your e-mail and password.',
  cancelled: 'Sign-in was cancelled at your management company\'s sign-in service. You can start again, or sign in with your e-mail and password.',
  attemptInvalid: 'This sign-in has expired or was already used. Please start again from the sign-in page.',
  notVerified: 'Your management company\'s sign-in service could not be verified for this sign-in. Please start again from the sign-in page.',
  emailUnverified: 'Your management company\'s sign-in service has not verified your e-mail address, so it cannot be linked to a portal account. Verify the address there, or sign in with your e-mail and password.',
  noAccount: 'No portal account uses this e-mail address yet. Create an account with your account number first, then sign in with your management company.',
  ticketInvalid: 'This account link has expired. Please start again from the sign-in page.',
  proofIncorrect: 'That password is incorrect.',
  codeIncorrect: 'That code is incorrect.',
  codeTooManyAttempts: 'Too many incorrect codes. Please start again from the sign-in page.',
  codeResendTooSoon: 'A code was sent less than a minute ago.',
} as const;

export const ssoError = {
  notConfigured: () => new ApiError(404, SSO_MESSAGES.notConfigured, { errorCode: 'SSO001' }),
  unreachable: () => new ApiError(502, SSO_MESSAGES.unreachable, { errorCode: 'SSO002' }),
  cancelled: () => new ApiError(400, SSO_MESSAGES.cancelled, { errorCode: 'SSO003' }),
  attemptInvalid: () => new ApiError(400, SSO_MESSAGES.attemptInvalid, { errorCode: 'SSO005' }),
  notVerified: () => new ApiError(401, SSO_MESSAGES.notVerified, { errorCode: 'SSO006' }),
  emailUnverified: () => new ApiError(403, SSO_MESSAGES.emailUnverified, { errorCode: 'SSO007' }),
  noAccount: () => new ApiError(404, SSO_MESSAGES.noAccount, { errorCode: 'SSO008' }),
  ticketInvalid: () => new ApiError(400, SSO_MESSAGES.ticketInvalid, { errorCode: 'SSO009' }),
  proofIncorrect: () => new ApiError(401, SSO_MESSAGES.proofIncorrect, { errorCode: 'SSO010', fields: { password: SSO_MESSAGES.proofIncorrect } }),
  codeIncorrect: () => new ApiError(400, SSO_MESSAGES.codeIncorrect, { errorCode: 'SSO011', fields: { code: SSO_MESSAGES.codeIncorrect } }),
  codeTooManyAttempts: () => new ApiError(400, SSO_MESSAGES.codeTooManyAttempts, { errorCode: 'SSO012' }),
  codeResendTooSoon: (retryAfterSeconds: number) =>
    new ApiError(429, `${SSO_MESSAGES.codeResendTooSoon} You can ask for a new code in ${retryAfterSeconds} seconds.`, { errorCode: 'SSO013', retryAfterSeconds }),
};
