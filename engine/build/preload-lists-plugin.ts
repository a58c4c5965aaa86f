// Shorter preload lists for the chunks a page fetches later. Vite gives every dynamic import the
// list of chunks to fetch beside it (`__vite__mapDeps`), and the page's first chunk carries every
// list and every file name in them. Two kinds of entry are never worth their bytes:
// - a chunk the importing chunk imports statically (directly or not): it is there already;
// - the dependencies of a configuration chunk (a form: `virtual:engine-*`), which is data fetched
//   beside the widget that renders it: that widget's own list fetches the same libraries.
// A list left with only the imported chunk itself is dropped: the import fetches it at once.
import type { Plugin, Rollup } from 'vite';
import { withStaticImports } from './static-imports.ts';

type OutputBundle = Rollup.OutputBundle;

const CONFIGURATION_MODULE = '\0virtual:engine-';

export function preloadListsPlugin(): Plugin {
  let bundle: OutputBundle | null = null;
  const closures = new Map<string, Set<string>>();
  const loadedWith = (host: string) => {
    let closure = closures.get(host);
    if (!closure) closures.set(host, (closure = bundle ? withStaticImports(bundle, host) : new Set()));
    return closure;
  };
  const resolveDependencies = (fileName: string, deps: string[], context: { hostId: string }): string[] => {
    const target = bundle?.[fileName];
    if (target?.type === 'chunk' && target.facadeModuleId?.startsWith(CONFIGURATION_MODULE)) return [];
    const already = loadedWith(context.hostId);
    const needed = deps.filter((dep) => !already.has(dep));
    return needed.length === 1 && needed[0] === fileName ? [] : needed;
  };
  return {
    name: 'engine-preload-lists',
    apply: 'build',
    config: () => ({ build: { modulePreload: { resolveDependencies } } }),
    // Vite rewrites the lists while the bundle is written; this hook runs before, with the same bundle.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        closures.clear();
      },
    },
  };
}
