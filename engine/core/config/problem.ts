// A configuration problem: where it is (file, line, column, path inside the document) and why.

export type PathSegment = string | number;

export interface Problem {
  /** File relative to the project root, with forward slashes. */
  file: string;
  line?: number;
  column?: number;
  /** Path inside the document, e.g. `layouts.root.routes[3].screen` ('' for the whole file). */
  path: string;
  message: string;
}

/** `layouts.root.routes[3].screen`; keys that are not plain words are quoted: `paths["/a/b"]`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z0-9_$-]+$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** `schemas/routes.yaml:12:7 layouts.root.routes[3].screen: screen "foo" is not in schemas/screens/` */
export function formatProblem(p: Problem): string {
  const where = p.line !== undefined ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file;
  return p.path ? `${where} ${p.path}: ${p.message}` : `${where} ${p.message}`;
}

/** Orders problems by file, then line, for stable output. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
