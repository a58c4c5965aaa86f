// Compiles the legacy-address table (schemas/redirects.yaml) into a resolver shared by the
// server (301 answers) and the browser router. Framework-free.
import { joinPath, splitPath } from './paths.ts';

export interface RedirectEntry {
  /** Legacy path: literal segments, `*` (any legacy prefix) and `:param` segments. */
  from: string;
  /** Target path; `:param` placeholders are filled from `from`. */
  to: string;
  /** Target used instead of `to` when the legacy path continues after `from`. */
  withSubPath?: string;
}

export interface RedirectsDoc {
  legacyPrefixes?: string[];
  redirects?: RedirectEntry[];
}

export interface CompiledRedirect extends RedirectEntry {
  /** Position in the document (for error reporting). */
  index: number;
  segments: string[];
}

export interface RedirectTable {
  /** The target (with the query string) for a legacy address, or null when none matches. */
  resolve(pathname: string, search: string): string | null;
  /** Entries in match order: more segments first, then fewer wildcards, then document order. */
  entries: CompiledRedirect[];
}

export interface CompileRedirectsOptions {
  /** Prefixes under which the whole route tree is mirrored, e.g. ['/embed']. */
  mirrors?: string[];
}

export function compileRedirects(doc: RedirectsDoc, options: CompileRedirectsOptions = {}): RedirectTable {
  const prefixes = new Set((doc.legacyPrefixes ?? []).map((p) => p.toLowerCase()));
  const mirrors = (options.mirrors ?? []).map((m) => splitPath(m)).filter((m) => m.length > 0);
  const entries = (doc.redirects ?? [])
    .map((e, index): CompiledRedirect => ({ ...e, index, segments: splitPath(e.from) }))
    .sort((a, b) => b.segments.length - a.segments.length || looseness(a) - looseness(b) || a.index - b.index);

  function matchEntry(entry: CompiledRedirect, path: string[]): string | null {
    if (path.length < entry.segments.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < entry.segments.length; i++) {
      const pattern = entry.segments[i];
      const value = path[i];
      if (pattern === '*') {
        if (!prefixes.has(value.toLowerCase())) return null;
      } else if (pattern.startsWith(':')) {
        params[pattern.slice(1)] = value;
      } else if (pattern.toLowerCase() !== value.toLowerCase()) {
        return null;
      }
    }
    const rest = path.slice(entry.segments.length);
    const base = rest.length > 0 && entry.withSubPath ? entry.withSubPath : entry.to;
    return joinPath(fillParams(base, params), rest.join('/'));
  }

  function resolve(pathname: string, search: string): string | null {
    let path = splitPath(pathname);
    let mirror: string[] = [];
    for (const m of mirrors) {
      if (path.length > m.length && m.every((s, i) => s.toLowerCase() === path[i].toLowerCase())) {
        mirror = m;
        path = path.slice(m.length);
        break;
      }
    }
    for (const entry of entries) {
      const target = matchEntry(entry, path);
      if (target !== null) {
        const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
        return joinPath(mirror.join('/'), target) + query;
      }
    }
    return null;
  }

  return { resolve, entries };
}

function looseness(entry: CompiledRedirect): number {
  return entry.segments.filter((s) => s === '*' || s.startsWith(':')).length;
}

function fillParams(target: string, params: Record<string, string>): string {
  return target.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => params[name] ?? whole);
}
