// `npm run build`: the browser bundle in dist/, with brotli and gzip copies of every text asset.
// PORTAL_FEATURES picks feature flags (default: schemas/features.yaml); PORTAL_OUT_DIR the folder.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from 'vite';
import { buildFingerprint, STAMP_FILE } from './build-stamp.ts';
import { prerenderPortal } from './prerender.ts';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function precompress(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const inner = precompress(path);
      files += inner.files; bytes += inner.bytes;
    } else if (COMPRESSIBLE.test(name)) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      files += 1; bytes += content.length;
    }
  }
  return { files, bytes };
}

export async function buildPortal(options: { root?: string; features?: string; outDir?: string; quiet?: boolean } = {}) {
  const root = resolve(options.root ?? join(import.meta.dirname, '..'));
  const features = options.features ?? process.env.PORTAL_FEATURES ?? '';
  const outDir = resolve(root, options.outDir ?? process.env.PORTAL_OUT_DIR ?? 'dist');
  process.env.PORTAL_FEATURES = features;
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: options.quiet ? 'warn' : 'info', build: { outDir } });
  const prerendered = await prerenderPortal({ root, outDir, quiet: options.quiet });
  if (!options.quiet) console.log(`prerendered ${prerendered.length} pages: ${prerendered.join(', ')}`);
  const { files } = precompress(outDir);
  writeFileSync(join(outDir, STAMP_FILE), buildFingerprint(root, features));
  // The server answers 404 for addresses that are no page of this build (server/site-routes.ts).
  writeFileSync(join(outDir, '.build-features'), features);
  if (!options.quiet) console.log(`precompressed ${files} files (brotli, gzip) in ${outDir}`);
  return outDir;
}

if (import.meta.main) {
  await buildPortal();
}
