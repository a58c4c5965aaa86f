// Legacy addresses: the same compiled table the browser router uses (engine/core/redirects.ts),
// read from <schemasDir>/redirects.yaml; the /embed-style mirrors come from routes.yaml.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { compileRedirects, type RedirectTable, type RedirectsDoc } from '../engine/core/redirects.ts';

async function readYaml(file: string): Promise<unknown | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid YAML: ${(error as Error).message}`, { cause: error });
  }
}

function collectMirrors(routes: unknown): string[] {
  const layouts = (routes as { layouts?: Record<string, { mirror?: unknown }> } | undefined)?.layouts ?? {};
  return Object.values(layouts)
    .map((l) => l?.mirror)
    .filter((m): m is string => typeof m === 'string' && m.startsWith('/'));
}

/** Null when the schemas directory has no redirects.yaml. */
export async function loadRedirects(schemasDir: string): Promise<RedirectTable | null> {
  const file = path.join(schemasDir, 'redirects.yaml');
  const doc = await readYaml(file);
  if (doc === undefined) return null;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`${file}: expected a mapping with legacyPrefixes and redirects`);
  const routes = await readYaml(path.join(schemasDir, 'routes.yaml'));
  return compileRedirects(doc as RedirectsDoc, { mirrors: collectMirrors(routes) });
}
