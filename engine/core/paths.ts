// Path helpers shared by route and redirect compilation. Framework-free.

/** The non-empty segments of a URL path: "/a//b/" -> ["a", "b"]. */
export function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

/** Joins path parts into one absolute path without duplicate or trailing slashes ("/" for none). */
export function joinPath(...parts: (string | undefined)[]): string {
  const segments = parts.flatMap((p) => (p ? splitPath(p) : []));
  return '/' + segments.join('/');
}

/**
 * Whether `pathname` is matched by a route `pattern` such as `/login/:clientId?`, `/docs/*`.
 * Static segments compare case-insensitively (as the router does). A `:name` segment in the
 * pathname (a placeholder, as in redirect targets) matches only a dynamic pattern segment.
 */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  return matchSegments(splitPath(pattern), 0, splitPath(pathname), 0);
}

function matchSegments(pattern: string[], pi: number, path: string[], si: number): boolean {
  if (pi === pattern.length) return si === path.length;
  const seg = pattern[pi];
  if (seg === '*') return true;
  const optional = seg.endsWith('?');
  const name = optional ? seg.slice(0, -1) : seg;
  if (optional && matchSegments(pattern, pi + 1, path, si)) return true;
  if (si === path.length) return false;
  const value = path[si];
  const ok = name.startsWith(':')
    ? true
    : !value.startsWith(':') && name.toLowerCase() === value.toLowerCase();
  return ok && matchSegments(pattern, pi + 1, path, si + 1);
}

/**
 * `value` when it is a path of this site ("/…"), else null: never another origin ("//host",
 * "/\host", "https://…", "javascript:…"), so that a return address taken from the query cannot
 * send a visitor elsewhere.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters and backslashes are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
