import { resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';

/** The project's root, whose configuration the development server serves. */
export const projectRoot = resolve(import.meta.dirname, '..', '..');

/**
 * Vite's development server on the project, as `npm run dev` serves the studio (the portal's API is
 * not needed: the studio reads the configuration only). `cacheName` keeps the dependencies it
 * prepares for the browser apart from another such server's.
 */
export async function startDevServer(cacheName: string): Promise<{ server: ViteDevServer; base: string }> {
  const server = await createServer({
    configFile: resolve(projectRoot, 'vite.config.ts'),
    root: projectRoot,
    logLevel: 'warn',
    cacheDir: resolve(projectRoot, '.tmp', cacheName),
    // Any free port: the portal's test servers have theirs.
    server: { port: 0, strictPort: false, host: '127.0.0.1', hmr: false },
    // Prepared up front: a dependency found only when a page asks for it would reload that page.
    optimizeDeps: { include: ['@dagrejs/dagre', '@stoplight/json-schema-sampler', 'react-error-boundary'] },
  });
  await server.listen();
  return { server, base: (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '') };
}
