import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { configPlugin } from './engine/build/config-plugin.ts';
import { iconsPlugin } from './engine/build/icons-plugin.ts';
import { formsPlugin } from './engine/build/forms-plugin.ts';
import { checkPlugin } from './engine/build/check-plugin.ts';
import { problemsPlugin } from './engine/build/problems-plugin.ts';
import { definitionsPlugin } from './engine/build/definitions-plugin.ts';
import { rjsfSubstitutesPlugin } from './engine/build/rjsf-substitutes-plugin.ts';
import { entryPreloadPlugin } from './engine/build/entry-preload-plugin.ts';
import { pureAnatomiesPlugin } from './engine/build/pure-anatomies-plugin.ts';
import { nativeSelectRecipePlugin } from './engine/build/native-select-recipe-plugin.ts';
import { leanLibrariesPlugin } from './engine/build/lean-libraries-plugin.ts';
import { lazySystemGlobalsPlugin } from './engine/build/lazy-system-globals-plugin.ts';
import { stylesInPlacePlugin } from './engine/build/styles-in-place-plugin.ts';
import { unusedPalettesPlugin } from './engine/build/unused-palettes-plugin.ts';
import { preloadListsPlugin } from './engine/build/preload-lists-plugin.ts';
import { embedValidatorsPlugin } from './engine/build/embed-validators.ts';
import { lazySlotRecipes } from './engine/react/theme/lazy-slot-recipes.ts';

// PORTAL_ROOT: another project folder (its schemas/, flows/, themes/) built by this engine; `npm run dev` sets it.
const root = process.env.PORTAL_ROOT ? resolve(process.env.PORTAL_ROOT) : import.meta.dirname;
const engineConfig = configPlugin({ root, features: process.env.PORTAL_FEATURES });
const lazyRecipeFile = new RegExp(`[\\\\/]theme[\\\\/]recipes[\\\\/](${lazySlotRecipes.join('|')})\\.js$`);
/** A chunk of its own for Chakra's file of a recipe only lazily loaded code uses. */
function lazyRecipeChunk(id: string): string | null {
  const recipe = lazyRecipeFile.exec(id)?.[1];
  return recipe ? `${recipe}-recipe` : null;
}

// The portal build: the engine plus this product's configuration. PORTAL_FEATURES picks the
// build-time feature flags (see docs/configuration.md).
export default defineConfig({
  root,
  plugins: [
    checkPlugin({ root }),
    problemsPlugin({ root }),
    definitionsPlugin(),
    rjsfSubstitutesPlugin(),
    pureAnatomiesPlugin(),
    nativeSelectRecipePlugin(),
    leanLibrariesPlugin(),
    lazySystemGlobalsPlugin(),
    stylesInPlacePlugin(),
    unusedPalettesPlugin(() => engineConfig.api.themes()),
    react(),
    engineConfig,
    iconsPlugin({ root }),
    // The forms only gated areas use are listed apart (engine/build/apart.ts).
    formsPlugin({ formsDir: `${root}/schemas/forms`, apart: (ssr) => engineConfig.api.apart(ssr) }),
    embedValidatorsPlugin(),
    entryPreloadPlugin(),
    preloadListsPlugin(),
  ],
  build: {
    outDir: process.env.PORTAL_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 800,
    // Browsers preload modules themselves (Chromium, Firefox 115+, Safari 17+); one that cannot only
    // fetches them a little later, which is not worth a polyfill on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Every page loads the entry (index.html's script, main.ts), then the libraries
        // (engine/react/libraries.ts) and the portal (start.ts) at once: each is one file with
        // everything it imports statically, which comes with it anyway; a module two of them import
        // goes with the one loaded first. Left to itself, Rolldown (1.2) splits out a module the
        // portal shares with chunks loaded later (lazily loaded widgets, screens) whenever those
        // share it unevenly: it merges such modules into the portal's chunk one at a time, deepest
        // first, and refuses each merge that would for a moment have a file of the portal import one
        // that imports it back. The first screens then came in some 40 files, ~5 KB more gzip.
        codeSplitting: {
          groups: [
            // The groups below take a module's imports as written: the portal reaches these recipes
            // through the index of Chakra's theme, though only the code passing them uses them.
            // Each recipe alone: what it imports comes with the portal.
            { name: lazyRecipeChunk, priority: 4, includeDependenciesRecursively: false },
            { name: 'index', test: /[\\/]index\.html$/, priority: 3 },
            { name: 'libraries', test: /[\\/]engine[\\/]react[\\/]libraries\.ts$/, priority: 2 },
            { name: 'start', test: /[\\/]start\.ts$/, priority: 1 },
            // The form library's helpers that several lazily loaded chunks share (the form widget, its
            // fields, screens' own forms): left to itself, Rolldown gives each combination of them a
            // file, and a page with a form fetched ten of under 1 KB each, paying gzip's start-up cost
            // on each (~1.4 KB on /paynow). Only modules two chunks share; the validators' runtime
            // (ajv) stays out, as pages without a form (the frame's bridge, board filters) use it.
            { name: 'form-support', test: /[\\/]node_modules[\\/](@rjsf[\\/]utils|@rjsf[\\/]validator-ajv8|lodash|lodash-es)[\\/]/, minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
      // A statement that only reads a property is dropped when its value is unused: the libraries
      // here read properties for their values, never for a getter's side effects. Chakra's
      // defineConfig returns its argument: an unused configuration (its default theme, all of its
      // recipes) is dropped even when its module is shared by several chunks.
      treeshake: { propertyReadSideEffects: false, manualPureFunctions: ['defineConfig'] },
    },
  },
  server: { port: 5173 },
});
