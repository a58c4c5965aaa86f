// Loads every configuration file of a project root, keeping positions for error reports.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { findFragmentUse } from './fragments.ts';
import { formatPath, type Problem } from './problem.ts';
import { FRAGMENT_DIRS, fragmentDirOf, onlyOnce, readConfigFile, readFragmentLibrary } from './read-config.ts';
import type { SourceDoc } from './source.ts';

export type Collection = Record<string, SourceDoc>;

export interface Project {
  root: string;
  /** Every loaded file, sorted by path. */
  files: SourceDoc[];
  /** Top-level `schemas/<name>.yaml|json` by name: routes, redirects, features, errors ... */
  schemas: Collection;
  /** `schemas/<dir>/**` by dir then id (the path below dir without extension): screens, forms, messages, content ... (fragments are not a collection) */
  collections: Record<string, Collection>;
  /** Fragment files (`schemas/fragments/**`, `flows/fragments/**`) by path without extension; screens and machines are loaded with them expanded. */
  fragments: Collection;
  /** `flows/<name>.machine.yaml` by name. */
  flows: Collection;
  /** `themes/<name>.json` by file name. */
  themes: Collection;
  /** `openapi/<group>.yaml` by group. */
  openapi: Collection;
}

const DATA = /\.(ya?ml|json)$/;

export function loadProject(root: string): { project: Project; problems: Problem[] } {
  const project: Project = { root, files: [], schemas: {}, collections: {}, fragments: {}, flows: {}, themes: {}, openapi: {} };
  const problems: Problem[] = [];

  const libraries = new Map(Object.values(FRAGMENT_DIRS).map((dir) => [dir, readFragmentLibrary(root, dir)] as const));
  for (const { docs, problems: found } of libraries.values()) {
    for (const doc of docs) project.fragments[stripExt(doc.file)] = doc;
    project.files.push(...docs);
    problems.push(...found);
  }

  const add = (rel: string): SourceDoc => {
    const { doc, problems: found } = readConfigFile(root, rel, libraries);
    project.files.push(doc);
    problems.push(...found);
    if (!fragmentDirOf(rel)) {
      const use = findFragmentUse(doc.data);
      if (use) {
        const at = doc.locate(use);
        problems.push({ file: rel, line: at?.line, column: at?.column, path: formatPath(use), message: 'fragments are expanded only in screens (schemas/screens/) and machines (flows/*.machine.yaml)' });
      }
    }
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
    if (dir === 'fragments') continue; // read above, with the fragments of flows/
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
  return { project, problems: onlyOnce(problems) };
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
