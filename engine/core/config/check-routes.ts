// Cross-checks of routes.yaml, redirects.yaml and navigation.yaml against screens, features and
// each other.
import { compileRoutes, type CompiledRoute, type RoutesDoc } from '../routes.ts';
import { matchesRoutePattern } from '../paths.ts';
import { compileRedirects } from '../redirects.ts';
import { isObject, walk, type CheckContext } from './context.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

export function checkRoutes(ctx: CheckContext): CompiledRoute[] {
  const doc = ctx.project.schemas.routes;
  if (!doc) {
    ctx.problems.push({ file: 'schemas/routes.yaml', path: '', message: 'file is missing' });
    return [];
  }
  if (!isObject(doc.data)) return [];
  const data = doc.data as RoutesDoc;
  const screens = ctx.project.collections.screens ?? {};
  const flags = featureFlags(ctx);

  for (const key of ['notFound', 'serverError'] as const) {
    if (data[key] !== undefined && !screens[data[key]]) ctx.report(doc, [key], `screen "${data[key]}" is not in schemas/screens/`);
  }
  for (const [name, layout] of Object.entries(data.layouts ?? {})) {
    if (!isObject(layout)) continue;
    if (typeof layout.shell === 'string' && !ctx.names.shells.includes(layout.shell)) {
      ctx.report(doc, ['layouts', name, 'shell'], `shell "${layout.shell}" is not registered (known: ${ctx.names.shells.join(', ')})`);
    }
    if (typeof layout.feature === 'string' && flags && !flags.has(layout.feature)) {
      ctx.report(doc, ['layouts', name, 'feature'], `feature flag "${layout.feature}" is not in schemas/features.yaml`);
    }
  }

  // Every route entry, whatever the features: the check covers all layouts.
  const routes = compileRoutes(data, new Set(flags ?? []));
  walkRouteDefs(data, (route, path) => {
    const hasPath = typeof route.path === 'string';
    if (hasPath === (route.index === true)) {
      ctx.report(doc, path, hasPath ? 'a route has either "path" or "index: true", not both' : 'a route needs "path" or "index: true"');
    }
    const kinds = ['screen', 'redirect', 'planned'].filter((k) => route[k] !== undefined && route[k] !== false);
    if (kinds.length > 1) ctx.report(doc, path, `a route has only one of ${kinds.map((k) => `"${k}"`).join(', ')}`);
    if (kinds.length === 0 && !Array.isArray(route.children)) {
      ctx.report(doc, path, 'a route needs "screen", "redirect", "planned: true" or "children"');
    }
    if (typeof route.screen === 'string' && !screens[route.screen]) {
      ctx.report(doc, [...path, 'screen'], `screen "${route.screen}" is not in schemas/screens/`);
    }
    const gate = route.gate as { screen?: unknown } | undefined;
    if (gate && typeof gate.screen === 'string' && !screens[gate.screen]) {
      ctx.report(doc, [...path, 'gate', 'screen'], `screen "${gate.screen}" is not in schemas/screens/`);
    }
    if (typeof route.redirect === 'string' && !routes.some((r) => matchesRoutePattern(r.path, route.redirect as string))) {
      ctx.report(doc, [...path, 'redirect'], `no route matches "${route.redirect}"`);
    }
    ctx.messageKey(doc, [...path, 'title'], route.title);
  });
  const seen = new Map<string, string>();
  for (const r of routes) {
    // A frame is what a stored session shows while it loads; a first view, what a signed-out visit shows.
    if (r.prerender === 'frame' && r.requires !== 'session' && !r.redirect && !r.planned) {
      ctx.report(doc, r.source, `route "${r.path}" is prerendered as a frame but does not require a session`);
    }
    if (r.prerender === true && r.requires === 'session') {
      ctx.report(doc, r.source, `route "${r.path}" requires a session: a signed-out first view of it is never shown (use prerender: frame)`);
    }
    const key = `${r.path.toLowerCase()}${r.index ? '#index' : ''}`;
    const other = seen.get(key);
    if (other) ctx.report(doc, r.source, `route "${r.path}" is declared twice (also in ${other})`);
    else seen.set(key, `layout ${r.layout}`);
  }
  return routes;
}

export function checkRedirects(ctx: CheckContext, routes: CompiledRoute[]): void {
  const doc = ctx.project.schemas.redirects;
  if (!doc || !isObject(doc.data) || !Array.isArray(doc.data.redirects)) return;
  const prefixes = Array.isArray(doc.data.legacyPrefixes) ? doc.data.legacyPrefixes.filter((p): p is string => typeof p === 'string') : [];
  const hasPrefixes = prefixes.length > 0;
  doc.data.redirects.forEach((entry: unknown, i: number) => {
    if (!isObject(entry)) return;
    if (typeof entry.from === 'string' && entry.from.split('/').includes('*') && !hasPrefixes) {
      ctx.report(doc, ['redirects', i, 'from'], '"*" needs legacyPrefixes');
    }
    for (const key of ['to', 'withSubPath']) targetExists(ctx, doc, ['redirects', i, key], entry[key], routes);
    if (typeof entry.from === 'string' && typeof entry.to === 'string') reportRouteShadowing(ctx, doc, i, entry, prefixes, routes);
  });
}

