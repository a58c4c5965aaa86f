// The table of configuration chunks only gated areas use (engine/build/apart.ts): the screens,
// machines, forms, grids and texts no page outside a gated route reaches, and the operations
// only they call. Fetched once, the first time one of its ids is asked for (chunk-cache.ts), or
// as a page of a gated area starts (first-screen.ts); its operations join the API client's index
// as it loads, before any of its chunks can call one.
import type * as ApartModule from 'virtual:engine-apart';

type Apart = typeof ApartModule;
export type ApartKind = Exclude<keyof Apart, 'default'>;

let loading: Promise<Apart> | undefined;

export function loadApart(): Promise<Apart> {
  loading ??= import('virtual:engine-apart');
  return loading;
}

/** The loader of `id` in the table apart, if it lists it. */
export async function apartLoader<Module>(kind: ApartKind, id: string): Promise<(() => Promise<Module>) | undefined> {
  const table = (await loadApart())[kind] as Record<string, () => Promise<Module>>;
  return Object.hasOwn(table, id) ? table[id] : undefined;
}
