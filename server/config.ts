// Environment variables -> AppOptions (documented in docs/server.md).
import path from 'node:path';
import type { AppOptions } from './app.ts';
import { stdoutLog } from './log-stream.ts';
import { parseTrustProxy } from './trust-proxy.ts';
import { defaultRateRules, type RateRule } from './ratelimit.ts';

export interface ServerConfig {
  port: number;
  host: string;
  app: AppOptions;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function uploadMb(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < 1 || mb > 1024) throw new Error(`MAX_UPLOAD_MB must be a whole number from 1 to 1024, got '${value}'`);
  return mb;
}

function poolSize(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000, got '${value}'`);
  return size;
}

function dueWorkConcurrency(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error(`DUE_WORK_CONCURRENCY must be a whole number from 1 to 64, got '${value}'`);
  return workers;
}

/**
 * EMBED_RENEW_COOKIE=off: the embedded portal gets no renewal cookie, as in a browser that keeps
 * none for frames, so that its sign-in window can be tried. Testing only: a live portal without it
 * would sign every embedded user out on each reload, so production refuses to start with it.
 */
function embedRenewCookie(value: string | undefined, nodeEnv: string): boolean | undefined {
  if (value === undefined || value === '' || value.toLowerCase() === 'on') return undefined;
  if (value.toLowerCase() !== 'off') throw new Error(`EMBED_RENEW_COOKIE must be on or off, got '${value}'`);
  if (nodeEnv === 'production') throw new Error('EMBED_RENEW_COOKIE=off is for testing only and is refused in production: unset it');
  return false;
}

/** Sign-in attempts allowed per 15 minutes (per e-mail and address, and per address), when set. */
function signInLimits(env: NodeJS.ProcessEnv): { authenticate?: RateRule; authenticateIp?: RateRule } | undefined {
  const rule = (name: string, value: string | undefined): RateRule | undefined => {
    if (value === undefined || value === '') return undefined;
    const limit = Number(value);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new Error(`${name} must be a whole number from 1 to 100000, got '${value}'`);
    return { limit, windowSeconds: defaultRateRules.authenticate.windowSeconds };
  };
  const authenticate = rule('SIGN_IN_ATTEMPTS_PER_EMAIL', env.SIGN_IN_ATTEMPTS_PER_EMAIL);
  const authenticateIp = rule('SIGN_IN_ATTEMPTS_PER_IP', env.SIGN_IN_ATTEMPTS_PER_IP);
  if (!authenticate && !authenticateIp) return undefined;
  return { ...(authenticate ? { authenticate } : {}), ...(authenticateIp ? { authenticateIp } : {}) };
}

/**
 * The portal's address as its readers reach it, which links in mail are built on: PUBLIC_URL
 * (http or https, optionally with a path prefix; no query or fragment), else the server's own
 * http://HOST:PORT (localhost when it listens on every address), which suits development only.
 */
export function publicUrlOf(value: string | undefined, host: string, port: number): string {
  if (value === undefined || value === '') {
    const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    return `http://${shown}:${port}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address such as https://portal.example.org, got '${value}'`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be an http(s) address without query, fragment or credentials, such as https://portal.example.org, got '${value}'`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const nodeEnv = env.NODE_ENV || 'development';
  const host = env.HOST || '0.0.0.0';
  // The server's own address is never what a reader outside reaches: a live portal would mail
  // links that lead nowhere.
  if (nodeEnv === 'production' && !env.PUBLIC_URL) {
    throw new Error('Cannot start in production without PUBLIC_URL: set it to the portal\'s address as its readers reach it, such as https://portal.example.org');
  }
  return {
    port,
    host,
    app: {
      nodeEnv,
      dataDir: path.resolve(env.DATA_DIR || './data'),
      databaseUrl: env.DATABASE_URL || undefined,
      databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
      dueWorkConcurrency: dueWorkConcurrency(env.DUE_WORK_CONCURRENCY),
      redisUrl: env.REDIS_URL || undefined,
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || undefined,
      publicUrl: publicUrlOf(env.PUBLIC_URL, host, port),
      jwtSecret: env.JWT_SECRET || undefined,
      demoData: flag(env.DEMO_DATA),
      // Off in production unless switched on (server/production.ts); main.ts defaults the sandbox on elsewhere.
      sandboxProvider: flag(env.SANDBOX_PROVIDER),
      devRoutes: flag(env.DEV_ROUTES),
      frameAncestors: env.FRAME_ANCESTORS || undefined,
      embedRenewCookie: embedRenewCookie(env.EMBED_RENEW_COOKIE, nodeEnv),
      staticDir: path.resolve(env.STATIC_DIR || './dist'),
      schemasDir: env.SCHEMAS_DIR ? path.resolve(env.SCHEMAS_DIR) : undefined,
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      maxUploadMb: uploadMb(env.MAX_UPLOAD_MB),
      rateLimits: signInLimits(env),
      logger: { level: env.LOG_LEVEL || (nodeEnv === 'production' ? 'info' : 'warn'), stream: stdoutLog() },
    },
  };
}
