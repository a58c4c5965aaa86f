import { createSystem, defineConfig, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import { defaultBaseConfig, engineThemeConfig } from './base-config.ts';
import type { ThemeDocument } from '../app/config-types.ts';
import { defaultToastTokens } from './toast-colours.ts';
import { paletteTokens, palettesNamedBy } from './palettes.ts';
import { scaleTokens } from './scales.ts';

// Chakra's default error red (red.500) and toast colours fall below 4.5:1 contrast on light
// backgrounds; a theme may still set its own.
const ACCESSIBLE_DEFAULTS = defineConfig({
  theme: {
    semanticTokens: {
      colors: { fg: { error: { value: { _light: '#b42318', _dark: '#fda29b' } } }, ...defaultToastTokens },
    },
  },
});

const PAGE_STYLES = defineConfig({
  globalCss: {
    body: { bg: 'frame.page', color: 'fg' },
    // The content's text in the theme's type scale (scales.ts); the frame keeps the engine's, so that
    // a theme shown once the session has loaded changes no height of the frame (nothing below moves).
    main: { fontSize: 'body', lineHeight: 'body', fontWeight: 'body' },
    // Chakra draws a field's focus ring 1px wide: 2px is seen at a glance (the colours are in palettes.ts).
    html: { '--focus-ring-width': '2px' },
  },
});

function themeTokens(doc: ThemeDocument | undefined): SystemConfig {
  return defineConfig({ theme: { tokens: (doc?.tokens ?? {}) as never, semanticTokens: (doc?.semanticTokens ?? {}) as never } });
}

/** A system with `doc`'s tokens and, beside the engine's, the colour palettes any of `paletteDocs` names. */
function makeSystem(doc: ThemeDocument | undefined, paletteDocs: (ThemeDocument | undefined)[], breakpoints?: Record<string, string>): SystemContext {
  const palettes = paletteTokens([...new Set(paletteDocs.flatMap((named) => palettesNamedBy(named)))]);
  return createSystem(
    defaultBaseConfig, engineThemeConfig, ACCESSIBLE_DEFAULTS,
    defineConfig({ theme: { tokens: { colors: palettes.colors as never }, semanticTokens: { colors: palettes.semanticColors as never } } }),
    scaleTokens(doc?.scales),
    themeTokens(doc),
    defineConfig({ theme: breakpoints ? { breakpoints } : {} }),
    PAGE_STYLES,
  );
}

// By the themes' record, then by name: a record saved again (development mode) makes its systems afresh.
const cache = new WeakMap<object, Map<string, SystemContext>>();

function cached(themes: Record<string, ThemeDocument>, key: string, make: () => SystemContext): SystemContext {
  let known = cache.get(themes);
  if (!known) cache.set(themes, (known = new Map()));
  const system = known.get(key) ?? make();
  known.set(key, system);
  return system;
}

/** A theme document's own Chakra system. Unknown names fall back to the default theme. */
export function systemFor(themes: Record<string, ThemeDocument>, name: string, fallback: string, breakpoints?: Record<string, string>): SystemContext {
  const doc = themes[name] ?? themes[fallback];
  return cached(themes, `own:${doc?.name ?? ''}`, () => makeSystem(doc, [doc], breakpoints));
}

/**
 * The one Chakra system the page renders with, whatever its theme: the default theme's, with every
 * colour palette any theme names. Another theme only gives some of its CSS variables other values
 * (theme-variables.ts), so a change of theme makes no system and renders nothing again.
 */
export function sharedSystem(themes: Record<string, ThemeDocument>, defaultName: string, breakpoints?: Record<string, string>): SystemContext {
  const docs = Object.values(themes);
  return cached(themes, `shared:${defaultName}:${docs.map((doc) => doc.name).join(',')}`, () => makeSystem(themes[defaultName], docs, breakpoints));
}
