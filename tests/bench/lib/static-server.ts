// The floor page's server (127.0.0.1 only), serving its build the way the portal's server serves
// the portal (server/web.ts), so that the two compare fairly: Fastify with @fastify/static and the
// same options — the build's precompressed `.br`/`.gz` copy when the browser accepts it, hashed
// `assets/` cached for a year as immutable, everything else `no-cache` — and index.html for any
// other address, as the client-side router's fallback.
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { relative, resolve, sep } from 'node:path';
import { IMMUTABLE, NO_CACHE } from '../../../server/web.ts';
import { onCleanup } from './procs.ts';

export async function serveStatic(dir: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const root = resolve(dir);
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    index: ['index.html'],
    redirect: false,
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      reply.header('cache-control', relative(root, filePath).split(sep).join('/').startsWith('assets/') ? IMMUTABLE : NO_CACHE);
    },
  });
  app.setNotFoundHandler((_request, reply) => reply.header('cache-control', NO_CACHE).sendFile('index.html', root));
  await app.listen({ port, host: '127.0.0.1' });
  const close = onCleanup(`static server :${port}`, () => app.close());
  return { url: `http://127.0.0.1:${port}`, close };
}
