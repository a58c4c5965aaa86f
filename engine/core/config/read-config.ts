// Reads one configuration file the way every reader must see it: screens and machines with their
// fragments expanded. `npm run check` (load.ts), the build's plugins and the tests all come here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import { expandFragments, fragmentLibrary, type FragmentLibrary } from './fragments.ts';
import { formatProblem, type Problem } from './problem.ts';
import { parseSource, type SourceDoc } from './source.ts';

/** Where the fragments of screens and of machines live, relative to the project root. */
export const FRAGMENT_DIRS = { screens: 'schemas/fragments', machines: 'flows/fragments' } as const;

/** The fragment folder a file (root-relative) includes from; undefined where fragments are not expanded. */
export function fragmentDirOf(file: string): string | undefined {
  if (/^schemas\/screens\/.+\.ya?ml$/.test(file)) return FRAGMENT_DIRS.screens;
  if (/^flows\/[^/]+\.machine\.ya?ml$/.test(file)) return FRAGMENT_DIRS.machines;
  return undefined;
}

/** The fragment files of a folder (root-relative), parsed and checked. */
export function readFragmentLibrary(root: string, dir: string): { library: FragmentLibrary; docs: SourceDoc[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const docs = fragmentFiles(root, dir).map((file) => {
    const parsed = parseSource(file, readFileSync(join(root, file), 'utf8'));
    problems.push(...parsed.problems);
    return parsed.doc;
  });
  const { library, problems: found } = fragmentLibrary(dir, docs);
  return { library, docs, problems: [...problems, ...found] };
}

function fragmentFiles(root: string, dir: string): string[] {
  const base = join(root, dir);
  if (!existsSync(base) || !statSync(base).isDirectory()) return [];
  return readdirSync(base, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name) && statSync(join(base, name)).isFile())
    .map((name) => `${dir}/${name.split(sep).join('/')}`)
    .sort();
}

export interface ConfigFile {
  /** The parsed document, fragments expanded where they are used. */
  doc: SourceDoc;
  /** Its own problems and those of the fragments it includes (their files named). */
  problems: Problem[];
  /** The fragment files (root-relative) it was expanded from. */
  fragmentFiles: string[];
}

/**
 * One file (root-relative), parsed with positions; a screen or a machine with its fragments
 * expanded. `libraries` keeps each fragment folder read once across calls.
 */
export function readConfigFile(root: string, file: string, libraries = new Map<string, ReturnType<typeof readFragmentLibrary>>()): ConfigFile {
  const parsed = parseSource(file, readFileSync(join(root, file), 'utf8'));
  const dir = fragmentDirOf(file);
  if (!dir || parsed.doc.data === undefined) return { doc: parsed.doc, problems: parsed.problems, fragmentFiles: [] };
  let read = libraries.get(dir);
  if (!read) libraries.set(dir, read = readFragmentLibrary(root, dir));
  const expansion = expandFragments(parsed.doc, read.library);
  const ownFragments = new Set(expansion.files);
  // Only the problems of the fragment files this document reads concern it.
  const fragmentProblems = read.problems.filter((p) => ownFragments.has(p.file));
  return { doc: expansion.doc, problems: onlyOnce([...parsed.problems, ...expansion.problems, ...fragmentProblems]), fragmentFiles: expansion.files };
}

/** Problems without repeats: a mistake in a fragment is met by each document (and include) that reads it. */
export function onlyOnce(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const line = formatProblem(p);
    return !seen.has(line) && !!seen.add(line);
  });
}

/**
 * The data of one configuration file as the build reads it (absolute or root-relative path), with
 * the absolute paths of the files it was made from. A broken screen or machine throws, naming
 * each problem's file and line. The data is typed as the YAML parser types it: as its reader expects.
 */
export function readConfigData(root: string, path: string): { data: ReturnType<typeof parse>; files: string[] } {
  const absolute = isAbsolute(path) ? path : join(root, path);
  const file = relative(root, absolute).split(sep).join('/');
  // JSON through its own parser: a YAML parser takes many times longer over the large messages file.
  if (file.endsWith('.json')) return { data: JSON.parse(readFileSync(absolute, 'utf8')), files: [absolute] };
  if (!fragmentDirOf(file)) return { data: parse(readFileSync(absolute, 'utf8')), files: [absolute] };
  const { doc, problems, fragmentFiles } = readConfigFile(root, file);
  if (problems.length > 0) throw new Error(`configuration problems:\n${problems.map(formatProblem).join('\n')}`);
  return { data: doc.data, files: [absolute, ...fragmentFiles.map((f) => join(root, f))] };
}
