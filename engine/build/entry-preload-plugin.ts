import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { withStaticImports } from './static-imports.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The entry (main.ts) loads the portal with a dynamic import, so that a page rendered ahead of time
 * can be painted before the portal's code is fetched. Every other page has nothing to paint first:
 * index.html hints the portal's chunks (the entry's dynamic imports and their static imports) so the
 * browser fetches them while it parses, as it would a static import. Pages rendered ahead of time
 * leave these hints out (scripts/prerender.ts).
 */
export function entryPreloadPlugin(): Plugin {
  let base = '/';
  return {
    name: 'engine-entry-preload',
    apply: 'build',
    configResolved(config) { base = config.base; },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = context.chunk as OutputChunk | undefined;
        const bundle = context.bundle as OutputBundle | undefined;
        if (!entry || !bundle) return [];
        const already = withStaticImports(bundle, entry.fileName);
        const hinted = new Set<string>();
        for (const dynamic of entry.dynamicImports) withStaticImports(bundle, dynamic, hinted);
        return [...hinted].filter((file) => !already.has(file)).map((file): HtmlTagDescriptor => ({
          tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head',
        }));
      },
    },
  };
}
