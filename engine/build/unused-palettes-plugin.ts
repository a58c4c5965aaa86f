import type { Plugin } from 'vite';
import type { ThemeDocument } from '../react/app/config-types.ts';
import { CHAKRA_PALETTES, ENGINE_PALETTES, palettesNamedBy } from '../react/theme/palettes.ts';

// Chakra's colour tokens carry ten palettes, and a page's system holds only the engine's and those
// its themes name (palettes.ts): the build's copy of Chakra's colour tokens goes without the others,
// which nothing could show (about 0.6 KB gzip on every page).
const COLOUR_TOKENS = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/](tokens|semantic-tokens)[\\/]colors\.js$/;

/** An entry of the colours object, as Chakra's modules write one: its name two spaces in, to its closing brace. */
const entryOf = (name: string) => new RegExp(`^  ${name}: \\{\\n[\\s\\S]*?^  \\},?\\n`, 'm');

/** Leaves the palettes no theme of `themes()` names, nor the engine uses, out of Chakra's colour tokens. */
export function unusedPalettesPlugin(themes: () => ThemeDocument[]): Plugin {
  return {
    name: 'engine-unused-palettes',
    apply: 'build',
    transform(code, id) {
      const kind = COLOUR_TOKENS.exec(id)?.[1];
      if (!kind) return null;
      const kept = new Set<string>([...ENGINE_PALETTES, ...themes().flatMap((doc) => palettesNamedBy(doc))]);
      let out = code;
      for (const name of CHAKRA_PALETTES.filter((palette) => !kept.has(palette))) {
        const entry = entryOf(name);
        // Every palette is a token; not every one has semantic tokens (the translucent whites and blacks).
        if (!entry.test(out)) {
          if (kind === 'tokens') throw new Error(`${id}: no palette "${name}" where engine/build/unused-palettes-plugin.ts expects one`);
          continue;
        }
        out = out.replace(entry, '');
      }
      return { code: out, map: null };
    },
  };
}
