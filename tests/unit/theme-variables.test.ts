// Themes shown by their CSS variables over one Chakra system (engine/react/theme/theme-variables.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ThemeDocument } from '../../engine/react/app/config-types.ts';
import { sharedSystem } from '../../engine/react/theme/systems.ts';
import { themeVariablesCss } from '../../engine/react/theme/theme-variables.ts';

const themesDir = path.join(import.meta.dirname, '../../themes');
const themes: Record<string, ThemeDocument> = Object.fromEntries(readdirSync(themesDir).filter((file) => file.endsWith('.json')).map((file) => {
  const doc = JSON.parse(readFileSync(path.join(themesDir, file), 'utf8')) as ThemeDocument;
  return [doc.name, doc];
}));

const tokenVar = (system: ReturnType<typeof sharedSystem>, name: string) => system.token.var(name, 'missing');

/** The declarations of the rule for `selector` in `css`, by variable. */
function declarations(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) return {};
  const body = css.slice(start + selector.length + 2, css.indexOf('}', start));
  return Object.fromEntries(body.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const colon = part.indexOf(':');
    return [part.slice(0, colon).trim(), part.slice(colon + 1).trim()];
  }));
}

describe('themeVariablesCss', () => {
  it('refuses a theme that makes a variable the default theme lacks: no class of the page would read it', () => {
    const extra = { ...themes.Default, name: 'Extra', tokens: { ...themes.Default.tokens, spacing: { huge: { value: '40rem' } } } };
    expect(() => themeVariablesCss({ Default: themes.Default, Extra: extra }, 'Default')).toThrow(/theme "Extra" makes --chakra-spacing-huge/);
  });

  const css = themeVariablesCss(themes, 'Default');

  it("gives each theme but the default its own brand colours and fonts, in Chakra's layer for tokens", () => {
    expect(css.startsWith('@layer tokens {')).toBe(true);
    const harbor = declarations(css, ':root[data-theme-name="Harbor"]');
    expect(harbor['--chakra-colors-brand-500']).toBe(themes.Harbor.tokens.colors && (themes.Harbor.tokens as { colors: { brand: { 500: { value: string } } } }).colors.brand[500].value);
    expect(harbor['--chakra-fonts-body']).toBeDefined();
    expect(Object.keys(declarations(css, ':root[data-theme-name="Evergreen"]')).length).toBeGreaterThan(0);
    expect(css).not.toContain('"Default"');
  });

  it('holds only the variables that differ from the default theme', () => {
    const harbor = declarations(css, ':root[data-theme-name="Harbor"]');
    expect(harbor['--chakra-colors-gray-500']).toBeUndefined();
    expect(harbor['--chakra-spacing-4']).toBeUndefined();
  });

  it('is empty for a theme the same as the default', () => {
    expect(themeVariablesCss({ Default: themes.Default, Twin: { ...themes.Default, name: 'Twin' } }, 'Default')).toBe('');
  });

  it('restates every dark value of a theme whose light values differ, so the light ones do not win in dark mode', () => {
    const moody: ThemeDocument = { ...themes.Default, name: 'Moody', semanticTokens: { colors: { fg: { value: { _light: '#111111', _dark: '#eeeeee' } } } } };
    const moodyCss = themeVariablesCss({ Default: themes.Default, Moody: moody }, 'Default');
    expect(declarations(moodyCss, ':root[data-theme-name="Moody"]')['--chakra-colors-fg']).toBe('#111111');
    const dark = declarations(moodyCss, ':root[data-theme-name="Moody"].dark');
    expect(dark['--chakra-colors-fg']).toBe('#eeeeee');
    expect(dark['--chakra-colors-bg']).toBeDefined();
  });
});

describe('sharedSystem', () => {
  it("has the default theme's values and every palette any theme names, so that a theme's variables always have a class to reach", () => {
    const lagoon = { name: 'Lagoon', tokens: {}, semanticTokens: { colors: { frame: { bg: { value: '{colors.teal.700}' } } } } } as ThemeDocument;
    const system = sharedSystem({ Default: themes.Default, Lagoon: lagoon }, 'Default');
    expect(tokenVar(system, 'colors.teal.700')).toMatch(/^var\(--chakra-/);
    expect(system.tokens.getByName('colors.frame.bg')?.originalValue).toBe((themes.Default.semanticTokens as { colors: { frame: { bg: { value: string } } } }).colors.frame.bg.value);
    expect(themeVariablesCss({ Default: themes.Default, Lagoon: lagoon }, 'Default')).toContain('--chakra-colors-frame-bg: var(--chakra-colors-teal-700)');
  });
});
