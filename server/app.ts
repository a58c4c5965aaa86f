// buildApp: the reference API server. Loads every openapi/*.yaml, registers one Fastify route per
// operation (servers[0].url + path), authorizes by x-roles in one preHandler, validates with the
// operation's schemas, and dispatches to the handler named by operationId. Also serves the static
// site, legacy redirects and (outside production) the development mailbox.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import type { ValidateFunction } from 'ajv';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { loadOpenApiDir, type OperationDef, type Role } from './openapi/load.ts';
import { createValidators, describeError, type CompiledOperation } from './openapi/validate.ts';
import { defaultHandlers } from './handlers/index.ts';
import type { Handler, HandlerMap, Principal, Services } from './handlers/types.ts';
import { ApiError, errorBody, messages, newErrorId, SERVER_ERROR_DETAIL, titleFor } from './errors.ts';
import { systemClock, type Clock } from './clock.ts';
import { createTokenService, type TokenLifetimes, defaultLifetimes } from './auth/tokens.ts';
import { createPasswordHasher, type PasswordCost } from './auth/passwords.ts';
import { createSessionRegistry, signedInPrincipal } from './auth/sessions.ts';
import { createMailer } from './mail/index.ts';
import { createDbStore, createRateLimiter, createRedisStore, defaultRateRules, type RateRules, type RateRuleName, type RateRule } from './ratelimit.ts';
import { resolveJwtSecret, deriveKey } from './secrets.ts';
import { seedDemo, seedDemoProviderData } from './demo/seed.ts';
import { loadRedirects } from './redirects.ts';
import { registerWeb } from './web.ts';
import { startupSafety } from './production.ts';
import { refuseControlCharacters } from './input-guard.ts';
// payments: the guest role and the provider (server/payments/)
import type { PaymentProvider } from './payments/provider.ts';
import { createGuestTokenService } from './payments/guest-token.ts';
import { paymentServiceFor } from './payments/index.ts';
import { enableFuturePayments } from './payments/future.ts';
import type { GuestPrincipal } from './handlers/types.ts';
// express pay: the express role (checkout links; server/payments/express-*.ts)
import { createExpressTokenService, type ExpressPrincipal } from './payments/express-token.ts';
import { expressPrincipal } from './payments/express-links.ts';
import { registerExpressPayDevRoutes } from './payments/express-dev-routes.ts';
// sandbox provider, app clock and jobs (server/sandbox-provider/, server/jobs/, server/clock.ts)
import { createAdjustableClock } from './clock.ts';
import { startJobs, registerDevClockRoutes, type JobsQueueOptions } from './jobs/index.ts';
import { createSandboxProvider, registerSandboxProvider, settleDue } from './sandbox-provider/index.ts';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const BODY_LIMIT = 100 * 1024;

export interface AppOptions {
  /** An open database (tests). When absent the app opens (and on close, closes) its own. */
  db?: Db;
  /** postgres://... ; unset: PGlite under dataDir. */
  databaseUrl?: string;
  /** PGlite data directory (default ./data); 'memory://' for an in-memory database. */
  dataDir?: string;
  /** true: load demo data into an empty database; false: never; undefined: only on PGlite (never in production). */
  demoData?: boolean;
  /** The /dev routes and the movable app clock (default: outside production only). */
  devRoutes?: boolean;
  jwtSecret?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom?: string;
  nodeEnv?: string;
  /** CSP frame-ancestors sources, space separated (default 'self'). */
  frameAncestors?: string;
  /** A Vite build (index.html + assets/); null: serve no site. Default <repo>/dist. */
  staticDir?: string | null;
  /** Where redirects.yaml and routes.yaml live. Default <repo>/schemas. */
  schemasDir?: string;
  openapiDir?: string;
  clock?: Clock;
  passwordCost?: PasswordCost;
  tokenLifetimes?: Partial<TokenLifetimes>;
  rateLimits?: Partial<Record<RateRuleName, RateRule>>;
  handlers?: HandlerMap;
  logger?: FastifyServerOptions['logger'];
  /** Check every response against the operation's schema (default: outside production). */
  validateResponses?: boolean;
  trustProxy?: boolean;
  /** The payment provider (payments and guest-pay operations); null/absent: none configured. */
  paymentProvider?: PaymentProvider | null;
  // --- sandbox provider and jobs (docs/sandbox-provider.md) ---
  /** Use the built-in sandbox provider when paymentProvider is not given (main.ts turns it on). */
  sandboxProvider?: boolean;
  /**
   * Run the job queue (pg-boss) and its recurring tick (main.ts turns it on). Off: no background
   * timers; due work runs through services.jobs.runDueWork() and POST /dev/clock/advance.
   */
  jobs?: boolean | JobsQueueOptions;
}

