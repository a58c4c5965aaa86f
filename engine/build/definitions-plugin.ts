import type { Plugin } from 'vite';

// Registry definitions: `*.widget.ts` and `*.shell.ts` (see engine/core/registry.ts).
const DEFINITION = /\.(widget|shell)\.ts$/;
// `props: () => import('./<name>.props.json', ...)...,` (one line): the props schema's loader.
const PROPS_LOADER = /^\s*props:.*\.props\.json.*,\s*$/gm;
// `description: '...'` (one line): for the docs only.
const DESCRIPTION = /^\s*description:\s*(['"`])(?:(?!\1)[^\\]|\\.)*\1,\s*$/gm;
// Any other `import('<module>')`: a component loader.
const LOADER_IMPORT = /import\(\s*(['"])([^'"]+)\1\s*\)/g;

/**
 * Shapes the registry's definitions for the browser build:
 * - the widgets' props schemas and the descriptions stay out of the bundle: only `npm run check`
 *   and `npm run generate` read them (in Node), so their lines are left out (the browser never
 *   calls `props()`);
 * - an `eager: true` definition's component loader becomes a static import: the component is part
 *   of the first chunk (a dynamic import there would split the modules it shares with the rest).
 */
export function definitionsPlugin(): Plugin {
  return {
    name: 'engine-definitions',
    apply: 'build',
    transform(code, id) {
      if (!DEFINITION.test(id.split('?')[0])) return null;
      let out = code.replace(PROPS_LOADER, '').replace(DESCRIPTION, '');
      if (/\beager:\s*true\b/.test(out)) {
        const statics: string[] = [];
        out = out.replace(LOADER_IMPORT, (_all, _quote: string, spec: string) => {
          statics.push(`import * as __eager${statics.length} from ${JSON.stringify(spec)};`);
          return `Promise.resolve(__eager${statics.length - 1})`;
        });
        out = `${statics.join('\n')}\n${out}`;
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}
