import { matchesRoutePattern, type CompiledRoute } from '../../core/routes.ts';

export type { CompiledRoute };

/** The mirror prefix (such as /embed) the current address is under, if any. */
export function mirrorOf(pathname: string, routes: CompiledRoute[]): string | undefined {
  const mirrors = new Set(routes.map((route) => route.mirror).filter(Boolean) as string[]);
  for (const mirror of mirrors) {
    if (pathname === mirror || pathname.toLowerCase().startsWith(`${mirror.toLowerCase()}/`)) return mirror;
  }
  return undefined;
}

/** Where a configured link points from here: under the current mirror prefix when there is one. */
export function resolveLink(to: string, currentPathname: string, routes: CompiledRoute[]): string {
  if (!to.startsWith('/')) return to;
  const mirror = mirrorOf(currentPathname, routes);
  return mirror && !to.startsWith(`${mirror}/`) && to !== mirror ? `${mirror}${to === '/' ? '' : to}` : to;
}

/** A link is shown only when it reaches a built route: never to planned routes or disabled features. */
export function isLinkable(to: string, routes: CompiledRoute[]): boolean {
  if (!to.startsWith('/')) return true;
  const pathname = to.split(/[?#]/)[0];
  const route = routes.find((candidate) => !candidate.mirror && matchesRoutePattern(candidate.path, pathname));
  return Boolean(route && !route.planned);
}
