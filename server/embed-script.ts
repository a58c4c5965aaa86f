// /embed.js, the one tag a company puts on its own site to show the portal there (public/embed.js,
// docs/embedding.md). Served here rather than as a file of the build: it is loaded by pages of
// other sites, which the app's Cross-Origin-Resource-Policy (same-origin) would refuse it to, and it
// must stay at one address whose every change reaches those pages (revalidated, never kept).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repoRoot } from './app-options.ts';

export const EMBED_SCRIPT_PATH = '/embed.js';
export const EMBED_SCRIPT_SOURCE = path.join(repoRoot, 'public', 'embed.js');

export function registerEmbedScript(app: FastifyInstance, source = EMBED_SCRIPT_SOURCE): void {
  if (!existsSync(source)) return;
  const text = readFileSync(source, 'utf8');
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  app.get(EMBED_SCRIPT_PATH, { config: { securityHeaders: { crossOriginResourcePolicy: { policy: 'cross-origin' } } } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('etag', etag).type('text/javascript; charset=utf-8');
    const seen = request.headers['if-none-match'];
    if (typeof seen === 'string' && seen.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
    return reply.send(text);
  });
}
