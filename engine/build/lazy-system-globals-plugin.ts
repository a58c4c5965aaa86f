import type { Plugin } from 'vite';

// Chakra makes a system's global styles (its reset, its base styles and a CSS variable for every
// token) as it makes the system, a third of the time that takes. A page rendered ahead of time has
// them already, and the browser adopts them by name (engine/react/theme/adopted-globals.ts): made on
// first use instead, they are not made at all there.
const SYSTEM = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = /^(\s*)_global,$/m;

/** Makes Chakra's system's `_global` a property worked out when first read. */
export function lazySystemGlobalsPlugin(): Plugin {
  return {
    name: 'engine-lazy-system-globals',
    apply: 'build',
    transform(code, id) {
      if (!SYSTEM.test(id)) return null;
      // A Chakra that makes its system otherwise fails the build here rather than making the styles twice.
      if (!code.includes(EAGER) || !RETURNED.test(code)) throw new Error(`${id}: Chakra no longer makes its global styles as engine/build/lazy-system-globals-plugin.ts expects`);
      return {
        code: code
          .replace(EAGER, 'let _global;')
          .replace(RETURNED, '$1get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },'),
        map: null,
      };
    },
  };
}
