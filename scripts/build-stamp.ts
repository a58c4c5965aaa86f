// A fingerprint of everything the browser build is made from, so `npm start` rebuilds only when stale.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const INPUTS = ['engine', 'schemas', 'flows', 'themes', 'generated', 'index.html', 'main.ts', 'vite.config.ts', 'package-lock.json'];

function walk(path: string, out: string[]) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  } else {
    out.push(path);
  }
}

export function buildFingerprint(root: string, features: string): string {
  const hash = createHash('sha256').update(`features=${features}\n`);
  const files: string[] = [];
  for (const input of INPUTS) walk(join(root, input), files);
  for (const file of files) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export const STAMP_FILE = '.build-stamp';
