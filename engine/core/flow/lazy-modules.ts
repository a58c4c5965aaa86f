// Flow modules fetched with their machine (registry `lazyFlows`): once loaded, a module sits in the
// catalog's `flows` like any other, so machines are made and looked up the same way.
import type { FlowCatalog } from './types.ts';

const loading = new WeakMap<FlowCatalog, Map<string, Promise<void>>>();
const ready = Promise.resolve();

/** Resolves once flow `name`'s own module is in the catalog (at once when it is not lazy). The promise is stable per name. */
export function flowModuleReady(catalog: FlowCatalog, name: string): Promise<void> {
  const load = catalog.lazy?.[name];
  if (!load || catalog.flows[name]) return ready;
  let byName = loading.get(catalog);
  if (!byName) loading.set(catalog, byName = new Map());
  let promise = byName.get(name);
  if (!promise) {
    promise = load().then((module) => { catalog.flows[name] = module; });
    // A failed fetch may be tried again (the next render asks anew).
    promise.catch(() => byName.delete(name));
    byName.set(name, promise);
  }
  return promise;
}

/** Loads every lazy flow module (the checker and tests look at all of them). */
export async function loadAllFlowModules(catalog: FlowCatalog): Promise<void> {
  await Promise.all(Object.keys(catalog.lazy ?? {}).map((name) => flowModuleReady(catalog, name)));
}
