// Routes that are not the API contract: the sandbox provider's hosted pages and API (whenever it is
// in use, and outside production), and with the /dev routes the movable clock and express-pay
// links (docs/server.md, "Other development routes"). The mailbox is part of the web (web.ts).
import type { FastifyInstance } from 'fastify';
import type { Runtime } from './services.ts';
import { registerSandboxProvider } from './sandbox-provider/index.ts';
import { registerDevClockRoutes } from './jobs/index.ts';
import { registerExpressPayDevRoutes } from './payments/express-dev-routes.ts';
import { registerEmbeddingDevRoutes } from './embedding/dev-routes.ts';

export function registerDevRoutes(
  app: FastifyInstance,
  runtime: Runtime,
  options: { production: boolean; sandboxInUse: boolean; devRoutes: boolean; frameAncestors: string[] },
): void {
  const { db, clock, jobs, expressTokens } = runtime.services;
  if (!options.production || options.sandboxInUse) registerSandboxProvider(app, { db, clock, frameAncestors: options.frameAncestors });
  if (runtime.adjustableClock) registerDevClockRoutes(app, { clock: runtime.adjustableClock, jobs });
  if (options.devRoutes) {
    registerExpressPayDevRoutes(app, { db, clock, tokens: expressTokens });
    registerEmbeddingDevRoutes(app, runtime.services);
  }
}
