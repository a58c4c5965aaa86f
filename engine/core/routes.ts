// Compiles schemas/routes.yaml into a flat list of full route patterns (mirror copies included,
// layouts of disabled features left out). Framework-free: the router and the server both use it.
import type { EarlyRequestDoc } from './api/early-requests.ts';
import { joinPath } from './paths.ts';

export { matchesRoutePattern } from './paths.ts';

export type Requirement = 'session' | 'anonymous';

/** `true`: the page as a first visit (signed out) sees it; `frame`: the page while a stored session loads. */
export type Prerender = true | 'frame';

/**
 * A condition a route's screen needs beyond sign-in: while `when` (a binding, e.g. a session flag)
 * is not true, the route shows `screen` instead, a page explaining who the screens are for.
 */
export interface RouteGate { when: string; screen: string }

export interface RouteDef {
  path?: string;
  index?: boolean;
  screen?: string;
  redirect?: string;
  planned?: boolean;
  requires?: Requirement;
  /** Inherited by child routes, like `requires`. */
  gate?: RouteGate;
  /**
   * A binding the route exists only while it is exactly true (a session value read at run time):
   * otherwise it shows the not-found screen. Added to its ancestors' (every one must hold).
   */
  when?: string;
  title?: string;
  /**
   * Render the page to HTML at build time (see engine/react/prerender.tsx): `true`, its first view
   * as a first visit sees it; `frame`, the frame a stored session shows while it loads. Inherited by
   * child routes, like `requires`; `false` turns it off.
   */
  prerender?: Prerender | false;
  /** Calls the page's first script sends on this route, before the portal's code has arrived (api/early-requests.ts). */
  earlyRequests?: EarlyRequestDoc[];
  /**
   * A query parameter of the address naming whose theme the page is shown in: the server sends the
   * markup rendered ahead of time in that theme, so that the first paint is already the one the
   * page settles in. Not inherited.
   */
  themeFromQuery?: string;
  children?: RouteDef[];
}

export interface LayoutDef {
  shell: string;
  mirror?: string;
  base?: string;
  feature?: string;
  /** Query parameters of the address that links between this layout's routes carry along. */
  keepQuery?: string[];
  routes?: RouteDef[];
}

export interface RoutesDoc {
  notFound?: string;
  serverError?: string;
  layouts?: Record<string, LayoutDef>;
}

export interface CompiledRoute {
  /** Unique: `<layout>:<path>` (`#index` appended for an index route sharing its parent's path). */
  id: string;
  /** Full pattern such as `/login/:clientId?` or `/embed/login/:clientId?`. */
  path: string;
  layout: string;
  shell: string;
  screen?: string;
  /** Target route path (mirror prefix applied in mirror copies). */
  redirect?: string;
  planned: boolean;
  index: boolean;
  /** Inherited from the nearest ancestor that sets it. */
  requires?: Requirement;
  /** Inherited from the nearest ancestor that sets it. */
  gate?: RouteGate;
  /** Its own `when` and its ancestors': the route exists only while every one is exactly true. */
  when?: string[];
  title?: string;
  /** What of it is rendered to HTML at build time (never on mirror copies); inherited like `requires`. */
  prerender?: Prerender;
  /** The mirror prefix, on mirror copies only. */
  mirror?: string;
  /** Its own calls sent before the portal's code has arrived (not inherited). */
  earlyRequests?: EarlyRequestDoc[];
  /** The query parameter naming whose theme the server sends it in (not inherited). */
  themeFromQuery?: string;
  /** The layout's `keepQuery`: what links from one of its routes to another carry from the address. */
  keepQuery?: string[];
  /** Where the route is declared in routes.yaml, e.g. ['layouts', 'root', 'routes', 3]. */
  source: (string | number)[];
}

export function compileRoutes(routesDoc: RoutesDoc, enabledFeatures: Set<string>): CompiledRoute[] {
  const out: CompiledRoute[] = [];
  for (const [layout, def] of Object.entries(routesDoc.layouts ?? {})) {
    if (!def || typeof def !== 'object' || (def.feature && !enabledFeatures.has(def.feature))) continue;
    const own: CompiledRoute[] = [];
    const visit = (routes: RouteDef[], parentPath: string, requires: Requirement | undefined, gate: RouteGate | undefined, prerendered: Prerender | false | undefined, source: (string | number)[], inheritedWhen: string[] = []) => {
      routes.forEach((route, i) => {
        const here = [...source, i];
        if (!route || typeof route !== 'object') return;
        const path = route.index ? parentPath : joinPath(parentPath, typeof route.path === 'string' ? route.path : undefined);
        const req = route.requires ?? requires;
        const guard = route.gate ?? gate;
        const when = typeof route.when === 'string' ? [...inheritedWhen, route.when] : inheritedWhen;
        const prerender = route.prerender ?? prerendered;
        if (route.screen || route.redirect || route.planned || route.index) {
          const parentHasEntry = own.some((r) => r.path === path);
          own.push({
            id: `${layout}:${path}${route.index && parentHasEntry ? '#index' : ''}`,
            path,
            layout,
            shell: def.shell,
            ...(route.screen ? { screen: route.screen } : {}),
            ...(route.redirect ? { redirect: route.redirect } : {}),
            planned: route.planned === true,
            index: route.index === true,
            ...(req ? { requires: req } : {}),
            ...(guard ? { gate: guard } : {}),
            ...(when.length > 0 ? { when } : {}),
            ...(route.title ? { title: route.title } : {}),
            ...(prerender === true || prerender === 'frame' ? { prerender } : {}),
            ...(Array.isArray(route.earlyRequests) && route.earlyRequests.length > 0 ? { earlyRequests: route.earlyRequests } : {}),
            ...(typeof route.themeFromQuery === 'string' ? { themeFromQuery: route.themeFromQuery } : {}),
            ...(Array.isArray(def.keepQuery) && def.keepQuery.length > 0 ? { keepQuery: def.keepQuery } : {}),
            source: here,
          });
        }
        if (Array.isArray(route.children)) visit(route.children, path, req, guard, prerender, [...here, 'children'], when);
      });
    };
    const base = typeof def.base === 'string' ? def.base : undefined;
    visit(Array.isArray(def.routes) ? def.routes : [], joinPath(base), undefined, undefined, undefined, ['layouts', layout, 'routes']);
    out.push(...own);
    if (def.mirror) {
      const mirror = joinPath(String(def.mirror));
      for (const r of own) {
        const { prerender: _ownCopyOnly, ...copy } = r;
        out.push({
          ...copy,
          id: `${layout}${mirror}:${joinPath(mirror, r.path)}${r.id.endsWith('#index') ? '#index' : ''}`,
          path: joinPath(mirror, r.path),
          ...(r.redirect ? { redirect: joinPath(mirror, r.redirect) } : {}),
          mirror,
        });
      }
    }
  }
  return out;
}
