// `npm run dev`: the portal for working on its configuration. The same server as `npm start` (the
// API, the demo data, the development mailbox) at one address (PORT, default 8080), but the
// browser's code comes straight from schemas/, flows/, themes/ and the engine through Vite's
// development server: saving a file updates the open page within a second, keeping what was typed
// where the change allows, and the configuration's problems show in the page and here.
//
// Vite runs in middleware mode inside the Fastify app (server/dev-site.ts, through @fastify/middie)
// rather than in front of it as a proxy: one process, one port, and the server's own answers
// (legacy redirects, /dev pages, the API's error shape) stay exactly those of `npm start`. Its hot
// updates travel over a WebSocket on the same HTTP server.
//
// PORTAL_ROOT: a project folder other than this one (its schemas/, flows/, themes/...); the
// browser tests run a copy of the configuration this way.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { startServer } from '../server/start-server.ts';

const repoRoot = join(import.meta.dirname, '..');
const root = resolve(process.env.PORTAL_ROOT ?? repoRoot);
process.env.PORTAL_ROOT = root;
// Every feature on, as `npm start` builds the demo portal.
process.env.PORTAL_FEATURES ??= 'all';
process.env.NODE_ENV ??= 'development';

let vite: ViteDevServer | null = null;
const ready = () => {
  if (!vite) throw new Error('the module server is not started yet');
  return vite;
};

await startServer({
  app: {
    schemasDir: join(root, 'schemas'),
    devSite: {
      middleware: (req, res, next) => ready().middlewares(req, res, next),
      // index.html as Vite prepares it (its client, React's refresh): no page was rendered ahead of
      // time here, so the entry (main.ts) starts the portal at once.
      page: async (url) => ready().transformIndexHtml(url, await readFile(join(root, 'index.html'), 'utf8')),
    },
  },
  beforeListen: async (app) => {
    vite = await createServer({
      configFile: join(repoRoot, 'vite.config.ts'),
      root,
      appType: 'custom',
      clearScreen: false,
      // Pre-bundled libraries go under the project's .tmp/, never into a shared node_modules.
      cacheDir: join(root, '.tmp', 'vite-dev'),
      server: {
        middlewareMode: true,
        ws: { server: app.server },
        // The engine shows the configuration's problems itself (engine/react/dev/ProblemsOverlay.tsx).
        hmr: { overlay: false },
        fs: { allow: [root, repoRoot] },
        // The database and build output change all the time and are no source of the page.
        watch: {
          ignored: ['**/data/**', '**/dist/**', '**/.tmp/**', '**/test-results/**', '**/playwright-report/**', `${resolve(process.env.DATA_DIR ?? 'data')}/**`],
          // A file is read once its size has held still: an editor (or a script) writing it in place
          // empties it first, and a busy machine would otherwise read it half written. A theme read
          // so is not the theme, and the page would reload, losing what was typed.
          awaitWriteFinish: { stabilityThreshold: 120, pollInterval: 20 },
        },
      },
    });
  },
  afterClose: async () => { await vite?.close(); },
});
console.log('development mode: saving a file in schemas/, flows/ or themes/ updates the open page');
