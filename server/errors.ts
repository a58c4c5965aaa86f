// The one error shape of the API: {status, title, detail, errorCode?, errorId?} (+ retryAfterSeconds
// on 429, + fields on a 400 that names the form fields at fault, each with its message). Handlers throw ApiError; anything else becomes a 500 with a logged errorId.
import { STATUS_CODES } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface ErrorBody {
  status: number;
  title: string;
  detail: string;
  errorCode?: string;
  errorId?: string;
  retryAfterSeconds?: number;
  fields?: Record<string, string>;
}

export interface ApiErrorOptions {
  errorCode?: string;
  title?: string;
  retryAfterSeconds?: number;
  /** Per request field (its name in the request body), the message to show next to it. */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly title: string;
  readonly retryAfterSeconds: number | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string, options: ApiErrorOptions = {}) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = options.errorCode;
    this.title = options.title ?? titleFor(status);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fields = options.fields;
    this.headers = { ...(options.headers ?? {}) };
    if (options.retryAfterSeconds !== undefined) this.headers['retry-after'] = String(options.retryAfterSeconds);
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { status: this.status, title: this.title, detail: this.message };
    if (this.errorCode) body.errorCode = this.errorCode;
    if (this.retryAfterSeconds !== undefined) body.retryAfterSeconds = this.retryAfterSeconds;
    if (this.fields) body.fields = { ...this.fields };
    return body;
  }
}

export function titleFor(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export function errorBody(status: number, detail: string, errorCode?: string): ErrorBody {
  const body: ErrorBody = { status, title: titleFor(status), detail };
  if (errorCode) body.errorCode = errorCode;
  return body;
}

// Random bytes are drawn 6 KB at a time: every request gets an id (its log line's reqId), and one
// call to the system's random source per id cost more than the rest of making it.
const ID_BYTES = 6;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

/** A short random id shown to the user and written to the log for a 5xx; also each request's id in the log. */
export function newErrorId(): string {
  if (poolOffset + ID_BYTES > randomPool.length) {
    randomPool = randomBytes(1024 * ID_BYTES);
    poolOffset = 0;
  }
  const id = randomPool.toString('hex', poolOffset, poolOffset + ID_BYTES).toUpperCase();
  poolOffset += ID_BYTES;
  return id;
}

export const SERVER_ERROR_DETAIL = 'We apologize. There was an error from the server. You might need to try again later.';

// Messages and codes the portal shows (spec sections 5 and 8).
export const messages = {
  invalidLogin: 'Invalid username, password, or company.',
  otpIncorrect: 'The verification code you entered is incorrect.',
  otpTooManyAttempts: 'Too many attempts. Request a new code.',
  otpExpired: 'This code has expired. Request a new one.',
  otpResendTooSoon: 'Please wait before requesting another code.',
  resetTokenInvalid: 'This password reset has expired. Request a new code.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  registrationNotFound: 'We could not find an account with those details.',
  registrationTaken: 'This account is already registered. Sign in, or use Forgot login.',
  emailInUse: 'This e-mail address is already in use. Sign in, or use Forgot login.',
  authRequired: 'Please sign in to continue.',
  tokenInvalid: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have access to this information.',
  rateLimited: 'Too many attempts. Please wait and try again later.',
  ssoNotConfigured: 'Single sign-on is not configured for this portal.',
  // Redeeming a portal token (redeemPortalToken, server/portal-token/redeem.ts).
  portalTokenUsed: 'This portal token has already been used. Open the link from the portal again.',
  portalTokenExpired: 'This portal token has expired. Open the link from the portal again.',
  portalTokenInvalid: 'This is not a valid portal token.',
  portalTokenNotPortal: 'This token is not a portal token: only a portal token can be redeemed.',
  portalTokenSessionEnded: 'The portal session this token was given in has ended. Sign in to the portal and open the link again.',
} as const;
