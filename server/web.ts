// Everything that is not the API: the static site (precompressed, hashed assets cached forever,
// index.html never), legacy 301 redirects, the client-side-router fallback, and the development
// mailbox. The not-found handler answers /api and /dev misses in the API error shape; other
// addresses get index.html, with 404 when they are no page of the portal (server/site-routes.ts;
// a content page's address, when it has no page: server/pages/site-pages.ts),
// or the page the build rendered ahead of time for exactly that path (scripts/prerender.ts), in the
// theme its address names where its route says so (server/themed-pages.ts).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_DIR, prerenderedFile } from '../engine/core/prerendered.ts';
import type { RedirectTable } from '../engine/core/redirects.ts';
import type { Db } from './db/index.ts';
import type { SettingsService } from './settings/index.ts';
import { readOutbox } from './mail/index.ts';
import { errorBody } from './errors.ts';
import { loadSiteRoutes } from './site-routes.ts';
import { themedPages } from './themed-pages.ts';
import { PREVIEW_PAGES, previewLook } from './branding/look-preview.ts';
import { contentPageExists } from './pages/site-pages.ts';
import { isApiOrDev, registerDevSite, type DevSite } from './dev-site.ts';
import { isEmbeddedPage, type EmbedFraming } from './embedding/framing.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
// An embedded page's policy names the parent pages of one association (its address or its renewal
// cookie's): a shared cache must never hand it to a frame of another. Vary: Cookie would not cover
// the address-less reload (the cookie is httpOnly and partitioned, and many caches ignore Vary), so
// such answers are kept out of shared caches altogether; the browser still revalidates its own copy.
export const EMBEDDED_PAGE_CACHE = 'private, no-cache';

export interface WebOptions {
  staticDir: string | null;
  redirects: RedirectTable | null;
  mailbox: boolean;
  db: Db;
  /** The portal settings: the look a page rendered ahead of time is sent in (server/themed-pages.ts). */
  settings: SettingsService;
  /** Where routes.yaml and features.yaml live (which addresses are pages). */
  schemasDir: string;
  /** Development mode: pages and modules served live (server/dev-site.ts) instead of staticDir. */
  devSite?: DevSite;
  /** Who may frame an embedded page (server/embedding/framing.ts); absent: the app's policy as for every page. */
  embedFraming?: EmbedFraming;
}

