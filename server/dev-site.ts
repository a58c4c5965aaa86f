// Development mode (scripts/dev.ts): the browser's code is served live by a module server (Vite in
// middleware mode) instead of a build in a static directory. The server knows only this interface,
// never the module server itself, so production installs need none of it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface DevSite {
  /** Connect-style middleware answering the browser's module requests; calls next() for anything else. */
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  /** The page (index.html) for an address, as the module server prepares it for the browser. */
  page: (url: string) => Promise<string>;
}

/** The API and /dev routes never reach the module server: they stay the Fastify app's own. */
export function isApiOrDev(url: string): boolean {
  return /^\/(api|dev)(\/|$|\?)/i.test(url);
}

export async function registerDevSite(app: FastifyInstance, site: DevSite): Promise<void> {
  // Loaded here only: @fastify/middie is a development dependency.
  const { default: middie } = await import('@fastify/middie');
  await app.register(middie);
  app.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (isApiOrDev(req.url ?? '/')) next();
    else site.middleware(req, res, next);
  });
}