interface RouteEntry {
  op: OperationDef;
  validators: CompiledOperation;
  handler: Handler;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: RouteEntry;
  }
}

type RoleCheck = (request: FastifyRequest, services: Services) => Promise<Principal | GuestPrincipal | ExpressPrincipal | null>;

/** Throws when the operations and the handlers do not match one to one. */
export function checkHandlers(operations: OperationDef[], handlers: HandlerMap): void {
  const problems: string[] = [];
  for (const op of operations) {
    if (typeof handlers[op.operationId] !== 'function') problems.push(`operation '${op.operationId}' (${op.method} ${op.url}, ${op.file}) has no handler`);
  }
  const ids = new Set(operations.map((o) => o.operationId));
  for (const id of Object.keys(handlers)) {
    if (!ids.has(id)) problems.push(`handler '${id}' has no operation in openapi/`);
  }
  if (problems.length) throw new Error(`Cannot start the API: ${problems.join('; ')}`);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

function sendError(reply: FastifyReply, status: number, body: object, headers: Record<string, string> = {}) {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

function clientErrorDetail(error: { code?: string; message: string; statusCode?: number }): { detail: string; errorCode: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { detail: 'The request body is not valid JSON.', errorCode: 'REQ001' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { detail: 'The request body is empty.', errorCode: 'REQ001' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { detail: `The request body is larger than ${BODY_LIMIT / 1024} KB.`, errorCode: 'REQ002' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { detail: 'Send the request body as application/json.', errorCode: 'REQ003' };
    default:
      if (error instanceof SyntaxError) return { detail: 'The request body is not valid JSON.', errorCode: 'REQ001' };
      return { detail: error.statusCode === 404 ? 'There is nothing at this address.' : 'The request could not be processed.', errorCode: 'REQ000' };
  }
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const production = (options.nodeEnv ?? 'development') === 'production';
  let clock: Clock = options.clock ?? systemClock;
  // Sign-in tokens live on real time: moving the app clock (business dates) must not end sessions.
  const realClock: Clock = clock;
  const validateResponses = options.validateResponses ?? !production;
  const sandboxInUse = options.paymentProvider === undefined && options.sandboxProvider === true;
  const safety = startupSafety({ production, jwtSecret: options.jwtSecret, demoData: options.demoData, devRoutes: options.devRoutes, sandboxInUse });

  // The contract first: a mismatch between openapi/ and the handlers fails before anything opens.
  const docs = await loadOpenApiDir(options.openapiDir ?? path.join(repoRoot, 'openapi'));
  const operations = docs.flatMap((d) => d.operations);
  const handlers = options.handlers ?? defaultHandlers();
  checkHandlers(operations, handlers);
  const roleChecks: Partial<Record<Role, RoleCheck>> = {
    async user(request, services) {
      const token = bearerToken(request);
      return token ? signedInPrincipal(services, token) : null;
    },
    // payments: a guest-payments token scoped to one account (server/payments/guest-token.ts).
    async guest(request, services) {
      const token = bearerToken(request);
      const claims = token ? await services.guestTokens.verify(token) : null;
      return claims ? { role: 'guest', ...claims } : null;
    },
    // express pay: an express session token whose checkout link is still active.
    async express(request, services) {
      const token = bearerToken(request);
      return token ? expressPrincipal({ db: services.db, clock: services.clock, tokens: services.expressTokens }, token) : null;
    },
  };
  for (const op of operations) {
    for (const role of op.roles) {
      if (role !== 'public' && !roleChecks[role]) throw new Error(`Cannot start the API: role '${role}' of operation '${op.operationId}' is not implemented by the server`);
    }
  }
  const validators = createValidators(docs);
  const routes: RouteEntry[] = operations.map((op) => ({ op, validators: validators.compile(op), handler: handlers[op.operationId] }));
  const redirects = await loadRedirects(options.schemasDir ?? path.join(repoRoot, 'schemas'));

  const ownDb = !options.db;
  const db = options.db ?? (await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? path.resolve('data') }));
  const closers: (() => Promise<void>)[] = [];
  if (ownDb) closers.push(() => db.close());
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };

  let app: FastifyInstance;
  try {
    await migrate(db);
    // With the /dev routes the app clock is adjustable (offset in settings, shared by every instance).
    const adjustableClock = safety.devRoutes ? await createAdjustableClock(db, clock) : null;
    if (adjustableClock) clock = adjustableClock;
    const jwtSecret = await resolveJwtSecret(db, options.jwtSecret, production);
    const passwords = createPasswordHasher(options.passwordCost);
    const shouldSeed = safety.seedDemo(db.kind);
    const seeded = shouldSeed ? await seedDemo(db, passwords, clock()) : false;

    const rateStore = options.redisUrl ? createRedisStore(options.redisUrl) : createDbStore(db, clock);
    closers.push(() => rateStore.close());
    const sessions = await createSessionRegistry({ db, clock: realClock, redisUrl: options.redisUrl });
    closers.push(() => sessions.close());
    const mailer = createMailer({ db, clock, smtpUrl: options.smtpUrl, from: options.mailFrom });
    closers.push(() => mailer.close());
    const rules: RateRules = { ...defaultRateRules, ...(options.rateLimits ?? {}) };

    app = Fastify({
      logger: options.logger ?? false,
      bodyLimit: BODY_LIMIT,
      trustProxy: options.trustProxy ?? false,
      return503OnClosing: true,
      genReqId: () => newErrorId(),
    });
    for (const warning of safety.warnings) app.log.warn(warning);
    // --- jobs: the due-work runner (and, when enabled, pg-boss with its tick) ---
    const jobs = await startJobs({
      db,
      clock,
      log: app.log,
      handlers: { 'sandbox-provider.settlement': (now, context) => settleDue(context.db, now) },
      queue: options.jobs ? { databaseUrl: options.databaseUrl, ...(options.jobs === true ? {} : options.jobs) } : false,
    });
    closers.push(() => jobs.stop());

    const services: Services = {
      db,
      clock,
      tokens: createTokenService(jwtSecret, realClock, { ...defaultLifetimes, ...(options.tokenLifetimes ?? {}) }),
      sessions,
      passwords,
      mailer,
      rateLimiter: createRateLimiter(rateStore, clock, rules),
      log: app.log,
      codePepper: deriveKey(jwtSecret, 'one-time-codes'),
      paymentProvider: options.paymentProvider ?? null,
      guestTokens: createGuestTokenService(deriveKey(jwtSecret, 'guest-payments'), realClock),
      expressTokens: createExpressTokenService({ link: deriveKey(jwtSecret, 'express-pay'), session: deriveKey(jwtSecret, 'express-pay-session') }, clock),
      jobs,
    };
    if (sandboxInUse) services.paymentProvider = createSandboxProvider({ db, clock });
    app.decorate('services', services);
    // payments: demo data that goes through the provider (saved methods), once, after the seed.
    if (seeded) await seedDemoProviderData(db, services.paymentProvider, clock);
    // payments: apply the provider's settlement events (charge.settled / charge.returned) on every tick.
    if (services.paymentProvider) {
      jobs.register('payments.provider-events', async () => (await paymentServiceFor(services).applyProviderEvents()).applied);
    }
    // signed-in payments: future-dated payments are charged on their date (due work payments.future).
    if (services.paymentProvider) closers.push(enableFuturePayments(services));
    app.addHook('onClose', closeAll);

    // Only JSON bodies: text/plain (a "simple" cross-site request) is refused with 415.
    app.removeContentTypeParser('text/plain');

    const frameAncestors = (options.frameAncestors ?? "'self'").split(/[\s,]+/).filter(Boolean);
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          frameAncestors,
          upgradeInsecureRequests: null,
        },
      },
      // Embedding is governed by CSP frame-ancestors; X-Frame-Options would block allowed parents.
      frameguard: false,
      strictTransportSecurity: production,
    });

    app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error instanceof ApiError) return sendError(reply, error.status, error.toBody(), error.headers);
      const status = error.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        const { detail, errorCode } = clientErrorDetail(error);
        return sendError(reply, status, errorBody(status, detail, errorCode));
      }
      const errorId = newErrorId();
      request.log.error({ err: error, errorId, url: request.url, method: request.method }, `unhandled error ${errorId}`);
      return sendError(reply, 500, { status: 500, title: titleFor(500), detail: SERVER_ERROR_DETAIL, errorId });
    });

    app.addHook('preValidation', refuseControlCharacters);

    const principals = new WeakMap<FastifyRequest, Principal>();
    const guests = new WeakMap<FastifyRequest, GuestPrincipal>();
    const expressPayers = new WeakMap<FastifyRequest, ExpressPrincipal>();

    // The one place x-roles are enforced.
    async function authorize(request: FastifyRequest): Promise<void> {
      const entry = request.routeOptions.config.operation;
      if (!entry) throw new Error('route without operation');
      if (entry.op.roles.includes('public')) return;
      const unauthorized = (detail: string) =>
        new ApiError(401, detail, { errorCode: 'AUTH002', headers: { 'www-authenticate': 'Bearer' } });
      if (!bearerToken(request)) throw unauthorized(messages.authRequired);
      for (const role of entry.op.roles) {
        const principal = await roleChecks[role]?.(request, services);
        if (principal) {
          if ('role' in principal && principal.role === 'express') expressPayers.set(request, principal);
          else if ('role' in principal) guests.set(request, principal);
          else principals.set(request, principal);
          return;
        }
      }
      throw unauthorized(messages.tokenInvalid);
    }

    function check(validate: ValidateFunction | null, data: unknown, part: string): void {
      if (validate && !validate(data)) {
        throw new ApiError(400, describeError(part, validate.errors?.[0] ?? undefined), { errorCode: 'VAL001' });
      }
    }

    async function validateRequest(request: FastifyRequest): Promise<void> {
      const entry = request.routeOptions.config.operation!;
      const v = entry.validators;
      if (v.params) check(v.params, request.params, 'path');
      if (v.query) check(v.query, request.query, 'query');
      if (entry.op.body) {
        if (request.body === undefined || request.body === null) {
          if (entry.op.body.required) throw new ApiError(400, 'A JSON request body is required.', { errorCode: 'REQ001' });
        } else {
          check(v.body, request.body, 'request body');
        }
      }
    }

    for (const entry of routes) {
      app.route({
        method: entry.op.method,
        url: entry.op.url,
        config: { operation: entry },
        preHandler: [authorize, validateRequest],
        async handler(request, reply) {
          const result = await entry.handler(
            {
              operationId: entry.op.operationId,
              params: (request.params ?? {}) as Record<string, unknown>,
              query: (request.query ?? {}) as Record<string, unknown>,
              body: request.body,
              ip: request.ip,
              principal: principals.get(request) ?? null,
              guest: guests.get(request) ?? null,
              express: expressPayers.get(request) ?? null,
              headers: request.headers as Record<string, string | undefined>,
            },
            services,
          );
          if (validateResponses) {
            const declared = entry.op.responses[String(result.status)];
            if (declared === undefined) throw new Error(`${entry.op.operationId} answered ${result.status}, which its operation does not declare`);
            const validate = entry.validators.responses[String(result.status)];
            if (validate && !validate(result.body)) {
              throw new Error(`${entry.op.operationId} answered a body that does not match its schema: ${describeError('response', validate.errors?.[0] ?? undefined)}`);
            }
          }
          reply.code(result.status).headers({ 'cache-control': 'no-store', ...(result.headers ?? {}) });
          if (result.body === undefined) return reply.send();
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.body));
        },
      });
    }

    // --- the sandbox provider's hosted pages, and the development clock ---
    if (!production || sandboxInUse) registerSandboxProvider(app, { db, clock, frameAncestors });
    if (adjustableClock) registerDevClockRoutes(app, { clock: adjustableClock, jobs });
    if (safety.devRoutes) registerExpressPayDevRoutes(app, { db, clock, tokens: services.expressTokens });

    await registerWeb(app, {
      staticDir: options.staticDir === undefined ? path.join(repoRoot, 'dist') : options.staticDir,
      redirects,
      mailbox: safety.devRoutes,
      db,
      schemasDir: options.schemasDir ?? path.join(repoRoot, 'schemas'),
    });
    await app.ready();
  } catch (error) {
    await closeAll();
    throw error;
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
