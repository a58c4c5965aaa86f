// Flow modules fetched with their machine (registry `lazyFlows` and `lazySharedFlows`): once loaded,
// a module sits in the catalog's `flows` or `shared` like any other, so machines are made and looked
// up the same way. Only the modules of the machines a page runs are part of its download.
import type { FlowCatalog, FlowModule } from './types.ts';

type Kind = 'flows' | 'shared';
const LAZY = { flows: 'lazy', shared: 'lazyShared' } as const;

const loading = new WeakMap<FlowCatalog, Map<string, Promise<void>>>();
const ready = Promise.resolve();

function remembered(catalog: FlowCatalog, key: string, start: () => Promise<void>): Promise<void> {
  let byKey = loading.get(catalog);
  if (!byKey) loading.set(catalog, byKey = new Map());
  let promise = byKey.get(key);
  if (!promise) {
    promise = start();
    // A failed fetch may be tried again (the next render asks anew).
    promise.catch(() => byKey.delete(key));
    byKey.set(key, promise);
  }
  return promise;
}

function moduleReady(catalog: FlowCatalog, kind: Kind, name: string): Promise<void> {
  const load = catalog[LAZY[kind]]?.[name];
  if (!load || catalog[kind][name]) return ready;
  return remembered(catalog, `${kind}:${name}`, () => load().then((module: FlowModule) => { catalog[kind][name] = module; }));
}

/**
 * Resolves once flow `name`'s own module and the shared modules its machine `uses` are in the
 * catalog (at once when none is lazy or all are loaded). The promise is stable per flow name.
 */
export function flowModuleReady(catalog: FlowCatalog, name: string, uses: readonly string[] = []): Promise<void> {
  // The promise a render suspended on stays the answer once it has settled (React knows it then).
  const known = loading.get(catalog)?.get(`machine:${name}`);
  if (known) return known;
  const pending = [moduleReady(catalog, 'flows', name), ...uses.map((shared) => moduleReady(catalog, 'shared', shared))]
    .filter((promise) => promise !== ready);
  if (pending.length === 0) return ready;
  return remembered(catalog, `machine:${name}`, () => Promise.all(pending).then(() => undefined));
}

/** Loads every lazy flow and shared module (the checker and tests look at all of them). */
export async function loadAllFlowModules(catalog: FlowCatalog): Promise<void> {
  await Promise.all([
    ...Object.keys(catalog.lazy ?? {}).map((name) => moduleReady(catalog, 'flows', name)),
    ...Object.keys(catalog.lazyShared ?? {}).map((name) => moduleReady(catalog, 'shared', name)),
  ]);
}
