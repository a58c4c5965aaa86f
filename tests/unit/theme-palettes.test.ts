import { describe, expect, it } from 'vitest';
import { palettesNamedBy } from '../../engine/react/theme/palettes.ts';
import { systemFor } from '../../engine/react/theme/systems.ts';
import type { ThemeDocument } from '../../engine/react/app/config-types.ts';

const tokenVar = (system: ReturnType<typeof systemFor>, path: string) => system.token.var(path, 'missing');

describe('colour palettes of a theme system', () => {
  it('has the palettes the engine uses, and not the others', () => {
    const system = systemFor({}, 'none', 'none');
    for (const path of ['colors.gray.500', 'colors.red.500', 'colors.orange.solid', 'colors.green.fg', 'colors.blue.500']) {
      expect(tokenVar(system, path), path).toMatch(/^var\(--chakra-/);
    }
    for (const path of ['colors.teal.500', 'colors.pink.solid', 'colors.yellow.500']) expect(tokenVar(system, path), path).toBe('missing');
  });

  it('makes a palette beyond those for a theme that names it', () => {
    const doc = {
      name: 'Lagoon',
      semanticTokens: { colors: { frame: { bg: { value: '{colors.teal.700}' } } } },
    } as unknown as ThemeDocument;
    const system = systemFor({ lagoon: doc }, 'lagoon', 'lagoon');
    expect(tokenVar(system, 'colors.teal.700')).toMatch(/^var\(--chakra-/);
    expect(tokenVar(system, 'colors.teal.solid')).toMatch(/^var\(--chakra-/);
    expect(tokenVar(system, 'colors.pink.500')).toBe('missing');
  });

  it('finds palettes named as references, colour values and colour palettes', () => {
    expect(palettesNamedBy({ a: { value: '{colors.purple.500}' } })).toEqual(['purple']);
    expect(palettesNamedBy({ bg: 'cyan.200', colorPalette: 'pink' })).toEqual(['cyan', 'pink']);
    expect(palettesNamedBy({ a: { value: '#102655' }, b: 'gray.500', c: 'tealish' })).toEqual([]);
  });
});
