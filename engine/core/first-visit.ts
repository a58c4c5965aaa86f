// A page rendered ahead of time shows what a first visit sees. The browser may adopt (hydrate) that
// markup only when its web storage holds what a first visit holds; any stored token or remembered
// flow state would render differently, so such a browser renders the page afresh instead.

import { webStorage } from './web-storage.ts';

export interface StorageExpectation {
  storage: 'local' | 'session';
  key: string;
  /** The values a first visit may hold under the key: null for nothing stored. */
  values: (string | null)[];
}

export interface WebStorages { local: Pick<Storage, 'getItem'> | null; session: Pick<Storage, 'getItem'> | null }

/** True when every key holds one of its first-visit values (blocked storage counts as empty). */
export function looksLikeFirstVisit(expected: StorageExpectation[], storages: WebStorages): boolean {
  return expected.every(({ storage, key, values }) => {
    const held = storages[storage]?.getItem(key) ?? null;
    return values.includes(held);
  });
}

/** The browser's storages, or null for one that is blocked (sandboxed frames throw on access). */
export function browserStorages(): WebStorages {
  return { local: webStorage('local'), session: webStorage('session') };
}
