import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileRoutes, matchesRoutePattern, type RoutesDoc } from '../../engine/core/routes.ts';
import { resolveFeatures } from '../../engine/core/features.ts';

const doc: RoutesDoc = {
  layouts: {
    root: {
      shell: 'portal',
      mirror: '/embed',
      routes: [
        { path: 'login/:clientId?', screen: 'login', requires: 'anonymous', title: 'login.title' },
        { path: 'billing', requires: 'session', children: [{ index: true, screen: 'pay' }, { path: 'history', planned: true }] },
        { path: 'group', children: [{ path: 'x', screen: 'x', requires: 'anonymous' }] },
      ],
    },
    plain: { shell: 'bare', routes: [{ index: true, redirect: '/login' }] },
    extra: { shell: 'public', base: 'public', feature: 'publicLayout', routes: [{ index: true, screen: 'home' }] },
  },
};

describe('compileRoutes', () => {
  it('flattens the tree with full patterns, mirrors and inherited requirements', () => {
    const routes = compileRoutes(doc, new Set());
    expect(routes.map((r) => r.path)).toEqual([
      '/login/:clientId?', '/billing', '/billing/history', '/group/x',
      '/embed/login/:clientId?', '/embed/billing', '/embed/billing/history', '/embed/group/x',
      '/',
    ]);
    const login = routes[0];
    expect(login).toMatchObject({ id: 'root:/login/:clientId?', layout: 'root', shell: 'portal', screen: 'login', planned: false, requires: 'anonymous', title: 'login.title' });
    expect(login.mirror).toBeUndefined();
    expect(routes[1]).toMatchObject({ index: true, screen: 'pay', requires: 'session' });
    expect(routes[2]).toMatchObject({ planned: true, requires: 'session' });
    expect(routes[3].requires).toBe('anonymous');
    expect(routes[4]).toMatchObject({ id: 'root/embed:/embed/login/:clientId?', mirror: '/embed', screen: 'login' });
    expect(routes[8]).toMatchObject({ layout: 'plain', redirect: '/login', index: true });
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
  });
  it('hands a gate down to child routes, where a child may set its own', () => {
    const gate = { when: '$session.member', screen: 'members-only' };
    const own = { when: '$session.chair', screen: 'chairs-only' };
    const routes = compileRoutes({
      layouts: {
        root: {
          shell: 'portal',
          routes: [
            { path: 'club', requires: 'session', gate, children: [{ path: 'a', screen: 'a', children: [{ path: ':id', screen: 'b' }] }, { path: 'c', screen: 'c', gate: own }] },
            { path: 'open', screen: 'open' },
          ],
        },
      },
    }, new Set());
    expect(routes.map((r) => [r.path, r.gate?.screen, r.requires])).toEqual([
      ['/club/a', 'members-only', 'session'], ['/club/a/:id', 'members-only', 'session'], ['/club/c', 'chairs-only', 'session'], ['/open', undefined, undefined],
    ]);
  });
  it("adds a route's `when` to its ancestors' for its children", () => {
    const routes = compileRoutes({
      layouts: {
        root: {
          shell: 'portal',
          routes: [
            { path: 'club', when: '$session.open', children: [{ path: 'a', screen: 'a' }, { path: 'b', screen: 'b', when: '$session.b' }] },
            { path: 'open', screen: 'open' },
          ],
        },
      },
    }, new Set());
    expect(routes.map((r) => [r.path, r.when])).toEqual([['/club/a', ['$session.open']], ['/club/b', ['$session.open', '$session.b']], ['/open', undefined]]);
  });
  it('keeps layouts of enabled features only, under their base', () => {
    const routes = compileRoutes(doc, new Set(['publicLayout']));
    expect(routes.filter((r) => r.layout === 'extra').map((r) => r.path)).toEqual(['/public']);
  });
  it('compiles the real routes.yaml', () => {
    const real = compileRoutes(parse(readFileSync('schemas/routes.yaml', 'utf8')), new Set(['publicLayout', 'expressLayout']));
    const paths = real.map((r) => r.path);
    expect(paths).toContain('/embed/login/:clientId?');
    expect(new Set(real.map((r) => r.id)).size).toBe(real.length);
  });
});

describe('matchesRoutePattern', () => {
  it('is re-exported from routes', () => {
    expect(matchesRoutePattern('/documents/:id?', '/documents')).toBe(true);
  });
});

describe('resolveFeatures', () => {
  const features = { flags: { publicLayout: { default: false }, expressLayout: { default: true } } };
  it('uses defaults, none, all and explicit lists', () => {
    expect([...resolveFeatures(features)]).toEqual(['expressLayout']);
    expect([...resolveFeatures(features, '')]).toEqual(['expressLayout']);
    expect([...resolveFeatures(features, 'none')]).toEqual([]);
    expect([...resolveFeatures(features, 'all')].sort()).toEqual(['expressLayout', 'publicLayout']);
    expect([...resolveFeatures(features, 'publicLayout')]).toEqual(['publicLayout']);
    expect([...resolveFeatures(features, ' publicLayout , expressLayout ')]).toEqual(['publicLayout', 'expressLayout']);
  });
  it('rejects unknown flags', () => {
    expect(() => resolveFeatures(features, 'publicLayout,nope')).toThrow(/unknown feature flag nope/);
  });
});
