import type { Plugin } from 'vite';

// Packages whose modules only define things, without saying so (no `sideEffects: false` in their
// package.json), and that a library imports for nothing but a function the portal never calls:
// marked free of side effects, they are left out when nothing uses what they export.
// - hoist-non-react-statics (with its own copy of react-is, ~1 KB gzip): Emotion imports it for
//   `withTheme`, and once more bare ("not tree-shakeable", its comment says), so every page carried it.
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/;

// react-router makes its components and contexts as its modules load, with calls the bundler cannot
// tell free of side effects (`const Link = React.forwardRef(…)`, `React.createContext(…)`), and names
// them for React's developer tools (`Link.displayName = "Link";`), an assignment it must keep: every
// page carried every component so made, used or not (its Link with the code prefetching a
// framework's route modules and data, NavLink, Form, the data router's contexts ...). The calls are
// marked pure, and the portal's production build goes without the names.
const REACT_ROUTER = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](production|development)[\\/].*\.m?js$/;
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
const MADE_AS_LOADED = /^((?:const|var|let) [\w$]+ = )(?=React(?:\$1)?\.(?:forwardRef|createContext|memo)\()/gm;

// The shim of use-sync-external-store (which @xstate/react imports) is a copy of React's hook for
// React 16 and 17; with React 18 and later it hands over to React's own. The package's entries
// without the shim are the same functions over React's hook.
const WITHOUT_SHIM: Record<string, string> = {
  'use-sync-external-store/shim': 'use-sync-external-store',
  'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
};

/**
 * Marks the modules of SIDE_EFFECT_FREE free of side effects and react-router's components made as
 * it loads pure, and takes use-sync-external-store without its shim.
 */
export function leanLibrariesPlugin(): Plugin {
  return {
    name: 'engine-lean-libraries',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      const instead = WITHOUT_SHIM[source];
      return instead ? this.resolve(instead, importer, { ...options, skipSelf: true }) : null;
    },
    transform(code, id) {
      if (SIDE_EFFECT_FREE.test(id)) return { moduleSideEffects: false };
      // Each name's line is left empty: the lines and columns of everything else stay put.
      if (REACT_ROUTER.test(id)) return { code: code.replace(DISPLAY_NAME, '').replace(MADE_AS_LOADED, '$1/* @__PURE__ */ '), map: null };
      return null;
    },
  };
}
