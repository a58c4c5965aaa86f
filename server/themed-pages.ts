// A page the build rendered ahead of time whose route names a theme by its address
// (routes.yaml `themeFromQuery`: /paynow?association=maplegrove) is sent in the look of the
// association named: its theme, its colours over the theme and its favicon (server/branding/), so
// that its first paint is the look it keeps once its code has run, rather than the default look
// until then. An address naming no association, or one with the default look, gets the page as
// built. Each page in each look is made and compressed once (the look is read from memory: the
// settings' cache).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prerenderedFile } from '../engine/core/prerendered.ts';
import { hasThemeRules, inertMarkup, lookedMarkup, THEME_STYLES_FILE, themedMarkup } from '../engine/core/themed-page.ts';
import { lookByCode } from './branding/look.ts';
import type { SettingsService } from './settings/index.ts';
import type { Queryable } from './db/index.ts';

/** Pages in a theme kept at most (pages rendered ahead of time × themes × encodings is small). */
const MAX_KEPT = 200;

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

function compress(html: string, encoding: Encoding): Buffer {
  const bytes = Buffer.from(html, 'utf8');
  if (encoding === 'br') return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  if (encoding === 'gzip') return gzipSync(bytes, { level: 9 });
  return bytes;
}

export interface ThemedPages {
  /** Sends the page at `pathname` in the theme `queryValue` names; false when there is none to send it in. */
  send(request: FastifyRequest, reply: FastifyReply, pathname: string, queryValue: string): Promise<boolean>;
  /** Sends the page at `pathname` in `look` with nothing to run in it (a preview: server/branding/look-preview.ts); false when it cannot. */
  sendPreview(request: FastifyRequest, reply: FastifyReply, pathname: string, look: { designTemplate: string; themeOverrides: Record<string, string> }): Promise<boolean>;
}

export function themedPages(root: string, db: Queryable, settings: SettingsService): ThemedPages {
  const rulesFile = path.join(root, THEME_STYLES_FILE);
  // A build made before the rules were a file of their own sends every page as built.
  const rules = existsSync(rulesFile) ? readFileSync(rulesFile, 'utf8') : '';
  const kept = new Map<string, Buffer>();
  // The few pages a preview shows (server/branding/look-preview.ts), as built.
  const builtPages = new Map<string, string>();
  return {
    async send(request, reply, pathname, queryValue) {
      if (!rules) return false;
      const look = await lookByCode(db, settings, queryValue);
      if (!look) return false;
      const theme = look.designTemplate;
      const branded = Object.keys(look.themeOverrides).length > 0 || look.faviconUrl !== null;
      if (!hasThemeRules(rules, theme) && !branded) return false;
      const encoding = encodingFor(request);
      const key = `${pathname} ${theme} ${JSON.stringify(look.themeOverrides)} ${look.faviconUrl ?? ''} ${encoding}`;
      let body = kept.get(key);
      if (!body) {
        const built = readFileSync(path.join(root, prerenderedFile(pathname)), 'utf8');
        // Named even when it is the default theme: the page's session then starts with this look.
        body = compress(lookedMarkup(themedMarkup(built, theme, rules), { overrides: look.themeOverrides, icon: look.faviconUrl }), encoding);
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(key, body);
      }
      reply.code(200).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      await reply.send(body);
      return true;
    },
    async sendPreview(request, reply, pathname, look) {
      // Every draft differs: the page is made each time from the built one, read once.
      let built = builtPages.get(pathname);
      if (built === undefined) {
        built = readFileSync(path.join(root, prerenderedFile(pathname)), 'utf8');
        builtPages.set(pathname, built);
      }
      const theme = rules && hasThemeRules(rules, look.designTemplate) ? look.designTemplate : null;
      const page = inertMarkup(lookedMarkup(theme ? themedMarkup(built, theme, rules) : built, { overrides: look.themeOverrides }));
      // Made for one look at a time: compressed quickly rather than tightly.
      const gzip = encodingFor(request) !== 'identity';
      reply.code(200).type('text/html; charset=utf-8').header('vary', 'accept-encoding').header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex');
      if (gzip) reply.header('content-encoding', 'gzip');
      await reply.send(gzip ? gzipSync(Buffer.from(page, 'utf8'), { level: 1 }) : page);
      return true;
    },
  };
}
