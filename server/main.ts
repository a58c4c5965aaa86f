// Starts the portal server: `node server/main.ts` (Node 24 runs TypeScript directly).
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

const config = configFromEnv();
// The started server runs the job queue; it uses the built-in sandbox payment provider outside
// production, and in production only with SANDBOX_PROVIDER=1.
const app = await buildApp({ jobs: true, ...config.app, sandboxProvider: config.app.sandboxProvider ?? config.app.nodeEnv !== 'production' });
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const db = app.services.db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.app.dataDir}`;
console.log(`Portal server listening on http://${shown}:${config.port}/ (database: ${db})`);
