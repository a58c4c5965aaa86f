// Bundles a few lines of imports as the production build would (tree-shaken, not minified), to see
// which libraries' code a build plugin lets the bundle leave out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** The bundle's code of an entry made of `lines`, written in `.tmp/<name>/`. */
export async function bundleEntry(name: string, lines: string[], plugins: Plugin[]): Promise<string> {
  const dir = join(import.meta.dirname, '..', '..', '..', '.tmp', name);
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, lines.join('\n'));
  const result = await build({
    configFile: false, logLevel: 'silent', mode: 'production', plugins,
    build: { write: false, minify: false, rolldownOptions: { input: entry, treeshake: { propertyReadSideEffects: false } } },
  }) as Rollup.RollupOutput;
  return result.output[0].code;
}
