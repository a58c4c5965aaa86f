// A theme's scales (spacing, radii, shadows, type) as the semantic tokens the layout widgets take.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ThemeDocument } from '../../engine/react/app/config-types.ts';
import { systemFor } from '../../engine/react/theme/systems.ts';
import { themeVariablesCss } from '../../engine/react/theme/theme-variables.ts';
import { endCheckCopies, expectProblem } from './support/broken-copy.ts';

afterAll(endCheckCopies);

const themesDir = path.join(import.meta.dirname, '../../themes');
const themes: Record<string, ThemeDocument> = Object.fromEntries(readdirSync(themesDir).filter((file) => file.endsWith('.json')).map((file) => {
  const doc = JSON.parse(readFileSync(path.join(themesDir, file), 'utf8')) as ThemeDocument;
  return [doc.name, doc];
}));

/** The CSS variables a system sets on the root element, whatever the colour mode. */
function variablesOf(doc: ThemeDocument): Record<string, string> {
  const system = systemFor({ [doc.name]: doc }, doc.name, doc.name);
  const css = system.getTokenCss() as Record<string, Record<string, Record<string, string>>>;
  return Object.assign({}, ...Object.values(css['@layer tokens'] ?? {}));
}

describe('theme scales', () => {
  it("reach the theme's system as semantic tokens", () => {
    const vars = variablesOf(themes.Evergreen);
    const scales = themes.Evergreen.scales!;
    expect(vars['--chakra-radii-card']).toBe(scales.radii!.card);
    expect(vars['--chakra-spacing-card-padding']).toBe(scales.space!.cardPadding);
    expect(vars['--chakra-spacing-layout-gap']).toBe(scales.space!.gap);
    expect(vars['--chakra-shadows-card']).toContain('rgba(12, 50, 31');
    expect(vars['--chakra-font-sizes-heading-1']).toBe(scales.type!.h1!.size);
    expect(vars['--chakra-line-heights-body']).toBe(scales.type!.body!.lineHeight);
    expect(vars['--chakra-font-weights-heading-2']).toBe(scales.type!.h2!.weight);
  });

  it("keeps the engine's values for a theme that sets none, a reference resolving to Chakra's own token", () => {
    const bare: ThemeDocument = { name: 'Bare', tokens: {} };
    const vars = variablesOf(bare);
    expect(vars['--chakra-radii-card']).toBe('var(--chakra-radii-l3)');
    expect(vars['--chakra-spacing-card-padding']).toBe('1rem');
    expect(vars['--chakra-shadows-card']).toBe('none');
    expect(vars['--chakra-font-sizes-body']).toBe('1rem');
    expect(vars['--chakra-font-sizes-heading-3']).toBe('1.125rem');
  });

  it('look distinct from theme to theme: each shipped theme gives the card its own corners and spacing', () => {
    const cards = Object.values(themes).map((doc) => {
      const vars = variablesOf(doc);
      return [vars['--chakra-radii-card'], vars['--chakra-spacing-card-padding-wide'], vars['--chakra-shadows-card']].join(' | ');
    });
    expect(new Set(cards).size).toBe(cards.length);
  });

  it("are shown by each theme's CSS variables over the default theme's system", () => {
    const css = themeVariablesCss(themes, 'Default');
    expect(css).toContain(`--chakra-radii-card: ${themes.Harbor.scales!.radii!.card};`);
    expect(css).toContain(`--chakra-radii-card: ${themes.Evergreen.scales!.radii!.card};`);
  });

  it('reports a bad value with its file and path (npm run check)', { timeout: 30_000 }, async () => {
    await expectProblem([{ file: 'themes/default.json', from: '"tokens": {', to: '"scales": { "radii": { "card": "round" } },\n  "tokens": {' }],
      'themes/default.json', '"card": "round"', 'scales.radii.card', 'must match pattern');
  });
});