/**
 * A legacy address that is also a page of the portal (matching ignores case: `PayNow` is /paynow)
 * would send that page's visitors away, or round in a loop when it points at itself.
 */
function reportRouteShadowing(ctx: CheckContext, doc: SourceDoc, i: number, entry: Record<string, unknown>, prefixes: string[], routes: CompiledRoute[]): void {
  const single = compileRedirects({ legacyPrefixes: prefixes, redirects: [{ from: entry.from as string, to: entry.to as string }] });
  const page = routes.find((r) => !r.mirror && single.resolve(r.path, '') !== null);
  if (page) ctx.report(doc, ['redirects', i, 'from'], `"${String(entry.from)}" is the address of the route "${page.path}": its visitors would be redirected`);
}

export function checkNavigation(ctx: CheckContext, routes: CompiledRoute[]): void {
  const doc = ctx.project.schemas.navigation;
  if (!doc) return;
  const flags = featureFlags(ctx);
  walk(doc.data, (value, path) => {
    if (!isObject(value)) return;
    // A link's `text` (and `countText`), the frame's picker's `label`, the notice's `title` and `countdownText`.
    for (const key of ['text', 'countText', 'label', 'title', 'countdownText']) if (typeof value[key] === 'string') ctx.messageKey(doc, [...path, key], value[key]);
    targetExists(ctx, doc, [...path, 'to'], value.to, routes);
    if (Array.isArray(value.children)) checkGroup(ctx, doc, path, value);
    if (typeof value.panel === 'string') checkPanel(ctx, doc, path, value);
    if (typeof value.feature === 'string' && flags && !flags.has(value.feature)) {
      ctx.report(doc, [...path, 'feature'], `feature flag "${value.feature}" is not in schemas/features.yaml`);
    }
  });
}

/** A panel item is a button showing a screen beside the page: it leads nowhere itself. */
function checkPanel(ctx: CheckContext, doc: SourceDoc, path: PathSegment[], item: Record<string, unknown>): void {
  const screens = ctx.project.collections.screens ?? {};
  if (!screens[item.panel as string]) ctx.report(doc, [...path, 'panel'], `screen "${String(item.panel)}" is not in schemas/screens/`);
  for (const key of ['to', 'href', 'siteUrl', 'children']) {
    if (item[key] !== undefined) ctx.report(doc, [...path, key], `an item with a panel opens it: it has no "${key}"`);
  }
}

/** A group is a button opening a menu of links: it leads nowhere itself, and its links are links. */
function checkGroup(ctx: CheckContext, doc: SourceDoc, path: PathSegment[], group: Record<string, unknown>): void {
  for (const key of ['to', 'href', 'siteUrl']) {
    if (group[key] !== undefined) ctx.report(doc, [...path, key], `a group (an item with children) opens its menu: it has no "${key}"`);
  }
  (group.children as unknown[]).forEach((child, i) => {
    if (!isObject(child)) return;
    if (child.children !== undefined) ctx.report(doc, [...path, 'children', i, 'children'], 'groups do not nest: a group\'s items are links');
    else if (child.to === undefined && child.href === undefined) ctx.report(doc, [...path, 'children', i], 'a link of a group needs "to" or "href"');
  });
}

function targetExists(ctx: CheckContext, doc: SourceDoc, path: PathSegment[], target: unknown, routes: CompiledRoute[]): void {
  if (typeof target !== 'string') return;
  const pathname = target.split(/[?#]/)[0];
  if (!routes.some((r) => matchesRoutePattern(r.path, pathname))) ctx.report(doc, path, `no route matches "${target}"`);
}

function featureFlags(ctx: CheckContext): Set<string> | undefined {
  const data = ctx.project.schemas.features?.data;
  if (!isObject(data) || !isObject(data.flags)) return undefined;
  return new Set(Object.keys(data.flags));
}

function walkRouteDefs(data: RoutesDoc, visit: (route: Record<string, unknown>, path: PathSegment[]) => void): void {
  const visitList = (list: unknown, path: PathSegment[]) => {
    if (!Array.isArray(list)) return;
    list.forEach((route, i) => {
      if (!isObject(route)) return;
      visit(route, [...path, i]);
      visitList(route.children, [...path, i, 'children']);
    });
  };
  for (const [name, layout] of Object.entries(data.layouts ?? {})) {
    if (isObject(layout)) visitList(layout.routes, ['layouts', name, 'routes']);
  }
}
