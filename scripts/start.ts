// `npm start`: builds the demo portal (every feature flag on) when the build is missing or stale,
// then starts the one server process that serves the portal and the API.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFingerprint, STAMP_FILE } from './build-stamp.ts';
import { buildPortal } from './build.ts';

const root = join(import.meta.dirname, '..');
const features = process.env.PORTAL_FEATURES ?? 'all';
const outDir = join(root, 'dist');
const stampPath = join(outDir, STAMP_FILE);
const fresh = existsSync(stampPath) && readFileSync(stampPath, 'utf8') === buildFingerprint(root, features);

if (!fresh) {
  console.log('building the portal…');
  // Vite's production build sets NODE_ENV=production in this process; the server must see the
  // environment the user started it with (production is decided by the user, not by the build).
  const nodeEnv = process.env.NODE_ENV;
  await buildPortal({ root, features, quiet: true });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
process.env.STATIC_DIR ??= outDir;
await import('../server/main.ts');
