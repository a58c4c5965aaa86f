// What a handler receives and returns. Handlers are plain async functions keyed by operationId;
// requests reach them already authorized (x-roles) and validated against the operation's schemas.
import type { Db } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { Mailer } from '../mail/index.ts';
import type { RateLimiter } from '../ratelimit.ts';

export interface Principal {
  userId: number;
  customer: string;
}

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Services {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  passwords: PasswordHasher;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: Logger;
  /** Secret mixed into stored one-time-code hashes (derived from the signing secret). */
  codePepper: string;
}

export interface OperationRequest {
  operationId: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  ip: string;
  /** The signed-in caller, for operations whose x-roles are not only `public`. */
  principal: Principal | null;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: OperationRequest, services: Services) => Promise<OperationResult>;
export type HandlerMap = Record<string, Handler>;

/** The caller of an operation that requires sign-in (the preHandler guarantees it is there). */
export function principalOf(request: OperationRequest): Principal {
  if (!request.principal) throw new Error(`${request.operationId}: no principal on an authenticated operation`);
  return request.principal;
}
