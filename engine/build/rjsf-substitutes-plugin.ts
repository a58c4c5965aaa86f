import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Inside @rjsf only, heavy dependencies are replaced by small stand-ins, which keeps every form
 * page lighter (together about 47 KB gzip):
 * - a Markdown renderer (~30 KB) used for features the engine does not use (markdown descriptions,
 *   file-widget captions, developer error notes): a plain-text stand-in. Screens that show Markdown
 *   content load the real renderer in their own chunk;
 * - fast-uri (~7 KB), used only to resolve a `$ref` against a schema's `$id`: the platform's URL
 *   parser does the same resolution (engine/build/uri-resolve.ts);
 * - fast-equals (~2.7 KB), of which rjsf makes one deep comparison of form data and schemas:
 *   engine/build/deep-equal.ts compares the same kinds of value the same way;
 * - the JSON Schema merger behind `allOf` (~4 KB), which only the modules of forms with `allOf`
 *   bring (rjsf-defaults/all-of-merge.ts);
 * - omitExtraData (~1 KB), which rjsf calls only for a form that sets `omitExtraData`, and the
 *   engine's forms never do (rjsf-defaults/omit-extra-data.ts);
 * - getDecimalSeparator, which made a new Intl formatter on every render of a number field: the
 *   same answer, worked out once per list of languages (rjsf-defaults/decimal-separator.ts).
 */
const SUBSTITUTES: Array<{ module: RegExp; shim: string }> = [
  { module: /^markdown-to-jsx(\/|$)/, shim: fileURLToPath(new URL('./plain-markdown.ts', import.meta.url)) },
  { module: /^fast-uri$/, shim: fileURLToPath(new URL('./uri-resolve.ts', import.meta.url)) },
  { module: /^fast-equals$/, shim: fileURLToPath(new URL('./deep-equal.ts', import.meta.url)) },
  { module: /^\.\/shallowAllOfMerge\.js$/, shim: fileURLToPath(new URL('./rjsf-defaults/all-of-merge.ts', import.meta.url)) },
  { module: /^\.\/omitExtraData\.js$/, shim: fileURLToPath(new URL('./rjsf-defaults/omit-extra-data.ts', import.meta.url)) },
  { module: /^\.\/getDecimalSeparator\.js$/, shim: fileURLToPath(new URL('./rjsf-defaults/decimal-separator.ts', import.meta.url)) },
  // rjsf's default registry, its rarely rendered parts fetched on first use (~10 KB gzip less on
  // every form page): rjsf-defaults/.
  ...(['fields', 'widgets', 'templates'] as const).map((part) => ({
    module: new RegExp(`^\\./components/${part}/index\\.js$`),
    shim: fileURLToPath(new URL(`./rjsf-defaults/${part}.ts`, import.meta.url)),
  })),
];
const RJSF = /[\\/]node_modules[\\/]@rjsf[\\/]/;

export function rjsfSubstitutesPlugin(): Plugin {
  return {
    name: 'engine-rjsf-substitutes',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !RJSF.test(importer)) return null;
      return SUBSTITUTES.find((s) => s.module.test(source))?.shim ?? null;
    },
  };
}
