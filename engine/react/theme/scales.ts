// A theme's scales: the spacing, radii, shadows and type sizes the layout widgets take, as Chakra
// semantic tokens (`spacing.card.padding`, `radii.card`, `fontSizes.heading.1` ...). Every system
// has them all, with the engine's values where a theme sets none: a theme other than the default is
// shown by its CSS variables (theme-variables.ts), so no theme may make a token the default lacks.
import { defineConfig, type SystemConfig } from '@chakra-ui/react';

export interface TypeStep { size: string; lineHeight: string; weight?: string }

export interface ThemeScales {
  space?: Partial<Record<'gap' | 'stack' | 'cardPadding' | 'cardPaddingWide' | 'cardGap', string>>;
  radii?: Partial<Record<'card', string>>;
  shadows?: Partial<Record<'card', string>>;
  type?: Partial<Record<'body' | 'h1' | 'h2' | 'h3', Partial<TypeStep>>>;
}

/** The engine's own values: those the widgets had before themes set them. */
export const DEFAULT_SCALES = {
  space: { gap: '1.25rem', stack: '1.25rem', cardPadding: '1rem', cardPaddingWide: '1.25rem', cardGap: '0.75rem' },
  radii: { card: '{radii.l3}' },
  shadows: { card: 'none' },
  type: {
    body: { size: '1rem', lineHeight: '1.5', weight: '400' },
    h1: { size: '1.5rem', lineHeight: '2rem', weight: '600' },
    h2: { size: '1.25rem', lineHeight: '1.875rem', weight: '600' },
    h3: { size: '1.125rem', lineHeight: '1.75rem', weight: '600' },
  },
} satisfies Required<{ [K in keyof ThemeScales]: Required<NonNullable<ThemeScales[K]>> }>;

const value = (v: string) => ({ value: v });

/** The semantic tokens of `scales` over the engine's values. */
export function scaleTokens(scales: ThemeScales | undefined): SystemConfig {
  const space = { ...DEFAULT_SCALES.space, ...scales?.space };
  const radii = { ...DEFAULT_SCALES.radii, ...scales?.radii };
  const shadows = { ...DEFAULT_SCALES.shadows, ...scales?.shadows };
  const type = Object.fromEntries(Object.entries(DEFAULT_SCALES.type).map(([step, own]) =>
    [step, { ...own, ...scales?.type?.[step as keyof typeof DEFAULT_SCALES.type] }])) as typeof DEFAULT_SCALES.type;
  const headings = ['h1', 'h2', 'h3'] as const;
  const byLevel = (pick: (step: TypeStep) => string) =>
    Object.fromEntries(headings.map((step, index) => [String(index + 1), value(pick(type[step]))]));
  return defineConfig({
    theme: {
      semanticTokens: {
        spacing: {
          layout: { gap: value(space.gap), stack: value(space.stack) },
          card: { padding: value(space.cardPadding), paddingWide: value(space.cardPaddingWide), gap: value(space.cardGap) },
        },
        radii: { card: value(radii.card) },
        shadows: { card: value(shadows.card) },
        fontSizes: { body: value(type.body.size), heading: byLevel((step) => step.size) },
        lineHeights: { body: value(type.body.lineHeight), heading: byLevel((step) => step.lineHeight) },
        fontWeights: { body: value(type.body.weight), heading: byLevel((step) => step.weight ?? '600') },
      } as never,
    },
  });
}

/** The Chakra style props of a heading of `level` (1 to 3; deeper ones look as level 3). */
export function headingStyle(level: number) {
  const step = String(Math.min(3, Math.max(1, level)));
  return { fontSize: `heading.${step}`, lineHeight: `heading.${step}`, fontWeight: `heading.${step}` };
}
