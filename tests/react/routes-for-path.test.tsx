import { readFileSync } from 'node:fs';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { compileRoutes, type RoutesDoc } from '../../engine/core/routes.ts';
import { resolveFeatures } from '../../engine/core/features.ts';
import { buildRouteObjects } from '../../engine/react/router/build-routes.tsx';
import { firstSegmentOfPath, routesForPath } from '../../engine/react/router/routes-for-path.ts';

const routesDoc = parse(readFileSync('schemas/routes.yaml', 'utf8')) as RoutesDoc;
const featuresDoc = parse(readFileSync('schemas/features.yaml', 'utf8'));
const compiled = compileRoutes(routesDoc, resolveFeatures(featuresDoc, 'all'));
const objects = buildRouteObjects(compiled, 'not-found', 'server-error');

/** What a match is, as the router renders it: the route of each level, its params and pathname. */
function described(routes: RouteObject[], pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map((m) => ({ path: m.route.path, params: m.params, pathname: m.pathname }));
}

/** Every route's pattern made into paths it matches, and variants the router treats alike. */
function pathsToTry(): string[] {
  const paths = new Set<string>(['/', '', '//', '//billing', '/no-such-page', '/embed', '/embed/', '/embed/no-such', '/%', '/%E0%A4%A', '/a%2Fb', '/%62illing']);
  for (const route of compiled) {
    const filled = route.path.replace(/:(\w+)\?/g, 'opt-$1').replace(/:(\w+)/g, 'val-$1').replace(/\*$/, 'rest/of/it');
    const bare = route.path.replace(/\/:(\w+)\?/g, '');
    for (const path of [filled, bare]) {
      paths.add(path);
      paths.add(`${path}/`);
      paths.add(path.toUpperCase());
      paths.add(`${path}/extra`);
      paths.add(path.replace(/^\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`));
    }
  }
  return [...paths];
}

describe('routesForPath', () => {
  it('has routes to work on: the portal has many, mirrors included', () => {
    expect(compiled.length).toBeGreaterThan(50);
    expect(compiled.some((route) => route.mirror)).toBe(true);
  });

  it('gives every path the match the whole tree gives it', () => {
    const paths = pathsToTry();
    expect(paths.length).toBeGreaterThan(300);
    // The router warns of each path it cannot decode, which some of these are on purpose.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const pathname of paths) {
      expect({ pathname, match: described(routesForPath(objects, pathname), pathname) })
        .toEqual({ pathname, match: described(objects, pathname) });
    }
    warn.mockRestore();
  });

  it('hands the router only the routes that could match', () => {
    const count = (routes: RouteObject[]): number => routes.reduce((n, r) => n + (r.children ? count(r.children) : 1), 0);
    const all = count(objects);
    const dashboard = count(routesForPath(objects, '/dashboard'));
    expect(dashboard).toBeLessThan(all / 10);
    expect(routesForPath(objects, '/dashboard')).toBe(routesForPath(objects, '/Dashboard/'));
  });

  it('reads the first segment as the router compares it', () => {
    expect(firstSegmentOfPath('/Billing/x')).toBe('billing');
    expect(firstSegmentOfPath('/%62illing')).toBe('billing');
    expect(firstSegmentOfPath('/')).toBe('');
    expect(firstSegmentOfPath('')).toBe('');
    expect(firstSegmentOfPath('/%E0%A4%A')).toBeNull();
  });

  it('keeps the whole tree for a path it cannot decode', () => {
    expect(routesForPath(objects, '/%E0%A4%A/x')).toBe(objects);
  });
});
