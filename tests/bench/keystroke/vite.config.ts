import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { formsPlugin } from '../../../engine/build/forms-plugin.ts';
import { rjsfSubstitutesPlugin } from '../../../engine/build/rjsf-substitutes-plugin.ts';

// The keystroke page's build: the portal's production build of a form (plugin-react, the forms
// plugin precompiling the validators and rule conditions, the same stand-ins inside @rjsf), with
// this folder's fixture forms instead of schemas/forms. tests/bench/run.ts passes outDir and sourcemap.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    rjsfSubstitutesPlugin(),
    react(),
    formsPlugin({ formsDir: `${import.meta.dirname}/forms` }),
  ],
  build: { emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 2000 },
  logLevel: 'warn',
});
