// What buildApp can be told (server/config.ts maps the environment onto it; tests pass their own).
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import type { Db } from './db/index.ts';
import type { Clock } from './clock.ts';
import type { TokenLifetimes } from './auth/tokens.ts';
import type { PasswordCost } from './auth/passwords.ts';
import type { RateRuleName, RateRule } from './ratelimit.ts';
import type { HandlerMap } from './handlers/types.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { JobsQueueOptions } from './jobs/index.ts';
import type { TrustProxy } from './trust-proxy.ts';
import type { DevSite } from './dev-site.ts';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const BODY_LIMIT = 100 * 1024;

export interface AppOptions {
  /** An open database (tests). When absent the app opens (and on close, closes) its own. */
  db?: Db;
  /** postgres://... ; unset: PGlite under dataDir. */
  databaseUrl?: string;
  /** Connections in the PostgreSQL pool (default DEFAULT_POOL_SIZE of server/db/index.ts). */
  databasePoolSize?: number;
  /** Workers per instance charging recurring payments and recording notices (default DEFAULT_CONCURRENCY of recurring-due-work.ts; always 1 on PGlite). */
  dueWorkConcurrency?: number;
  /** PGlite data directory (default ./data); 'memory://' for an in-memory database. */
  dataDir?: string;
  /** true: load demo data into an empty database; false: never; undefined: only on PGlite (never in production). */
  demoData?: boolean;
  /** The /dev routes and the movable app clock (default: outside production only). */
  devRoutes?: boolean;
  jwtSecret?: string;
  redisUrl?: string;
  /** How stale an instance's copy of the portal settings may be, in ms (default 5000; saves on the instance and Redis messages drop it at once). */
  settingsRefreshMs?: number;
  smtpUrl?: string;
  mailFrom?: string;
  /** The portal's address as its readers reach it, for links in mail (server/config.ts publicUrlOf); default http://localhost:8080. */
  publicUrl?: string;
  nodeEnv?: string;
  /** The demo identity provider started beside the server (outside production): made Summit's single sign-on where Summit has none. */
  demoIdentityProvider?: { issuer: string; clientId: string };
  /** Replaces fetch for the requests to companies' identity providers (tests alter what a real provider answers). */
  ssoFetch?: typeof fetch;
  /** CSP frame-ancestors sources, space separated (default 'self'); embedded pages add their association's origins (server/embedding/). */
  frameAncestors?: string;
  /** false: startEmbeddedRenewal sets no renewal cookie (EMBED_RENEW_COOKIE=off, for testing the frame's sign-in window; refused in production). */
  embedRenewCookie?: boolean;
  /** A Vite build (index.html + assets/); null: serve no site. Default <repo>/dist. */
  staticDir?: string | null;
  /** Development mode (scripts/dev.ts): pages and modules served live instead of staticDir; refused in production. */
  devSite?: DevSite;
  /** Where redirects.yaml and routes.yaml live. Default <repo>/schemas. */
  schemasDir?: string;
  openapiDir?: string;
  clock?: Clock;
  passwordCost?: PasswordCost;
  tokenLifetimes?: Partial<TokenLifetimes>;
  rateLimits?: Partial<Record<RateRuleName, RateRule>>;
  handlers?: HandlerMap;
  logger?: FastifyServerOptions['logger'];
  /** The largest upload (multipart operations such as uploadDocument), in MB (default 25). */
  maxUploadMb?: number;
  /** Check every response against the operation's schema (default: outside production). */
  validateResponses?: boolean;
  /** Proxies trusted to name the client (server/trust-proxy.ts): a hop count or addresses/CIDRs; default none. */
  trustProxy?: TrustProxy;
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
