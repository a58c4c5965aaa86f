// Loads every configuration file of a project root, keeping positions for error reports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from './problem.ts';
import { parseSource, type SourceDoc } from './source.ts';

export type Collection = Record<string, SourceDoc>;

export interface Project {
  root: string;
  /** Every loaded file, sorted by path. */
  files: SourceDoc[];
  /** Top-level `schemas/<name>.yaml|json` by name: routes, redirects, features, errors ... */
  schemas: Collection;
  /** `schemas/<dir>/**` by dir then id (the path below dir without extension): screens, forms, messages, content ... */
  collections: Record<string, Collection>;
  /** `flows/<name>.machine.yaml` by name. */
  flows: Collection;
  /** `themes/<name>.json` by file name. */
  themes: Collection;
  /** `openapi/<group>.yaml` by group. */
  openapi: Collection;
}

const DATA = /\.(ya?ml|json)$/;

export function loadProject(root: string): { project: Project; problems: Problem[] } {
  const project: Project = { root, files: [], schemas: {}, collections: {}, flows: {}, themes: {}, openapi: {} };
  const problems: Problem[] = [];

  const add = (rel: string): SourceDoc => {
    const { doc, problems: found } = parseSource(rel, readFileSync(join(root, rel), 'utf8'));
    project.files.push(doc);
    problems.push(...found);
    return doc;
  };

  for (const rel of listFiles(root, 'schemas')) {
    const inner = rel.slice('schemas/'.length);
    const slash = inner.indexOf('/');
    if (slash < 0) {
      if (DATA.test(inner)) project.schemas[stripExt(inner)] = add(rel);
      continue;
    }
    const dir = inner.slice(0, slash);
    const isContent = dir === 'content' && rel.endsWith('.md');
    if (!DATA.test(inner) && !isContent) continue;
    (project.collections[dir] ??= {})[stripExt(inner.slice(slash + 1))] = add(rel);
  }
  for (const rel of listFiles(root, 'flows')) {
    const m = /^flows\/([^/]+)\.machine\.ya?ml$/.exec(rel);
    if (m) project.flows[m[1]] = add(rel);
  }
  for (const rel of listFiles(root, 'themes')) {
    const m = /^themes\/([^/]+)\.json$/.exec(rel);
    if (m) project.themes[m[1]] = add(rel);
  }
  for (const rel of listFiles(root, 'openapi')) {
    const m = /^openapi\/([^/]+)\.ya?ml$/.exec(rel);
    if (m) project.openapi[m[1]] = add(rel);
  }
  project.files.sort((a, b) => a.file.localeCompare(b.file));
  return { project, problems };
}

/** Files below `root/dir`, recursively, as sorted root-relative paths with forward slashes. */
function listFiles(root: string, dir: string): string[] {
  const base = join(root, dir);
  if (!existsSync(base) || !statSync(base).isDirectory()) return [];
  return readdirSync(base, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(base, name)).isFile())
    .map((name) => relative(root, join(base, name)).split(sep).join('/'))
    .sort();
}

function stripExt(name: string): string {
  return name.replace(/\.(ya?ml|json|md)$/, '');
}
