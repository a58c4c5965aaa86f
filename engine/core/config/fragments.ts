// Configuration fragments: a piece of YAML written once in a fragment file and included where it is
// used (`$fragment`, with parameters in `$with`). Expanded when a document is loaded, so that the
// engine, the check and the build only ever read plain documents (docs/configuration.md, "Fragments").
import { formatPath, type PathSegment, type Problem } from './problem.ts';
import type { SourceDoc } from './source.ts';

export interface FragmentParam {
  description?: string;
  hasDefault: boolean;
  default?: unknown;
}

export interface Fragment {
  name: string;
  /** The fragment file as parsed (its positions are those problems inside it are reported at). */
  doc: SourceDoc;
  params: Map<string, FragmentParam>;
  content: unknown;
}

export interface FragmentLibrary {
  /** The folder the fragments were read from, relative to the project root (`schemas/fragments`). */
  dir: string;
  fragments: Map<string, Fragment>;
  /** Fragments whose file does not parse: their uses are skipped, the file's own problem says why. */
  broken: Set<string>;
}

export interface Expansion {
  /** The document with every fragment expanded; positions inside included content are the include's. */
  doc: SourceDoc;
  problems: Problem[];
  /** The fragment files (root-relative) the document was expanded from, transitively. */
  files: string[];
}

const FRAGMENT = '$fragment';
const WITH = '$with';
const PARAM_REF = /^\$with\.([A-Za-z0-9_-]+)$/;
const FILE_KEYS = ['params', 'content'];
const PARAM_KEYS = ['description', 'default'];

type Mapping = Record<string, unknown>;
const isMap = (value: unknown): value is Mapping => typeof value === 'object' && value !== null && !Array.isArray(value);
const kindOf = (value: unknown) => (Array.isArray(value) ? 'a list' : isMap(value) ? 'a map' : value === null ? 'empty' : `a ${typeof value}`);

/** The fragment name a file of `dir` defines: its path below dir without the extension. */
export function fragmentName(dir: string, file: string): string {
  return file.slice(dir.length + 1).replace(/\.ya?ml$/, '');
}

/** Reads the fragment files of one folder (already parsed), checking each file's own shape. */
export function fragmentLibrary(dir: string, docs: SourceDoc[]): { library: FragmentLibrary; problems: Problem[] } {
  const library: FragmentLibrary = { dir, fragments: new Map(), broken: new Set() };
  const problems: Problem[] = [];
  for (const doc of docs) {
    const name = fragmentName(dir, doc.file);
    const report = (path: PathSegment[], message: string) => problems.push(problemAt(doc, path, message));
    if (doc.data === undefined) {
      library.broken.add(name); // its syntax error is already reported
      continue;
    }
    if (!isMap(doc.data) || !('content' in doc.data)) {
      library.broken.add(name);
      report([], 'a fragment file is a map holding `content` (and `params` when the content reads any)');
      continue;
    }
    for (const key of Object.keys(doc.data)) {
      if (!FILE_KEYS.includes(key)) report([key], `unknown property of a fragment file (allowed: ${FILE_KEYS.join(', ')})`);
    }
    const params = readParams(doc, report);
    const fragment: Fragment = { name, doc, params, content: doc.data.content };
    library.fragments.set(name, fragment);
    const read = new Set<string>();
    walkStrings(fragment.content, ['content'], (value, path) => {
      const ref = PARAM_REF.exec(value);
      if (!ref) return;
      read.add(ref[1]);
      if (!params.has(ref[1])) report(path, undeclared(fragment, ref[1]));
    });
    for (const param of params.keys()) {
      if (!read.has(param)) report(['params', param], `parameter "${param}" is not read by the content (as $with.${param})`);
    }
  }
  return { library, problems };
}

function readParams(doc: SourceDoc, report: (path: PathSegment[], message: string) => void): Map<string, FragmentParam> {
  const params = new Map<string, FragmentParam>();
  const raw = (doc.data as Mapping).params;
  if (raw === undefined || raw === null) return params;
  if (!isMap(raw)) {
    report(['params'], 'must be a map of parameter names to { description, default }');
    return params;
  }
  for (const [name, spec] of Object.entries(raw)) {
    if (!/^[A-Za-z0-9_-]+$/.test(name)) report(['params', name], 'a parameter name is letters, digits, - and _');
    if (spec !== null && !isMap(spec)) {
      report(['params', name], 'must be a map: { description, default }');
      params.set(name, { hasDefault: false });
      continue;
    }
    const fields = spec ?? {};
    for (const key of Object.keys(fields)) {
      if (!PARAM_KEYS.includes(key)) report(['params', name, key], `unknown property of a parameter (allowed: ${PARAM_KEYS.join(', ')})`);
    }
    if (fields.description !== undefined && typeof fields.description !== 'string') report(['params', name, 'description'], 'must be string');
    params.set(name, {
      description: typeof fields.description === 'string' ? fields.description : undefined,
      hasDefault: 'default' in fields,
      default: fields.default,
    });
  }
  return params;
}

