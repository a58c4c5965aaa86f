// Links ask where they lead on every render; route-table.ts keeps the answers per route list.
// The answers must be those of the list asked about, and the same when asked again.
import { describe, expect, it } from 'vitest';
import { compileRoutes, type RoutesDoc } from '../../engine/core/routes.ts';
import { isLinkable, mirrorOf, resolveLink } from '../../engine/react/app/route-table.ts';

const doc = (planned: boolean): RoutesDoc => ({
  layouts: {
    root: {
      shell: 'portal',
      mirror: '/embed',
      keepQuery: ['association'],
      routes: [{ path: 'docs', screen: 'docs', planned }, { path: 'docs/:id', screen: 'doc' }, { path: 'home', screen: 'home' }],
    },
  },
} as RoutesDoc);

describe('route lookups kept per route list', () => {
  it('answer for the list they are given, and alike when asked again', () => {
    const built = compileRoutes(doc(false), new Set());
    const planned = compileRoutes(doc(true), new Set());
    for (let round = 0; round < 2; round++) {
      expect(isLinkable('/docs', built)).toBe(true);
      expect(isLinkable('/docs', planned)).toBe(false);
      expect(isLinkable('/DOCS/7?x=1', built)).toBe(true);
      expect(isLinkable('/nowhere', built)).toBe(false);
      expect(mirrorOf('/embed/docs', built)).toBe('/embed');
      expect(mirrorOf('/docs', built)).toBeUndefined();
      expect(resolveLink('/home', '/embed/docs/7', built, '?association=a')).toBe('/embed/home?association=a');
      expect(resolveLink('/home', '/docs', built, '?association=a')).toBe('/home?association=a');
    }
  });
});
