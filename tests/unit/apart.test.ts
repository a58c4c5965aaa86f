import { describe, expect, it } from 'vitest';
import { apartParts, type ApartInput } from '../../engine/build/apart.ts';
import { configPlugin } from '../../engine/build/config-plugin.ts';
import { compileRoutes } from '../../engine/core/routes.ts';
import { chunkCache } from '../../engine/react/app/chunk-cache.ts';
import { readConfigData } from '../../engine/core/config/read-config.ts';
import { resolveFeatures } from '../../engine/core/features.ts';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

function input(overrides: Partial<ApartInput> = {}): ApartInput {
  return {
    routesDoc: {
      notFound: 'not-found',
      layouts: {
        root: {
          shell: 'portal',
          routes: [
            { path: 'home', screen: 'home' },
            { path: 'shared', screen: 'shared' },
            {
              path: 'area', gate: { when: '$session.isStaff', screen: 'area-only' },
              children: [{ index: true, screen: 'area-home' }, { path: 'shared', screen: 'shared' }],
            },
          ],
        },
      },
    } as never,
    enabledFeatures: new Set(),
    screens: {
      home: { widget: 'flow', flow: 'common', form: 'common-form' },
      shared: { widget: 'text' },
      'not-found': { widget: 'text' },
      'area-only': { widget: 'text' },
      'area-home': { widget: 'flow', flow: 'area-flow', children: [{ widget: 'grid', grid: 'area-grid' }, { widget: 'form', form: 'common-form' }] },
    },
    flows: {
      common: { initial: 'a', states: { a: { invoke: { src: 'operation', input: { operation: 'getCommon' } } } } },
      'area-flow': { initial: 'a', states: { a: { invoke: { src: 'operation', input: { operation: 'getArea' } } }, b: { invoke: { input: { operation: 'getQuoted' } } } } },
    },
    forms: { 'common-form': {}, 'area-form': {} },
    grids: { 'area-grid': { source: { operation: 'listArea' } }, unused: {} },
    content: [],
    operations: ['getCommon', 'getArea', 'getQuoted', 'listArea', 'getNavigation', 'redeemElsewhere'],
    always: [{ primary: [{ to: '/area', when: '$session.isStaff' }], data: { operation: 'getNavigation' } }],
    sources: ["call('getQuoted')"],
    ...overrides,
  };
}

describe('the configuration chunks of gated areas (apart.ts)', () => {
  it('lists apart what only gated routes reach, with the gate screen and the operations only they call', () => {
    expect(apartParts(input())).toEqual({
      screens: ['area-home', 'area-only'],
      flows: ['area-flow'],
      forms: [],
      grids: ['area-grid'],
      content: [],
      operations: ['getArea', 'listArea'],
      unnamedOperations: ['redeemElsewhere'],
    });
  });

  it('leaves out of every index an operation nothing of the portal names (others call it)', () => {
    const parts = apartParts(input({ operations: ['getCommon', 'getArea', 'getQuoted', 'listArea', 'getNavigation', 'redeemElsewhere', 'startRedirect'] }));
    expect(parts.unnamedOperations).toEqual(['redeemElsewhere', 'startRedirect']);
    expect(parts.operations).not.toContain('redeemElsewhere');
  });

  it('keeps with every page what an open route, the frame or the product code reaches too', () => {
    const parts = apartParts(input());
    // `shared` is shown inside and outside the area; the form is on an open screen too.
    expect(parts.screens).not.toContain('shared');
    expect(parts.forms).not.toContain('common-form');
    // Named by navigation.yaml, quoted in a flow module.
    expect(parts.operations).not.toContain('getNavigation');
    expect(parts.operations).not.toContain('getQuoted');
    // Reached by no route at all: left where it was.
    expect(parts.grids).not.toContain('unused');
    expect(parts.screens).not.toContain('not-found');
  });

  it('moves nothing when no route is gated', () => {
    const doc = input().routesDoc as unknown as { layouts: { root: { routes: { gate?: unknown }[] } } };
    const routes = doc.layouts.root.routes.map(({ gate: _gate, ...route }) => route);
    const parts = apartParts(input({ routesDoc: { ...doc, layouts: { root: { ...doc.layouts.root, routes } } } as never }));
    const { unnamedOperations, ...moved } = parts;
    expect(Object.values(moved).flat()).toEqual([]);
    expect(unnamedOperations).toEqual(['redeemElsewhere']);
  });
});

