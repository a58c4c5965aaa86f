import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const shim = fileURLToPath(new URL('./plain-markdown.ts', import.meta.url));

/**
 * @rjsf/core imports a Markdown renderer (~30 KB gzip) for features the engine does not use
 * (markdown descriptions, file-widget captions, developer error notes). Inside @rjsf only, it is
 * replaced by a plain-text stand-in, which keeps every form page that much lighter. Screens that
 * show Markdown content load the real renderer in their own chunk.
 */
export function rjsfPlainMarkdownPlugin(): Plugin {
  return {
    name: 'engine-rjsf-plain-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith('markdown-to-jsx') && importer && /[\\/]node_modules[\\/]@rjsf[\\/]/.test(importer)) return shim;
      return null;
    },
  };
}
