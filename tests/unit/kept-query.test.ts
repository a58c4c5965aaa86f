// Links between the routes of a layout with `keepQuery` carry those parameters of the address
// (engine/react/app/route-table.ts resolveLink): the public pages keep their association.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileRoutes, type RoutesDoc } from '../../engine/core/routes.ts';
import { resolveLink } from '../../engine/react/app/route-table.ts';

const routes = compileRoutes(parse(readFileSync('schemas/routes.yaml', 'utf8')) as RoutesDoc, new Set(['publicLayout']));
const here = '?association=maplegrove';

describe('links that keep the address\'s association (schemas/routes.yaml keepQuery)', () => {
  it('carry it between public pages', () => {
    expect(resolveLink('/public', '/public/community/help', routes, here)).toBe('/public?association=maplegrove');
    expect(resolveLink('/public/community/help', '/public', routes, here)).toBe('/public/community/help?association=maplegrove');
    expect(resolveLink('/public/community/documents/3', '/public/community/calendar', routes, `${here}&month=2026-03`)).toBe('/public/community/documents/3?association=maplegrove');
  });
  it('leave a link that names its own association, and links out of the public pages, as they are', () => {
    expect(resolveLink('/public/community/faq?association=cedarpoint', '/public', routes, here)).toBe('/public/community/faq?association=cedarpoint');
    expect(resolveLink('/login', '/public', routes, here)).toBe('/login');
    expect(resolveLink('/community/help', '/public', routes, here)).toBe('/community/help');
  });
  it('add nothing without one, nor from pages of a layout that keeps none', () => {
    expect(resolveLink('/public/community/help', '/public', routes, '')).toBe('/public/community/help');
    expect(resolveLink('/public/community/help', '/public', routes, '?other=1')).toBe('/public/community/help');
    expect(resolveLink('/community/faq', '/community/help', routes, here)).toBe('/community/faq');
  });
});
