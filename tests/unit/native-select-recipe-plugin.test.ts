// The build writes the select recipe's values into Chakra's native select recipe: the recipe the
// page gets must be Chakra's own, value for value, and say so when Chakra's file changes shape.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { inlineSelectValues } from '../../engine/build/native-select-recipe-plugin.ts';

const themeIndex = createRequire(import.meta.url).resolve('@chakra-ui/react/theme').replace(/[\\/]cjs[\\/]theme[\\/]index\.cjs$/, '/esm/theme/index.js');
const file = join(dirname(themeIndex), 'recipes', 'native-select.js');

/** Imports the transformed module as if it were in Chakra's folder (its relative imports resolved there). */
async function importTransformed(code: string): Promise<{ nativeSelectSlotRecipe: unknown }> {
  const absolute = code.replace(/from '(\.{1,2}\/[^']+)'/g, (_, path: string) => `from '${pathToFileURL(join(dirname(file), path)).href}'`);
  return import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(absolute)}`) as Promise<{ nativeSelectSlotRecipe: unknown }>;
}

describe('native select recipe with the select recipe written in', () => {
  it('no longer imports the select recipe and is Chakra\'s recipe value for value', async () => {
    const code = inlineSelectValues(readFileSync(file, 'utf8'));
    expect(code).not.toContain('selectSlotRecipe');
    expect(code).not.toContain('./select.js');
    const { nativeSelectSlotRecipe: built } = await importTransformed(code);
    expect(built).toEqual(nativeSelectSlotRecipe);
  });

  it('refuses a file without the import or with a read it does not know, rather than build a different recipe', () => {
    expect(() => inlineSelectValues('const x = 1;')).toThrow(/no import of selectSlotRecipe/);
    expect(() => inlineSelectValues("import { selectSlotRecipe } from './select.js';\nconst x = selectSlotRecipe.variants?.size.md;"))
      .toThrow(/a read of selectSlotRecipe .* does not know/);
  });
});
