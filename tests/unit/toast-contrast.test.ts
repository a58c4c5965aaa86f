import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SystemContext } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import type { ThemeDocument } from '../../engine/react/app/config-types.ts';
import { contrastRatio } from '../../engine/react/theme/contrast.ts';
import { systemFor } from '../../engine/react/theme/systems.ts';
import { TOAST_TYPES } from '../../engine/react/theme/toast-colours.ts';

const themesDir = path.join(import.meta.dirname, '../../themes');
const themes: Record<string, ThemeDocument> = Object.fromEntries(
  readdirSync(themesDir).filter((file) => file.endsWith('.json')).map((file) => {
    const doc = JSON.parse(readFileSync(path.join(themesDir, file), 'utf8')) as ThemeDocument;
    return [doc.name, doc];
  }),
);

/** A colour token's final value in the theme's Chakra system, following `{colors.…}` references. */
function resolveColour(system: SystemContext, name: string, seen: string[] = []): string {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const value = String(token.originalValue);
  const reference = /^\{(.+)\}$/.exec(value);
  if (!reference) return value;
  if (seen.includes(reference[1])) throw new Error(`circular reference at ${name}`);
  return resolveColour(system, reference[1], [...seen, name]);
}

describe('contrast ratio', () => {
  it('follows WCAG 2: 21 for black on white, 1 for a colour on itself, 4.54 for #767676 on white', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#c2410c', '#c2410c')).toBe(1);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#fff', '#767676')).toBeCloseTo(4.54, 2);
    expect(() => contrastRatio('orange', '#fff')).toThrow(/not a #rgb/);
  });
});

describe('toast colours', () => {
  it('covers the three themes', () => {
    expect(Object.keys(themes).sort()).toEqual(['Default', 'Evergreen', 'Harbor']);
  });

  for (const name of Object.keys(themes)) {
    for (const type of TOAST_TYPES) {
      it(`${name}: ${type} toast text meets WCAG AA (4.5:1) on its background`, () => {
        const system = systemFor(themes, name, 'Default');
        const bg = resolveColour(system, `colors.toast.${type}.bg`);
        const fg = resolveColour(system, `colors.toast.${type}.fg`);
        expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});
