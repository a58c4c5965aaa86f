// Chakra's colour palettes (gray, red, … pink) each cost about 27 CSS variables and a share of the
// time a theme's system takes to make when the portal starts (a third of it with all ten). The
// engine's components use five: gray (neutral) and the status colours of alerts, fields and
// toasts. The others are made only for a theme that names them.
import { semanticTokens, tokens } from '@chakra-ui/react/theme';

export const ENGINE_PALETTES = ['gray', 'red', 'orange', 'green', 'blue'] as const;

type ColourTokens = Record<string, unknown>;
const defaultColours = tokens.colors as ColourTokens;
const defaultSemanticColours = semanticTokens.colors as ColourTokens;

/** Chakra's palettes: the colour groups with a 500 shade (black, white and the like are single values). */
export const CHAKRA_PALETTES = Object.keys(defaultColours).filter((name) => {
  const group = defaultColours[name] as Record<string, unknown> | undefined;
  return typeof group === 'object' && group !== null && '500' in group;
});

/** `colours` without Chakra's palettes, except `keep`. */
function withPalettes(colours: ColourTokens, keep: ReadonlySet<string>): ColourTokens {
  return Object.fromEntries(Object.entries(colours).filter(([name]) => !CHAKRA_PALETTES.includes(name) || keep.has(name)));
}

/**
 * A focus indicator must stand out 3:1 from what is around it (WCAG 1.4.11). Chakra rings its
 * palettes with the 400 or 500 shade (gray.400 is 2.5:1 on white); the 700 shade is at least 4.5:1
 * on white in every palette. Dark backgrounds keep Chakra's shade, which is light enough there.
 */
function withVisibleFocusRings(semantic: ColourTokens): ColourTokens {
  return Object.fromEntries(Object.entries(semantic).map(([name, group]) => {
    if (!CHAKRA_PALETTES.includes(name) || typeof group !== 'object' || group === null || !('focusRing' in group)) return [name, group];
    const ring = (group as { focusRing: { value: { _dark?: string } } }).focusRing;
    return [name, { ...group, focusRing: { value: { _light: `{colors.${name}.700}`, _dark: ring.value._dark ?? `{colors.${name}.400}` } } }];
  }));
}

/** Chakra's colour tokens with the engine's palettes only. */
export const engineColourTokens = {
  colors: withPalettes(defaultColours, new Set(ENGINE_PALETTES)),
  semanticColors: withVisibleFocusRings(withPalettes(defaultSemanticColours, new Set(ENGINE_PALETTES))),
};

/**
 * The Chakra palettes beyond the engine's that a theme document names: as a token reference
 * (`{colors.teal.500}`), a colour value (`teal.500`) or a colour palette (`colorPalette: teal`).
 */
export function palettesNamedBy(doc: unknown): string[] {
  const text = JSON.stringify(doc ?? {});
  return CHAKRA_PALETTES.filter((name) => !(ENGINE_PALETTES as readonly string[]).includes(name)
    && new RegExp(`(colors\\.|"|\\{)${name}(\\.|")`).test(text));
}

/** Chakra's tokens for `names`, to add to a theme's system. */
export function paletteTokens(names: string[]) {
  return {
    colors: Object.fromEntries(names.map((name) => [name, defaultColours[name]])),
    semanticColors: withVisibleFocusRings(Object.fromEntries(names.map((name) => [name, defaultSemanticColours[name]]))),
  };
}