function walkStrings(value: unknown, path: PathSegment[], visit: (value: string, path: PathSegment[]) => void): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, i) => walkStrings(item, [...path, i], visit));
  else if (isMap(value)) for (const [key, item] of Object.entries(value)) walkStrings(item, [...path, key], visit);
}

/** The path of the first `$fragment` in a value, for documents where fragments are not expanded. */
export function findFragmentUse(value: unknown, path: PathSegment[] = []): PathSegment[] | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findFragmentUse(item, [...path, i]);
      if (found) return found;
    }
  } else if (isMap(value)) {
    if (FRAGMENT in value) return [...path, FRAGMENT];
    for (const [key, item] of Object.entries(value)) {
      const found = findFragmentUse(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

function problemAt(doc: SourceDoc, path: PathSegment[], message: string): Problem {
  const at = doc.locate(path);
  return { file: doc.file, line: at?.line, column: at?.column, path: formatPath(path), message };
}

function undeclared(fragment: Fragment, param: string): string {
  const names = [...fragment.params.keys()];
  return `fragment "${fragment.name}" has no parameter "${param}" (${names.length ? `parameters: ${names.join(', ')}` : 'it takes none'})`;
}

/**
 * Where a value being expanded was written (`doc`, `path`: problems are reported there) and where
 * it lands in the document being expanded (`mapped`: what its positions are looked up as). Inside a
 * fragment's content `exact` is false: everything maps to the include that brought it in.
 */
interface Place {
  doc: SourceDoc;
  path: PathSegment[];
  mapped: PathSegment[];
  exact: boolean;
}

/** A parameter's value: written somewhere, in a scope of its own (it may read the includer's parameters). */
interface Bound {
  raw: unknown;
  scope: Scope;
  place: Place;
}

interface Scope {
  fragment?: Fragment;
  params: Map<string, Bound>;
  /** The fragments being expanded, outermost first, to catch a fragment that includes itself. */
  stack: string[];
}

interface Out {
  value: unknown;
  mapped: PathSegment[];
}

/** What an include that cannot be expanded leaves: nothing (its problem says why). */
const FAILED: unique symbol = Symbol('failed include');

const child = (place: Place, seg: PathSegment): Place => ({
  doc: place.doc,
  path: [...place.path, seg],
  mapped: place.exact ? [...place.mapped, seg] : place.mapped,
  exact: place.exact,
});

class Expander {
  readonly problems: Problem[] = [];
  readonly files = new Set<string>();
  /** Each expanded container: where each of its children lands in the original document. */
  readonly origins = new WeakMap<object, Map<PathSegment, PathSegment[]>>();
  private readonly seen = new Set<string>();
  private readonly library: FragmentLibrary;

  constructor(library: FragmentLibrary) {
    this.library = library;
  }

  report(place: Place, message: string): void {
    const problem = problemAt(place.doc, place.path, message);
    const key = `${problem.file}|${problem.path}|${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.problems.push(problem);
  }

  expand(raw: unknown, scope: Scope, place: Place): Out | typeof FAILED {
    if (typeof raw === 'string') {
      const ref = PARAM_REF.exec(raw);
      if (ref) return this.substitute(ref[1], raw, scope, place);
    }
    if (Array.isArray(raw)) return this.expandList(raw, scope, place);
    if (isMap(raw)) {
      if (FRAGMENT in raw) return this.include(raw, scope, place);
      if (WITH in raw) this.report(child(place, WITH), '`$with` gives the parameters of a `$fragment`, and this map has none');
      const value: Mapping = {};
      const origins = new Map<PathSegment, PathSegment[]>();
      for (const [key, item] of Object.entries(raw)) {
        if (key === WITH) continue;
        const out = this.expand(item, scope, child(place, key));
        if (out === FAILED) continue;
        value[key] = out.value;
        origins.set(key, out.mapped);
      }
      this.origins.set(value, origins);
      return { value, mapped: place.mapped };
    }
    return { value: raw, mapped: place.mapped };
  }

  private substitute(name: string, raw: string, scope: Scope, place: Place): Out | typeof FAILED {
    if (!scope.fragment) {
      this.report(place, `"${raw}" reads a parameter, which only a fragment's content can`);
      return { value: raw, mapped: place.mapped };
    }
    const bound = scope.params.get(name);
    if (!bound) {
      this.report(place, undeclared(scope.fragment, name));
      return FAILED;
    }
    return this.expand(bound.raw, bound.scope, bound.place);
  }

  private expandList(raw: unknown[], scope: Scope, place: Place): Out {
    const value: unknown[] = [];
    const origins = new Map<PathSegment, PathSegment[]>();
    for (const [i, item] of raw.entries()) {
      const out = this.expand(item, scope, child(place, i));
      if (out === FAILED) continue;
      // A list item that is only an include of a list: the list's items take its place.
      if (isMap(item) && onlyInclude(item) && Array.isArray(out.value)) {
        const inner = this.origins.get(out.value);
        out.value.forEach((spliced, j) => {
          origins.set(value.length, inner?.get(j) ?? out.mapped);
          value.push(spliced);
        });
        continue;
      }
      origins.set(value.length, out.mapped);
      value.push(out.value);
    }
    this.origins.set(value, origins);
    return { value, mapped: place.mapped };
  }

  private include(raw: Mapping, scope: Scope, place: Place): Out | typeof FAILED {
    const namesPlace = child(place, FRAGMENT);
    const names = typeof raw[FRAGMENT] === 'string' ? [raw[FRAGMENT]] : raw[FRAGMENT];
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string' && n !== '')) {
      this.report(namesPlace, '`$fragment` names a fragment, or lists several');
      return FAILED;
    }
    const namePlace = (i: number) => (Array.isArray(raw[FRAGMENT]) ? child(namesPlace, i) : namesPlace);
    const fragments: Fragment[] = [];
    for (const [i, name] of (names as string[]).entries()) {
      const fragment = this.library.fragments.get(name);
      if (this.library.broken.has(name)) return FAILED;
      if (!fragment) {
        this.report(namePlace(i), `unknown fragment "${name}" (${this.known()})`);
        return FAILED;
      }
      if (scope.stack.includes(name)) {
        this.report(namePlace(i), `fragment "${name}" includes itself: ${[...scope.stack.slice(scope.stack.indexOf(name)), name].join(' → ')}`);
        return FAILED;
      }
      fragments.push(fragment);
    }

    const withPlace = child(place, WITH);
    let given: Mapping = {};
    if (raw[WITH] !== undefined && raw[WITH] !== null) {
      if (isMap(raw[WITH])) given = raw[WITH];
      else this.report(withPlace, '`$with` is a map of parameter values');
    }
    const label = names.map((n) => `"${n}"`).join(', ');
    for (const key of Object.keys(given)) {
      if (fragments.some((f) => f.params.has(key))) continue;
      const declared = [...new Set(fragments.flatMap((f) => [...f.params.keys()]))];
      this.report(child(withPlace, key), `unknown parameter "${key}" of fragment ${label} (${declared.length ? `parameters: ${declared.join(', ')}` : 'it takes none'})`);
    }
    let missing = false;
    for (const fragment of fragments) {
      for (const [param, spec] of fragment.params) {
        if (param in given || spec.hasDefault) continue;
        missing = true;
        this.report(raw[WITH] === undefined ? namesPlace : withPlace,
          `fragment "${fragment.name}" needs parameter "${param}"${spec.description ? ` (${spec.description})` : ''}`);
      }
    }
    if (missing) return FAILED;

    const contents: Out[] = [];
    for (const fragment of fragments) {
      this.files.add(fragment.doc.file);
      const params = new Map<string, Bound>();
      for (const [param, spec] of fragment.params) {
        params.set(param, param in given
          ? { raw: given[param], scope, place: child(withPlace, param) }
          // A default is read as written: it is not in any fragment's content.
          : { raw: spec.default, scope: { params: new Map(), stack: scope.stack }, place: { doc: fragment.doc, path: ['params', param, 'default'], mapped: place.mapped, exact: false } });
      }
      const inner: Scope = { fragment, params, stack: [...scope.stack, fragment.name] };
      const out = this.expand(fragment.content, inner, { doc: fragment.doc, path: ['content'], mapped: place.mapped, exact: false });
      if (out === FAILED) return FAILED;
      contents.push(out);
    }

    const own = Object.keys(raw).filter((key) => key !== FRAGMENT && key !== WITH);
    if (own.length === 0) {
      if (contents.length === 1) return { value: contents[0].value, mapped: place.mapped };
      if (contents.every((c) => Array.isArray(c.value))) return this.concat(contents, place);
      if (contents.every((c) => isMap(c.value))) return this.merge(raw, [], contents, scope, place);
      this.report(namesPlace, `fragments ${label} cannot be put together: their contents are ${contents.map((c) => kindOf(c.value)).join(', ')} (all maps or all lists can)`);
      return FAILED;
    }
    const notMap = contents.findIndex((c) => !isMap(c.value));
    if (notMap >= 0) {
      this.report(namePlace(notMap), `fragment "${fragments[notMap].name}" is ${kindOf(contents[notMap].value)}, not a map, so it cannot be merged with this map's other keys (${own.join(', ')}); a map including it holds only $fragment and $with`);
      return FAILED;
    }
    return this.merge(raw, own, contents, scope, place);
  }

  private concat(contents: Out[], place: Place): Out {
    const value: unknown[] = [];
    const origins = new Map<PathSegment, PathSegment[]>();
    for (const content of contents) {
      const inner = this.origins.get(content.value as object);
      (content.value as unknown[]).forEach((item, j) => {
        origins.set(value.length, inner?.get(j) ?? place.mapped);
        value.push(item);
      });
    }
    this.origins.set(value, origins);
    return { value, mapped: place.mapped };
  }

  /** The fragments' maps (later ones over earlier ones) where `$fragment` stands, the map's own keys over them, in the map's order. */
  private merge(raw: Mapping, own: string[], contents: Out[], scope: Scope, place: Place): Out {
    const value: Mapping = {};
    const origins = new Map<PathSegment, PathSegment[]>();
    for (const key of Object.keys(raw)) {
      if (key === WITH) continue;
      if (key === FRAGMENT) {
        for (const content of contents) {
          const inner = this.origins.get(content.value as object);
          for (const [k, item] of Object.entries(content.value as Mapping)) {
            if (own.includes(k)) continue;
            delete value[k]; // a later fragment's key takes the place of an earlier one's
            value[k] = item;
            origins.set(k, inner?.get(k) ?? place.mapped);
          }
        }
        continue;
      }
      const out = this.expand(raw[key], scope, child(place, key));
      if (out === FAILED) continue;
      value[key] = out.value;
      origins.set(key, out.mapped);
    }
    this.origins.set(value, origins);
    return { value, mapped: place.mapped };
  }

  private known(): string {
    const names = [...this.library.fragments.keys(), ...this.library.broken].sort();
    return names.length ? `fragments in ${this.library.dir}/: ${names.join(', ')}` : `${this.library.dir}/ holds none`;
  }
}

function onlyInclude(map: Mapping): boolean {
  return Object.keys(map).every((key) => key === FRAGMENT || key === WITH);
}

/**
 * The document with every `$fragment` of `library` expanded. Problems (unknown fragment, unknown
 * or missing parameter, a cycle, a list merged with keys ...) name the file and line where the
 * mistake is written: the document, or a fragment file.
 */
export function expandFragments(doc: SourceDoc, library: FragmentLibrary): Expansion {
  if (doc.data === undefined) return { doc, problems: [], files: [] };
  const expander = new Expander(library);
  const out = expander.expand(doc.data, { params: new Map(), stack: [] }, { doc, path: [], mapped: [], exact: true });
  const data = out === FAILED ? undefined : out.value;
  const locate = (path: readonly PathSegment[]) => {
    let mapped: PathSegment[] = [];
    let node: unknown = data;
    for (const seg of path) {
      const key = Array.isArray(node) ? Number(seg) : String(seg);
      const origin = node && typeof node === 'object' ? expander.origins.get(node)?.get(key) : undefined;
      if (!origin) break;
      mapped = origin;
      node = (node as Record<PathSegment, unknown>)[key];
    }
    return doc.locate(mapped);
  };
  return { doc: { ...doc, data, locate }, problems: expander.problems, files: [...expander.files].sort() };
}
