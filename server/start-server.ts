// Starts the portal server from the environment (server/config.ts): `npm start` (server/main.ts)
// and `npm run dev` (scripts/dev.ts, which adds its live site) share it.
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { configFromEnv } from './config.ts';

export interface StartOptions {
  /** Options over those of the environment. */
  app?: Partial<AppOptions>;
  /** Runs once the app is built, before it listens (the HTTP server exists: app.server). */
  beforeListen?: (app: FastifyInstance) => Promise<void>;
  /** Runs when the server shuts down, after the app has closed. */
  afterClose?: () => Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<FastifyInstance> {
  const config = configFromEnv();
  // Loaded only outside production: its identity-provider library is a development dependency.
  const demoIdentity = config.app.nodeEnv === 'production'
    ? null
    : await (await import('./demo/identity-provider-start.ts')).startDemoIdentityFor({ env: process.env, host: config.host, publicUrl: config.app.publicUrl! });
  // The started server runs the job queue; it uses the built-in sandbox payment provider outside
  // production, and in production only with SANDBOX_PROVIDER=1.
  const app = await buildApp({
    jobs: true, ...config.app, demoIdentityProvider: demoIdentity?.settings, sandboxProvider: config.app.sandboxProvider ?? config.app.nodeEnv !== 'production', ...options.app,
  });
  // Maple Grove's own website showing the portal, on another site's address; outside production only.
  const demoHost = config.app.nodeEnv === 'production'
    ? null
    : await (await import('./demo/host-site-start.ts')).startDemoHostFor({ env: process.env, host: config.host, publicUrl: config.app.publicUrl!, db: app.services.db });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await demoIdentity?.provider.close();
    await demoHost?.site.close();
    await options.afterClose?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await options.beforeListen?.(app);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const db = app.services.db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.app.dataDir}`;
  console.log(`Portal server listening on http://${shown}:${port}/ (database: ${db})`);
  return app;
}
