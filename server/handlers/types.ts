// What a handler receives and returns. Handlers are plain async functions keyed by operationId;
// requests reach them already authorized (x-policy, server/authz/) and validated against the
// operation's schemas: a handler never decides who may call it, only what the caller gets.
import type { Readable } from 'node:stream';
import type { Db } from '../db/index.ts';
import type { Upload } from '../uploads/multipart.ts';
import type { Clock } from '../clock.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { SessionRegistry } from '../auth/sessions.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { Mailer } from '../mail/index.ts';
import type { RateLimiter } from '../ratelimit.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { GuestTokenService } from '../payments/guest-token.ts';
import type { Jobs } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import type { Caller, ExpressCaller, GuestCaller, UserCaller } from '../authz/caller.ts';
import type { SsoService } from '../sso/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Operations } from '../../generated/operation-types.ts';
import type { operations as operationIndex } from '../../generated/operations.ts';

export type { Caller, ExpressCaller, GuestCaller, UserCaller } from '../authz/caller.ts';

export type { Logger } from '../logger.ts';

export interface Services {
  db: Db;
  /** The app's clock: business dates and due work (movable outside production, with the /dev routes). */
  clock: Clock;
  /** Real time, never moved: sign-in sessions and what lasts as long as one (mimic sessions). */
  realClock: Clock;
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
  // --- portal settings (server/settings/) ---
  /** Settings at three levels (global <- company <- association), cached per instance. */
  settings: SettingsService;
  // --- single sign-on (server/sso/) ---
  /** Companies' OpenID Connect providers: the client, the portal's redirect address. */
  sso: SsoService;
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
  /** Multipart operations only: reads the parts (server/uploads/multipart.ts); call it once. */
  upload?: () => Promise<Upload>;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A file answer (an operation declaring a non-JSON response): sent as it is, instead of a JSON body. */
  content?: Readable | Buffer;
}

export type Handler = (request: OperationRequest, services: Services) => Promise<OperationResult>;
export type HandlerMap = Record<string, Handler>;

/** The part of a request that says who calls (any operation's typed request has it). */
type CallerPart = Pick<OperationRequest, 'operationId' | 'caller'>;

function callerOf<K extends Caller['kind']>(request: CallerPart, kind: K): Extract<Caller, { kind: K }> {
  if (request.caller.kind !== kind) throw new Error(`${request.operationId}: a ${request.caller.kind} caller where x-policy admits only ${kind}`);
  return request.caller as Extract<Caller, { kind: K }>;
}

/** The signed-in caller of an operation whose x-policy admits only signed-in principals. */
export function principalOf(request: CallerPart): UserCaller {
  return callerOf(request, 'user');
}

/** The guest session calling a guest-pay operation. */
export function guestOf(request: CallerPart): GuestCaller {
  return callerOf(request, 'guest');
}

/** The express session calling an express-pay operation. */
export function expressOf(request: CallerPart): ExpressCaller {
  return callerOf(request, 'express');
}

// --- handlers typed by the contract (generated/operation-types.ts, from openapi/) ---

export type OperationId = keyof Operations & string;
/** The operationIds of one API group (openapi/<group>.yaml). */
export type GroupOperationId<Group extends string> = {
  [Id in OperationId]: (typeof operationIndex)[Id]['group'] extends Group ? Id : never;
}[OperationId];

/** What the handler of one operation receives: its path parameters, query and body as validated. */
export type RequestOf<Id extends OperationId> = Omit<OperationRequest, 'operationId' | 'params' | 'query' | 'body'> & {
  operationId: Id;
  params: Operations[Id]['params'];
  query: Operations[Id]['query'];
  body: Operations[Id]['body'];
};

type Answer<Status, Body> = [Body] extends [undefined]
  ? { status: Status; body?: undefined; headers?: Record<string, string>; content?: Readable | Buffer }
  : { status: Status; body: Body; headers?: Record<string, string> };

/** One of the answers the operation declares: its status with that status's body. */
export type ResultOf<Id extends OperationId> = {
  [Status in keyof Operations[Id]['responses']]: Answer<Status, Operations[Id]['responses'][Status]>;
}[keyof Operations[Id]['responses']];

/**
 * A file sent instead of a status's JSON body, by an operation declaring both for that status
 * (`format=csv`); the server does not check a file against the JSON schema.
 */
export interface FileAnswer<Status> {
  status: Status;
  body?: undefined;
  headers: Record<string, string>;
  /** The whole file, or a stream of it (a long export, written as it is read). */
  content: Buffer | Readable;
}

export type OperationHandler<Id extends OperationId> = (
  request: RequestOf<Id>,
  services: Services,
) => Promise<ResultOf<Id> | FileAnswer<keyof Operations[Id]['responses']>>;

/** One handler per operationId of the given ones, each typed by its operation. */
export type OperationHandlers<Ids extends OperationId = OperationId> = { [Id in Ids]: OperationHandler<Id> };

/**
 * The typed handlers as the dispatcher holds them (by operationId, untyped). Sound because the
 * dispatcher calls each handler only for its own operation, after validating the path parameters,
 * query and body against that operation's schemas, and (outside production) checks the answer too.
 */
export function asHandlerMap<Ids extends OperationId>(handlers: OperationHandlers<Ids>): HandlerMap {
  return handlers as unknown as HandlerMap;
}