/** The paths the build rendered ahead of time, read once: `prerendered/public/paynow.html` → `/public/paynow`. */
function listPrerendered(root: string): Set<string> {
  const dir = path.join(root, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Set();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return new Set(files.map((file) => {
    const page = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`;
    return page === '/index' ? '/' : page;
  }));
}

export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const devSite = options.devSite;
  if (devSite) await registerDevSite(app, devSite);
  const root = devSite ? null : options.staticDir && existsSync(path.join(options.staticDir, 'index.html')) ? path.resolve(options.staticDir) : null;
  const siteRoutes = root ? await loadSiteRoutes(options.schemasDir, root) : null;
  const prerenderedPages = root ? listPrerendered(root) : new Set<string>();
  const themed = root ? themedPages(root, options.db, options.settings) : null;
  if (options.staticDir && !root && !devSite) app.log.warn({ staticDir: options.staticDir }, 'static directory has no index.html: the site is not served (run npm run build)');

  if (root) {
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
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : isEmbeddedPage(reply.request.url.split('?')[0]) ? EMBEDDED_PAGE_CACHE : NO_CACHE);
      },
    });
  }

  if (options.mailbox) {
    app.get('/dev/mailbox.json', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return readOutbox(options.db);
    });
    app.get('/dev/mailbox', async (_req, reply) => {
      const mails = await readOutbox(options.db);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return mailboxPage(mails);
    });
  }

  // A page in a look not saved yet, for the management console's preview (server/branding/look-preview.ts).
  if (root && themed) {
    app.get<{ Params: { page: string }; Querystring: Record<string, unknown> }>('/look-preview/:page', async (request, reply) => {
      const pathname = `/${request.params.page}`;
      if (!(PREVIEW_PAGES as readonly string[]).includes(pathname) || !prerenderedPages.has(pathname)) {
        return reply.code(404).type('application/json; charset=utf-8').send(errorBody(404, 'There is nothing at this address.'));
      }
      const look = await previewLook(options.db, options.settings, request.query);
      await themed.sendPreview(request, reply, pathname, look);
      return reply;
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const pathname = url.split('?')[0];
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiOrDev(url)) {
      const target = options.redirects?.resolve(pathname, url.includes('?') ? url.slice(url.indexOf('?')) : '');
      if (target) return reply.code(301).header('location', target).header('cache-control', 'no-cache').send();
      // Missing hashed assets must not turn into HTML (the browser would try to run it).
      const lastSegment = pathname.split('/').pop() ?? '';
      const looksLikeFile = /^\/assets\//i.test(pathname) || (/\.[a-z0-9]{1,8}$/i.test(lastSegment) && !/\.html?$/i.test(lastSegment));
      // Development mode: /@id/..., /@fs/... are the module server's; one it could not make (a file that
      // does not parse) falls through to here, and must not turn into the page either.
      const moduleAddress = devSite !== undefined && pathname.startsWith('/@');
      const embedded = isEmbeddedPage(pathname) && !looksLikeFile;
      if (embedded && (devSite || root)) await options.embedFraming?.apply(request, reply);
      // Development mode: every other address gets the live page, which renders not-found itself.
      if (devSite && !looksLikeFile && !moduleAddress) {
        return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(await devSite.page(url));
      }
      if (root && !looksLikeFile) {
        reply.header('cache-control', embedded ? EMBEDDED_PAGE_CACHE : NO_CACHE);
        // Not a page (or a planned one): the app renders not-found, and the status says so too.
        // A content page's address is a page only when it has one (an unknown key: 404 too).
        const isPage = (siteRoutes?.isPage(pathname) ?? true) && (await contentPageExists(options.db, pathname, url.slice(pathname.length))) !== false;
        if (isPage && prerenderedPages.has(pathname)) {
          // In the theme its address names, when its route takes one from there.
          const themeQuery = siteRoutes?.themeQueryOf(pathname);
          const named = themeQuery ? new URLSearchParams(url.slice(pathname.length)).get(themeQuery) : null;
          if (named && themed && await themed.send(request, reply, pathname, named)) return reply;
          return reply.code(200).sendFile(prerenderedFile(pathname), root);
        }
        return reply.code(isPage ? 200 : 404).sendFile('index.html', root);
      }
    }
    return reply.code(404).type('application/json; charset=utf-8').send(errorBody(404, 'There is nothing at this address.'));
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function mailboxPage(mails: { to: string; subject: string; text: string; createdAt: string }[]): string {
  const items = mails
    .map(
      (m) => `<li>
  <article aria-labelledby="mail-${escapeHtml(m.createdAt)}-${mails.indexOf(m)}">
    <h2 id="mail-${escapeHtml(m.createdAt)}-${mails.indexOf(m)}">${escapeHtml(m.subject)}</h2>
    <dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Sent</dt><dd><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></dd></dl>
    <pre>${escapeHtml(m.text)}</pre>
  </article>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1a202c; }
ol { list-style: none; padding: 0; } li { border: 1px solid #a0aec0; border-radius: 0.5rem; margin: 1rem 0; padding: 1rem; }
h2 { font-size: 1.125rem; margin: 0 0 0.5rem; } dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 0.5rem; }
dt { font-weight: 600; } dd { margin: 0; } pre { white-space: pre-wrap; background: #f7fafc; padding: 0.75rem; margin: 0; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>Mail the server would have sent, newest first. This page does not exist in production. Reload to see new mail.</p>
${mails.length ? `<ol>\n${items}\n</ol>` : '<p>No mail yet.</p>'}
</main>
</body>
</html>
`;
}
