// Chakra builds the part names of every component as its modules load; with the calls marked pure
// (engine/build/pure-anatomies-plugin.ts) a bundle keeps only the anatomies and recipes it uses.
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { bundleEntry } from './support/bundle-entry.ts';
import { pureAnatomiesPlugin } from '../../engine/build/pure-anatomies-plugin.ts';

function bundle(plugins: Plugin[]): Promise<string> {
  return bundleEntry('pure-anatomies', [
    "import { fieldAnatomy } from '@chakra-ui/react/anatomy';",
    "import { buttonRecipe, fieldSlotRecipe } from '@chakra-ui/react/theme';",
    'console.log(fieldAnatomy.keys(), buttonRecipe, fieldSlotRecipe);',
  ], plugins);
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
