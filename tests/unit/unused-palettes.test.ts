import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unusedPalettesPlugin } from '../../engine/build/unused-palettes-plugin.ts';
import type { ThemeDocument } from '../../engine/react/app/config-types.ts';

const theme = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist', 'esm', 'theme');
const files = { tokens: join(theme, 'tokens', 'colors.js'), semantic: join(theme, 'semantic-tokens', 'colors.js') };

/** The top-level names of the colours object in a module's text. */
const entries = (code: string) => [...code.matchAll(/^ {2}(\w+): \{/gm)].map((match) => match[1]);

function transformed(file: string, themes: ThemeDocument[]): string {
  const out = (unusedPalettesPlugin(() => themes).transform as (code: string, id: string) => { code: string } | null)(readFileSync(file, 'utf8'), file);
  return out!.code;
}

describe('unused-palettes-plugin', () => {
  it("keeps the engine's palettes and Chakra's other colours, and leaves the rest out of the tokens", () => {
    const code = transformed(files.tokens, [{ name: 'Default', tokens: {} } as ThemeDocument]);
    expect(entries(code)).toEqual(['transparent', 'current', 'black', 'white', 'gray', 'red', 'orange', 'green', 'blue']);
    expect(entries(transformed(files.semantic, []))).toEqual(['bg', 'fg', 'border', 'gray', 'red', 'orange', 'green', 'blue']);
  });

  it('keeps a palette a theme names, in both modules', () => {
    const named = [{ name: 'Lagoon', tokens: { colors: { brand: { solid: { value: '{colors.teal.600}' } } } } } as unknown as ThemeDocument];
    expect(entries(transformed(files.tokens, named))).toContain('teal');
    expect(entries(transformed(files.semantic, named))).toContain('teal');
    expect(entries(transformed(files.semantic, named))).not.toContain('pink');
  });

  it('leaves a module that loads and holds the palettes kept', async () => {
    // Written beside the original, so that its import of Chakra's helper resolves as the original's does.
    const copy = join(dirname(files.tokens), `colors.transformed-${process.pid}.js`);
    writeFileSync(copy, transformed(files.tokens, []));
    try {
      const { colors } = await import(pathToFileURL(copy).href) as { colors: Record<string, unknown> };
      expect(Object.keys(colors)).toEqual(['transparent', 'current', 'black', 'white', 'gray', 'red', 'orange', 'green', 'blue']);
    } finally {
      rmSync(copy);
    }
  });

  it('leaves other modules alone', () => {
    expect((unusedPalettesPlugin(() => []).transform as (code: string, id: string) => unknown)('const x = 1;', join(theme, 'tokens', 'spacing.js'))).toBeNull();
  });
});
