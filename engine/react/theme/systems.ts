import { createSystem, defineConfig, type SystemContext } from '@chakra-ui/react';
import { defaultBaseConfig, engineThemeConfig } from './base-config.ts';
import type { ThemeDocument } from '../app/config-types.ts';
import { defaultToastTokens } from './toast-colours.ts';
import { paletteTokens, palettesNamedBy } from './palettes.ts';

const cache = new Map<string, SystemContext>();

// Chakra's default error red (red.500) and toast colours fall below 4.5:1 contrast on light
// backgrounds; a theme may still set its own.
const ACCESSIBLE_DEFAULTS = defineConfig({
  theme: {
    semanticTokens: {
      colors: { fg: { error: { value: { _light: '#b42318', _dark: '#fda29b' } } }, ...defaultToastTokens },
    },
  },
});

/** One Chakra system per theme document, made on first use. Unknown names fall back to the default theme. */
export function systemFor(themes: Record<string, ThemeDocument>, name: string, fallback: string, breakpoints?: Record<string, string>): SystemContext {
  const doc = themes[name] ?? themes[fallback];
  const key = doc?.name ?? 'engine-default';
  const cached = cache.get(key);
  if (cached) return cached;
  const extraPalettes = paletteTokens(palettesNamedBy(doc));
  const system = createSystem(defaultBaseConfig, engineThemeConfig, ACCESSIBLE_DEFAULTS, defineConfig({
    theme: { tokens: { colors: extraPalettes.colors as never }, semanticTokens: { colors: extraPalettes.semanticColors as never } },
  }), defineConfig({
    theme: {
      tokens: (doc?.tokens ?? {}) as never,
      semanticTokens: (doc?.semanticTokens ?? {}) as never,
      ...(breakpoints ? { breakpoints } : {}),
    },
    globalCss: {
      body: { bg: 'frame.page', color: 'fg' },
      // A control waiting for its code is inert but not dimmed: dimming it and undimming it a moment
      // later would flash every button of a page rendered ahead of time.
      'button[data-awaiting-code]:disabled': { opacity: 1, cursor: 'progress' },
    },
  }));
  cache.set(key, system);
  return system;
}
