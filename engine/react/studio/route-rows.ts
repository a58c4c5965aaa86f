// The routes of schemas/routes.yaml as rows for the development gallery: every layout's routes,
// those of feature flags this build leaves off too (marked), with the screen file each renders.
import { compileRoutes, type CompiledRoute, type RoutesDoc } from '../../core/routes.ts';
import { splitPath } from '../../core/paths.ts';

export interface RouteRow {
  id: string;
  path: string;
  layout: string;
  shell: string;
  /** What the route shows: a screen, a redirect, or nothing yet. */
  screen?: string;
  redirect?: string;
  planned: boolean;
  requires?: string;
  /** The session value the screen needs, and the screen shown without it. */
  gate?: { when: string; screen: string };
  /** The layout's feature flag, and whether this build has it on. */
  feature?: { name: string; enabled: boolean };
  mirror?: string;
  /** The address to open the live page at; absent when the path needs a value (`:id`). */
  href?: string;
}

/** The address of `pattern` with its optional parts left out, or null when a part must be filled. */
export function liveAddress(pattern: string): string | null {
  const segments: string[] = [];
  for (const segment of splitPath(pattern)) {
    if (segment.endsWith('?')) continue;
    if (segment.startsWith(':') || segment === '*') return null;
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

export function routeRows(routesDoc: RoutesDoc, enabledFeatures: string[]): RouteRow[] {
  const layouts = routesDoc.layouts ?? {};
  const everyFeature = new Set(Object.values(layouts).map((layout) => layout?.feature).filter((name): name is string => Boolean(name)));
  const enabled = new Set(enabledFeatures);
  return compileRoutes(routesDoc, everyFeature).map((route: CompiledRoute) => {
    const feature = layouts[route.layout]?.feature;
    const href = route.planned ? null : liveAddress(route.path);
    return {
      id: route.id,
      path: route.path,
      layout: route.layout,
      shell: route.shell,
      ...(route.screen ? { screen: route.screen } : {}),
      ...(route.redirect ? { redirect: route.redirect } : {}),
      planned: route.planned,
      ...(route.requires ? { requires: route.requires } : {}),
      ...(route.gate ? { gate: route.gate } : {}),
      ...(feature ? { feature: { name: feature, enabled: enabled.has(feature) } } : {}),
      ...(route.mirror ? { mirror: route.mirror } : {}),
      ...(href ? { href } : {}),
    };
  });
}

/** Where a screen is declared, relative to the project. */
export function screenFile(screen: string): string {
  return `schemas/screens/${screen}.yaml`;
}
