import { describe, expect, it } from 'vitest';
import { flowModuleReady, loadAllFlowModules } from '../../engine/core/flow/lazy-modules.ts';
import { builtinFlowModule } from '../../engine/core/flow/builtins.ts';
import type { FlowCatalog, FlowModule } from '../../engine/core/flow/types.ts';
import { buildRegistry } from '../../engine/core/registry.ts';
import { engineBuiltins } from '../../engine/react/builtins.ts';
import { flowModules, lazyFlowModules, lazySharedFlowModules } from '../../flows/registry.ts';

const module: FlowModule = { guards: { ready: () => true } };

describe('flow modules fetched with their machine', () => {
  it('moves a lazy module into the catalog once, and answers at once for the others', async () => {
    let fetched = 0;
    const catalog: FlowCatalog = { builtins: builtinFlowModule, flows: { eager: {} }, shared: {}, lazy: { later: async () => { fetched += 1; return module; } } };
    const first = flowModuleReady(catalog, 'later');
    expect(flowModuleReady(catalog, 'later')).toBe(first);
    expect(catalog.flows.later).toBeUndefined();
    await first;
    expect(catalog.flows.later).toBe(module);
    await flowModuleReady(catalog, 'later');
    await flowModuleReady(catalog, 'eager');
    await flowModuleReady(catalog, 'unknown');
    expect(fetched).toBe(1);
  });

  it('tries a failed fetch again on the next ask', async () => {
    let attempts = 0;
    const catalog: FlowCatalog = {
      builtins: builtinFlowModule, flows: {}, shared: {},
      lazy: { flaky: async () => { attempts += 1; if (attempts === 1) throw new Error('offline'); return module; } },
    };
    await expect(flowModuleReady(catalog, 'flaky')).rejects.toThrow('offline');
    await flowModuleReady(catalog, 'flaky');
    expect(catalog.flows.flaky).toBe(module);
    await loadAllFlowModules(catalog);
    expect(attempts).toBe(2);
  });

  it('a lazy module named like an eager one is a registry conflict', () => {
    const { conflicts } = buildRegistry(engineBuiltins, { a: { flows: { same: module } }, b: { lazyFlows: { same: async () => module } } });
    expect(conflicts.map((conflict) => conflict.message)).toEqual(['flow module "same" of module "b" is also defined by module "a"']);
  });

  it('loads the shared modules a machine uses together with its own module', async () => {
    const fetched: string[] = [];
    const fetch = (name: string) => async () => { fetched.push(name); return module; };
    const catalog: FlowCatalog = {
      builtins: builtinFlowModule, flows: {}, shared: {},
      lazy: { pay: fetch('pay') }, lazyShared: { setup: fetch('setup'), other: fetch('other') },
    };
    const first = flowModuleReady(catalog, 'pay', ['setup']);
    expect(flowModuleReady(catalog, 'pay', ['setup'])).toBe(first);
    await first;
    expect(catalog.flows.pay).toBe(module);
    expect(catalog.shared.setup).toBe(module);
    expect(catalog.shared.other).toBeUndefined();
    expect(flowModuleReady(catalog, 'pay', ['setup'])).toBe(first);
    await loadAllFlowModules(catalog);
    expect(fetched.sort()).toEqual(['other', 'pay', 'setup']);
  });

  it('a lazy shared module named like an eager one is a registry conflict', () => {
    const { conflicts } = buildRegistry(engineBuiltins, { a: { sharedFlows: { same: module } }, b: { lazySharedFlows: { same: async () => module } } });
    expect(conflicts.map((conflict) => conflict.message)).toEqual(['shared flow module "same" of module "b" is also defined by module "a"']);
  });

  it("every page carries the session's flow module only: the others come with their machines", async () => {
    expect(Object.keys(flowModules)).toEqual(['session']);
    // Each module fetched with its machine loads.
    for (const [name, load] of Object.entries({ ...lazyFlowModules, ...lazySharedFlowModules })) {
      expect(await load(), name).toBeTypeOf('object');
    }
  });
});
