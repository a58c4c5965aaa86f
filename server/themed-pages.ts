// A page the build rendered ahead of time whose route names a theme by its address
// (routes.yaml `themeFromQuery`: /paynow?association=maplegrove) is sent in the theme of the
// association named, so that its first paint is the look it keeps once its code has run, rather
// than the default theme until then. An address naming no association, or one in the default
// theme, gets the page as built. Each page in each theme is made and compressed once.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prerenderedFile } from '../engine/core/prerendered.ts';
import { hasThemeRules, THEME_STYLES_FILE, themedMarkup } from '../engine/core/themed-page.ts';
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
}

/** The theme (design template) of the association with `code`, or null when none has it. */
async function associationTheme(db: Queryable, code: string): Promise<string | null> {
  if (code.length > 100) return null;
  const { rows } = await db.query<{ design_template: string }>('SELECT design_template FROM associations WHERE code = lower($1)', [code]);
  return rows[0]?.design_template ?? null;
}

export function themedPages(root: string, db: Queryable): ThemedPages {
  const rulesFile = path.join(root, THEME_STYLES_FILE);
  // A build made before the rules were a file of their own sends every page as built.
  const rules = existsSync(rulesFile) ? readFileSync(rulesFile, 'utf8') : '';
  const kept = new Map<string, Buffer>();
  return {
    async send(request, reply, pathname, queryValue) {
      if (!rules) return false;
      const theme = await associationTheme(db, queryValue);
      if (!theme || !hasThemeRules(rules, theme)) return false;
      const encoding = encodingFor(request);
      const key = `${pathname} ${theme} ${encoding}`;
      let body = kept.get(key);
      if (!body) {
        body = compress(themedMarkup(readFileSync(path.join(root, prerenderedFile(pathname)), 'utf8'), theme, rules), encoding);
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(key, body);
      }
      reply.code(200).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      await reply.send(body);
      return true;
    },
  };
}
