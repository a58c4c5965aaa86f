// The chunks a chunk of a build brings with it: itself and every chunk it imports statically,
// directly or not (what is loaded and run before its own code runs).
import type { Rollup } from 'vite';

/** `fileName` and every chunk it imports statically, each once. */
export function withStaticImports(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
  return into;
}
