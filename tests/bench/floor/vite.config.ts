import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The floor page's build: the same production build as the portal (vite build, plugin-react),
// nothing else. tests/bench/run.ts passes outDir and sourcemap.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 2000 },
  logLevel: 'warn',
});
