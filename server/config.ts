// Environment variables -> AppOptions (documented in docs/server.md).
import path from 'node:path';
import type { AppOptions } from './app.ts';
import { stdoutLog } from './log-stream.ts';
import { parseTrustProxy } from './trust-proxy.ts';

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

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const nodeEnv = env.NODE_ENV || 'development';
  return {
    port,
    host: env.HOST || '0.0.0.0',
    app: {
      nodeEnv,
      dataDir: path.resolve(env.DATA_DIR || './data'),
      databaseUrl: env.DATABASE_URL || undefined,
      databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
      redisUrl: env.REDIS_URL || undefined,
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || undefined,
      jwtSecret: env.JWT_SECRET || undefined,
      demoData: flag(env.DEMO_DATA),
      // Off in production unless switched on (server/production.ts); main.ts defaults the sandbox on elsewhere.
      sandboxProvider: flag(env.SANDBOX_PROVIDER),
      devRoutes: flag(env.DEV_ROUTES),
      frameAncestors: env.FRAME_ANCESTORS || undefined,
      staticDir: path.resolve(env.STATIC_DIR || './dist'),
      schemasDir: env.SCHEMAS_DIR ? path.resolve(env.SCHEMAS_DIR) : undefined,
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      maxUploadMb: uploadMb(env.MAX_UPLOAD_MB),
      logger: { level: env.LOG_LEVEL || (nodeEnv === 'production' ? 'info' : 'warn'), stream: stdoutLog() },
    },
  };
}
