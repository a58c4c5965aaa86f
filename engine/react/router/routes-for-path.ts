import type { RouteObject } from 'react-router';

// The router ranks and tries every route on each match (flattening the tree and building a pattern
// per route, about 18 ms of a first render on a slow phone for some 150 routes). A route whose first
// segment is fixed can only match paths that begin with it, so each path is matched against the
// routes that could match it: those with its first segment, and those whose first segment is a
// parameter, optional or a splat. The router still ranks what is left as before, so the match is
// the one the whole tree gives (tests/react/routes-for-path.test.tsx checks it over every route).

/** A path's first segment as the router compares it (percent-decoded, any case); null when it cannot be decoded. */
export function firstSegmentOfPath(pathname: string): string | null {
  const segment = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/** A route pattern's first segment, lower-case; undefined when it matches more than one value (`:id`, `x?`, `*`). */
function fixedFirstSegment(pattern: string): string | undefined {
  const segment = pattern.replace(/^\/+/, '').split('/')[0];
  return segment.startsWith(':') || segment.includes('*') || segment.endsWith('?') ? undefined : segment.toLowerCase();
}

function canMatch(route: RouteObject, segment: string): boolean {
  if (route.path === undefined) return true;
  const fixed = fixedFirstSegment(route.path);
  return fixed === undefined || fixed === segment;
}

/** The routes of a tree of absolute patterns that could match paths starting with `segment`. */
function prune(routes: RouteObject[], segment: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    if (!canMatch(route, segment)) continue;
    if (route.path !== undefined || !route.children) {
      kept.push(route);
      continue;
    }
    // A layout without a path of its own: its children carry the full patterns.
    const children = prune(route.children, segment);
    if (children.length > 0) kept.push({ ...route, children } as RouteObject);
  }
  return kept;
}

const bySegment = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();

/**
 * The part of `routes` (the portal's tree: layouts without a path whose children have absolute
 * patterns, and routes with absolute patterns) that could match `pathname`; the same array for the
 * same first segment, so a render with an unchanged segment hands the router the same routes.
 */
export function routesForPath(routes: RouteObject[], pathname: string): RouteObject[] {
  const segment = firstSegmentOfPath(pathname);
  if (segment === null) return routes;
  let known = bySegment.get(routes);
  if (!known) bySegment.set(routes, (known = new Map()));
  let part = known.get(segment);
  if (!part) known.set(segment, (part = prune(routes, segment)));
  return part;
}
