// Chakra builds the part names of every component as its modules load; with the calls marked pure
// (engine/build/pure-anatomies-plugin.ts) a bundle keeps only the anatomies and recipes it uses.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureAnatomiesPlugin } from '../../engine/build/pure-anatomies-plugin.ts';

const dir = join(import.meta.dirname, '..', '..', '.tmp', 'pure-anatomies');

async function bundle(plugins: Plugin[]): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, [
    "import { fieldAnatomy } from '@chakra-ui/react/anatomy';",
    "import { buttonRecipe, fieldSlotRecipe } from '@chakra-ui/react/theme';",
    'console.log(fieldAnatomy.keys(), buttonRecipe, fieldSlotRecipe);',
  ].join('\n'));
  const result = await build({
    configFile: false, logLevel: 'silent', mode: 'production', plugins,
    build: { write: false, minify: false, rolldownOptions: { input: entry, treeshake: { propertyReadSideEffects: false } } },
  }) as Rollup.RollupOutput;
  return result.output[0].code;
}

describe('pure anatomies', () => {
  it('leaves out the anatomies of components a bundle does not use', async () => {
    const code = await bundle([pureAnatomiesPlugin()]);
    expect(code).toContain('"requiredIndicator"');
    expect(code).toContain('chakra-button');
    for (const unused of ['"color-picker"', '"date-picker"', '"tree-view"', '"carousel"', '"tags-input"']) {
      expect(code).not.toContain(unused);
    }
  }, 60_000);

  it('is what leaves them out', async () => {
    expect(await bundle([])).toContain('"color-picker"');
  }, 60_000);
});
