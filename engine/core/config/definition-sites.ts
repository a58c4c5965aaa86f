// Where a flow module's definition is written, for problems about it: the file and line of the name
// in the module's source (followed from flows/registry.ts through its import), else the line of
// flows/registry.ts that registers the module. Found by reading the text, so a module written in an
// unusual way is still reported, at its registry line.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import type { ModuleRef, NameKind } from '../flow/lookup.ts';
import type { FlowModule } from '../flow/types.ts';
import { REGISTRY_FILE } from './context.ts';

export interface Site { file: string; line?: number; path: string }

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function linesOf(root: string, file: string): string[] {
  const full = join(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8').split('\n') : [];
}

/** The index of the first line at or after `from` matching `pattern`, or -1. */
function findLine(lines: string[], pattern: RegExp, from = 0): number {
  for (let i = from; i < lines.length; i += 1) if (pattern.test(lines[i])) return i;
  return -1;
}

/**
 * The line registering a module in flows/registry.ts, and its identifier: `'name': identifier`, or a
 * module fetched with its machine, `'name': () => import('./file.ts').then((m) => m.identifier)`
 * (then with the file it comes from).
 */
function registration(root: string, name: string): { line?: number; identifier?: string; file?: string } {
  const lines = linesOf(root, REGISTRY_FILE);
  const pattern = new RegExp(`^\\s*(['"]?)${escape(name)}\\1\\s*:\\s*([A-Za-z_$][\\w$]*)?`);
  const index = findLine(lines, pattern);
  if (index < 0) return {};
  const lazy = /import\(\s*['"](\.[^'"]+)['"]\s*\)\.then\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\2\.([A-Za-z_$][\w$]*)/.exec(lines[index]);
  if (lazy) {
    const file = relative(root, normalize(join(root, dirname(REGISTRY_FILE), lazy[1]))).split(sep).join('/');
    return { line: index + 1, identifier: lazy[3], file };
  }
  return { line: index + 1, identifier: pattern.exec(lines[index])?.[2] };
}

/** The project-relative file an identifier of flows/registry.ts is imported from. */
function importedFrom(root: string, identifier: string): string | undefined {
  const text = linesOf(root, REGISTRY_FILE).join('\n');
  for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
    const names = match[1].split(',').map((part) => part.trim().split(/\s+as\s+/).pop());
    if (names.includes(identifier)) return relative(root, normalize(join(root, dirname(REGISTRY_FILE), match[2]))).split(sep).join('/');
  }
  return undefined;
}

/** The registry map a module is listed in: eager (`flows`, `sharedFlows`) or fetched with its machine (`lazyFlows`, `lazySharedFlows`). */
function mapOf(root: string, ref: ModuleRef): string {
  const map = ref.kind === 'flow' ? 'flows' : 'sharedFlows';
  return registration(root, ref.name).file ? `lazy${map[0].toUpperCase()}${map.slice(1)}` : map;
}

/** Which map of a module holds a name of a kind. */
function section(module: FlowModule, kind: NameKind, name: string): string {
  if (kind === 'guard') return 'guards';
  if (kind === 'actor') return 'actors';
  return module.effects && Object.hasOwn(module.effects, name) ? 'effects' : 'assigns';
}

/**
 * The site of `name` (of `kind`) in a module, or of its `overrides` list when `kind` is left out.
 * A module of the engine is reported at its source, engine/core/flow/builtins.ts.
 */
export function definitionSite(root: string, ref: ModuleRef, module: FlowModule, kind: NameKind | undefined, name: string | undefined): Site {
  const map = mapOf(root, ref);
  const part = kind && name ? `${section(module, kind, name)}.${name}` : 'overrides';
  const fallback = (line?: number): Site => ({ file: REGISTRY_FILE, line, path: `${map}[${JSON.stringify(ref.name)}].${part}` });
  if (ref.kind === 'engine') return { file: 'engine/core/flow/builtins.ts', path: `builtinFlowModule.${part}` };
  const { line, identifier, file: lazyFile } = registration(root, ref.name);
  if (!identifier) return fallback(line);
  const file = lazyFile ?? importedFrom(root, identifier);
  if (!file) return fallback(line);
  const lines = linesOf(root, file);
  const declared = findLine(lines, new RegExp(`\\b(const|let|var)\\s+${escape(identifier)}\\b`));
  if (declared < 0) return fallback(line);
  const key = kind && name ? name : 'overrides';
  const at = findLine(lines, new RegExp(`^\\s*(['"]?)${escape(key)}\\1\\s*[:(]`), declared);
  return at < 0 ? { file, line: declared + 1, path: identifier } : { file, line: at + 1, path: `${identifier}.${part}` };
}

/** The line of flows/registry.ts registering a module. */
export function registrationSite(root: string, ref: ModuleRef): Site {
  const map = mapOf(root, ref);
  return { file: REGISTRY_FILE, line: registration(root, ref.name).line, path: `${map}[${JSON.stringify(ref.name)}]` };
}
