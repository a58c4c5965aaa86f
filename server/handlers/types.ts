// What a handler receives and returns. Handlers are plain async functions keyed by operationId;
// requests reach them already authorized (x-policy, server/authz/) and validated against the
// operation's schemas: a handler never decides who may call it, only what the caller gets.
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { SessionRegistry } from '../auth/sessions.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { Mailer } from '../mail/index.ts';
import type { RateLimiter } from '../ratelimit.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { GuestTokenService } from '../payments/guest-token.ts';
import type { Jobs } from '../jobs/queue.ts';
import type { Caller, ExpressCaller, GuestCaller, UserCaller } from '../authz/caller.ts';

export type { Caller, ExpressCaller, GuestCaller, UserCaller } from '../authz/caller.ts';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Services {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  /** Sign-in sessions: started at sign-in, ended by logout, password change and reset. */
  sessions: SessionRegistry;
  passwords: PasswordHasher;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: Logger;
  /** Secret mixed into stored one-time-code hashes (derived from the signing secret). */
  codePepper: string;
  // --- payments (server/payments/) ---
  /** The payment provider; null when none is configured (payment operations answer 503 PAY010). */
  paymentProvider: PaymentProvider | null;
  /** Guest payment tokens (audience guest-payments). */
  guestTokens: GuestTokenService;
  // --- jobs (server/jobs/) ---
  /** The due-work runner: runDueWork() now, trigger() a tick; register() more due work. */
  jobs: Jobs;
}

export interface OperationRequest {
  operationId: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  ip: string;
  /** Who is calling, identified and checked against the operation's x-policy. */
  caller: Caller;
  /** Request headers, lower-cased names (e.g. idempotency-key). */
  headers?: Record<string, string | undefined>;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: OperationRequest, services: Services) => Promise<OperationResult>;
export type HandlerMap = Record<string, Handler>;

function callerOf<K extends Caller['kind']>(request: OperationRequest, kind: K): Extract<Caller, { kind: K }> {
  if (request.caller.kind !== kind) throw new Error(`${request.operationId}: a ${request.caller.kind} caller where x-policy admits only ${kind}`);
  return request.caller as Extract<Caller, { kind: K }>;
}

/** The signed-in caller of an operation whose x-policy admits only signed-in principals. */
export function principalOf(request: OperationRequest): UserCaller {
  return callerOf(request, 'user');
}

/** The guest session calling a guest-pay operation. */
export function guestOf(request: OperationRequest): GuestCaller {
  return callerOf(request, 'guest');
}

/** The express session calling an express-pay operation. */
export function expressOf(request: OperationRequest): ExpressCaller {
  return callerOf(request, 'express');
}