describe("the product's table apart", () => {
  async function built() {
    const plugin = configPlugin({ root, features: 'all' }) as unknown as {
      configResolved(config: { command: string; base: string }): void;
      load(id: string, options?: { ssr?: boolean }): string | Promise<string>;
      api: { apart(ssr: boolean): Promise<Record<string, string[]>> };
    };
    plugin.configResolved({ command: 'build', base: '/' });
    const parts = await plugin.api.apart(false);
    const source = async (id: string, ssr = false) => plugin.load(`\0${id}`, { ssr });
    return { plugin, parts, source };
  }

  it("holds the gated areas' screens, machines, forms and grids, and their operations, each resolving to its chunk", async () => {
    const { parts, source } = await built();
    const apart = await source('virtual:engine-apart');
    const routes = compileRoutes(readConfigData(root, `${root}/schemas/routes.yaml`).data as never, resolveFeatures(readConfigData(root, `${root}/schemas/features.yaml`).data as never, 'all'));
    const gatedScreens = new Set(routes.filter((route) => route.gate).flatMap((route) => [route.screen, route.gate!.screen]));
    // Every gated route's own screen that no open route shows is apart.
    const openScreens = new Set(routes.filter((route) => !route.gate).map((route) => route.screen));
    for (const screen of gatedScreens) {
      if (screen && !openScreens.has(screen)) expect(parts.screens).toContain(screen);
    }
    expect(parts.screens.length).toBeGreaterThan(10);
    for (const [kind, prefix] of [['screens', 'virtual:engine-screen/'], ['flows', 'virtual:engine-flow/'], ['forms', 'virtual:engine-form/'], ['grids', 'virtual:engine-grid/']]) {
      expect(parts[kind].length).toBeGreaterThan(0);
      for (const id of parts[kind]) expect(apart).toContain(`${JSON.stringify(id)}: () => import(${JSON.stringify(prefix + id)})`);
    }
    // Its operations join the index every page has as it loads.
    expect(parts.operations.length).toBeGreaterThan(0);
    expect(apart).toContain("from \"virtual:engine-operations\"");
    for (const id of parts.operations) expect(apart).toContain(JSON.stringify(id));
  });

  it('leaves them out of the tables every page carries, and keeps every open route screen there', async () => {
    const { parts, source } = await built();
    const screens = await source('virtual:engine-screens');
    const operations = await source('virtual:engine-operations');
    for (const id of parts.screens) expect(screens).not.toContain(`"virtual:engine-screen/${id}"`);
    for (const id of parts.operations) expect(operations).not.toContain(JSON.stringify(id));
    const routes = compileRoutes(readConfigData(root, `${root}/schemas/routes.yaml`).data as never, new Set(['publicLayout', 'expressLayout']));
    for (const route of routes.filter((candidate) => !candidate.gate && candidate.screen)) {
      expect(screens).toContain(`"virtual:engine-screen/${route.screen!}"`);
    }
    // The session's calls stay with every page.
    expect(operations).toContain('"getUser"');
    // What only other clients call (a browser following a redirect, a site redeeming a token) is in no index.
    expect(parts.unnamedOperations).toEqual(expect.arrayContaining(['startSso', 'redeemPortalToken']));
    for (const id of parts.unnamedOperations) expect(operations).not.toContain(JSON.stringify(id));
    expect(parts.unnamedOperations).not.toContain('getSsoProvider');
  });

  it('is empty when rendering ahead of time and in development mode, where the tables list everything', async () => {
    const { source } = await built();
    expect(await source('virtual:engine-screens', true)).toContain('"virtual:engine-screen/manage-home"');
    expect(await source('virtual:engine-apart', true)).not.toContain('import(');
    const served = configPlugin({ root, features: 'all' }) as unknown as { configResolved(config: { command: string; base: string }): void; load(id: string): string | Promise<string> };
    served.configResolved({ command: 'serve', base: '/' });
    expect(await served.load('\0virtual:engine-screens')).toContain('"virtual:engine-screen/manage-home"');
    expect(await served.load('\0virtual:engine-apart')).not.toContain('import(');
  });
});

describe('a chunk cache with a table elsewhere', () => {
  it('finds an id its own table lacks there, once, and still rejects an unknown one', async () => {
    let asked = 0;
    const load = chunkCache<{ default: string }, string>({ home: async () => ({ default: 'home' }) }, 'screen', (module) => module.default, async (id) => {
      asked += 1;
      return id === 'area' ? async () => ({ default: 'area' }) : undefined;
    });
    expect(await load('home')).toBe('home');
    expect(asked).toBe(0);
    expect(await load('area')).toBe('area');
    expect(await load('area')).toBe('area');
    expect(asked).toBe(1);
    await expect(load('nowhere')).rejects.toThrow('No screen "nowhere"');
  });
});
