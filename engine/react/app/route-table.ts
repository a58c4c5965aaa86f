import { matchesRoutePattern, type CompiledRoute } from '../../core/routes.ts';

export type { CompiledRoute };

// Every link asks where it leads, on every render: the answers are kept per route list (a new
// configuration is a new list) rather than each one scanning some 150 route patterns again.
interface Lookups { mirrors: string[]; routeAt: Map<string, CompiledRoute | undefined>; linkable: Map<string, CompiledRoute | undefined> }
const lookups = new WeakMap<CompiledRoute[], Lookups>();

function lookupsOf(routes: CompiledRoute[]): Lookups {
  let known = lookups.get(routes);
  if (!known) {
    known = { mirrors: [...new Set(routes.map((route) => route.mirror).filter(Boolean) as string[])], routeAt: new Map(), linkable: new Map() };
    lookups.set(routes, known);
  }
  return known;
}

function remembered(map: Map<string, CompiledRoute | undefined>, pathname: string, find: () => CompiledRoute | undefined) {
  if (map.has(pathname)) return map.get(pathname);
  const route = find();
  map.set(pathname, route);
  return route;
}

/** The mirror prefix (such as /embed) the current address is under, if any. */
export function mirrorOf(pathname: string, routes: CompiledRoute[]): string | undefined {
  for (const mirror of lookupsOf(routes).mirrors) {
    if (pathname === mirror || pathname.toLowerCase().startsWith(`${mirror.toLowerCase()}/`)) return mirror;
  }
  return undefined;
}

/**
 * Where a configured link points from here: under the current mirror prefix when there is one, and,
 * between two routes of a layout with `keepQuery`, with those parameters of the current address
 * (`currentSearch`) that the link does not set itself.
 */
export function resolveLink(to: string, currentPathname: string, routes: CompiledRoute[], currentSearch = ''): string {
  if (!to.startsWith('/')) return to;
  const mirror = mirrorOf(currentPathname, routes);
  const placed = mirror && !to.startsWith(`${mirror}/`) && to !== mirror ? `${mirror}${to === '/' ? '' : to}` : to;
  return withKeptQuery(placed, currentPathname, currentSearch, routes);
}

function routeAt(pathname: string, routes: CompiledRoute[]): CompiledRoute | undefined {
  return remembered(lookupsOf(routes).routeAt, pathname, () => routes.find((route) => matchesRoutePattern(route.path, pathname)));
}

function withKeptQuery(to: string, currentPathname: string, currentSearch: string, routes: CompiledRoute[]): string {
  if (!currentSearch) return to;
  const here = routeAt(currentPathname, routes);
  if (!here?.keepQuery) return to;
  const [beforeHash, hash = ''] = to.split('#', 2);
  const [pathname, query = ''] = beforeHash.split('?', 2);
  const there = routeAt(pathname, routes);
  if (!there || there.layout !== here.layout) return to;
  const current = new URLSearchParams(currentSearch);
  const params = new URLSearchParams(query);
  for (const name of here.keepQuery) {
    const value = current.get(name);
    // A link that names the parameter (even empty) keeps its own.
    if (value && !params.has(name)) params.set(name, value);
  }
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

/** A link is shown only when it reaches a built route: never to planned routes or disabled features. */
export function isLinkable(to: string, routes: CompiledRoute[]): boolean {
  if (!to.startsWith('/')) return true;
  const pathname = to.split(/[?#]/)[0];
  const route = remembered(lookupsOf(routes).linkable, pathname,
    () => routes.find((candidate) => !candidate.mirror && matchesRoutePattern(candidate.path, pathname)));
  return Boolean(route && !route.planned);
}
