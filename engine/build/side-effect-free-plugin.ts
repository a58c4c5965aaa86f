import type { Plugin } from 'vite';

// Packages whose modules only define things, without saying so (no `sideEffects: false` in their
// package.json), and that a library imports for nothing but a function the portal never calls:
// marked free of side effects, they are left out when nothing uses what they export.
// - hoist-non-react-statics (with its own copy of react-is, ~1 KB gzip): Emotion imports it for
//   `withTheme`, and once more bare ("not tree-shakeable", its comment says), so every page carried it.
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/;

/** Marks the modules of SIDE_EFFECT_FREE free of side effects. */
export function sideEffectFreePlugin(): Plugin {
  return {
    name: 'engine-side-effect-free',
    apply: 'build',
    transform(_code, id) {
      return SIDE_EFFECT_FREE.test(id) ? { moduleSideEffects: false } : null;
    },
  };
}
