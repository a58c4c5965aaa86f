import type { Plugin } from 'vite';

// Chakra's component anatomies (the names of each component's parts) are made as their modules
// load: `var parts = anatomy.build()`, `createAnatomy('x').parts(…)`, `y.extendWith(…)`, and each
// recipe's `slots: anatomy.keys()`. The bundler cannot tell these calls free of side effects, so
// every page carried the anatomy of every component, rendered or not.
const ANATOMY = /[\\/]node_modules[\\/](@zag-js|@ark-ui|@chakra-ui)[\\/].*anatomy\.m?js$/;
const RECIPE = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/][\w-]+\.js$/;
const DECLARED_CALL = /^((?:var|let|const)\s+[\w$]+\s*=\s*)(?=[\w$.]+\()/gm;
const SLOT_KEYS = /(\bslots:\s*)(?=[\w$]+\.keys\(\))/g;

/** Marks the calls that make anatomies pure, so that the bundle keeps only the anatomies it uses. */
export function pureAnatomiesPlugin(): Plugin {
  return {
    name: 'engine-pure-anatomies',
    apply: 'build',
    transform(code, id) {
      if (ANATOMY.test(id)) return { code: code.replace(DECLARED_CALL, '$1/* @__PURE__ */ '), map: null };
      if (RECIPE.test(id)) return { code: code.replace(SLOT_KEYS, '$1/* @__PURE__ */ '), map: null };
      return null;
    },
  };
}
