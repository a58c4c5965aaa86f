// Bearer tokens, one slot per API audience, kept in web storage (never cookies: the portal must
// keep working inside iframes that block third-party cookies).
//
// A slot may also name a `tabKey`, a sessionStorage key: a tab holding its own tokens there (signed
// in as someone else than the browser's other tabs) never reads nor overwrites the tokens the other
// tabs share. A tab is such a tab while sessionStorage holds the tab key of any slot (`tabHolds`):
// then every slot with a tab key reads and writes its tab key only, even one not stored there yet, so
// that a token the tab receives later (a second token of the same sign-in) stays in the tab too.
//
// A slot may name a path prefix, `memoryUnder` (the route tree's mirror that other sites show in a
// frame): while the page's address is under it, the slot's token lives in the page's memory only.
// Browsers partition or wipe a frame's storage, so a token kept there may be another sign-in's, or
// gone at the next load; and one written there would outlive the page in a storage the visitor
// cannot see nor clear from the site they are on.

import { webStorage, type WebStorageKind } from '../web-storage.ts';

export interface TokenSlotConfig {
  storage: 'local' | 'session';
  key: string;
  /** A sessionStorage key holding this tab's own token for the slot, over `key` (see above). */
  tabKey?: string;
  /** A path prefix (such as a mirror, `/embed`): while the page's address is under it, the token is kept in memory only. */
  memoryUnder?: string;
}

export interface TokenStore {
  get(slot: string): string | null;
  /** `tab: true` stores the token for this tab only (the slot's `tabKey`): the tab holds its own tokens from then on. */
  set(slot: string, value: string | null, options?: { tab?: boolean }): void;
}

export interface TokenStoreOptions {
  /** The page's path, read at each use (the browser's address by default): a slot's `memoryUnder` is checked against it. */
  pathname?: () => string;
}

type Storages = { local: Pick<Storage, 'getItem'> | null; session: Pick<Storage, 'getItem'> | null };

/** Where a slot's token is: a key of a web storage, or this page's memory. */
export type TokenPlace = { storage: 'local' | 'session'; key: string } | { storage: 'memory' };

/** True when `pathname` is `prefix` or below it, on whole segments and ignoring case, as routes match. */
export function isUnderPath(pathname: string, prefix: string): boolean {
  const base = prefix.replace(/\/+$/, '').toLowerCase();
  const path = pathname.toLowerCase();
  return base === '' || path === base || path.startsWith(`${base}/`);
}

/** True when this tab holds its own tokens: sessionStorage holds one of the slots' tab keys. */
export function tabHolds(tabKeys: readonly string[], session: Pick<Storage, 'getItem'> | null): boolean {
  return session !== null && tabKeys.some((key) => session.getItem(key) !== null);
}

/**
 * Where a slot's token is read from: memory while the page (at `pathname`) is under the slot's
 * `memoryUnder`, its tab key while the tab holds its own tokens, else its key. Shared with the
 * page's first script (early-requests.ts), which reads tokens before the store exists.
 */
export function tokenPlace(slot: TokenSlotConfig, tabKeys: readonly string[], storages: Storages, pathname?: string): TokenPlace {
  if (slot.memoryUnder && pathname !== undefined && isUnderPath(pathname, slot.memoryUnder)) return { storage: 'memory' };
  if (slot.tabKey && tabHolds(tabKeys, storages.session)) return { storage: 'session', key: slot.tabKey };
  return { storage: slot.storage, key: slot.key };
}

const browserPathname = (): string => (typeof window === 'undefined' ? '' : window.location.pathname);

export function createTokenStore(
  slots: Record<string, TokenSlotConfig>, storages?: { local: Storage; session: Storage }, options: TokenStoreOptions = {},
): TokenStore {
  const memory = new Map<string, string>();
  const pathname = options.pathname ?? browserPathname;
  const tabKeys = Object.values(slots).flatMap((config) => (config.tabKey ? [config.tabKey] : []));
  // A storage the browser refuses: the token is kept in memory for the page's life instead.
  const storageOf = (kind: WebStorageKind): Storage | null => (storages ? storages[kind] : webStorage(kind));
  const configOf = (slot: string): TokenSlotConfig => {
    const config = slots[slot];
    if (!config) throw new Error(`Unknown token slot "${slot}"`);
    return config;
  };
  const placeOf = (slot: string) => tokenPlace(configOf(slot), tabKeys, { local: storageOf('local'), session: storageOf('session') }, pathname());
  /** The web storage of a place; null for memory (and for a storage the browser blocks). */
  const storageAt = (place: TokenPlace): { storage: Storage; key: string } | null => {
    if (place.storage === 'memory') return null;
    const storage = storageOf(place.storage);
    return storage ? { storage, key: place.key } : null;
  };
  return {
    get(slot) {
      const at = storageAt(placeOf(slot));
      return at ? at.storage.getItem(at.key) : memory.get(slot) ?? null;
    },
    set(slot, value, options) {
      const config = configOf(slot);
      if (options?.tab && !config.tabKey) throw new Error(`Token slot "${slot}" has no tabKey: its token cannot be kept for one tab`);
      const found = placeOf(slot);
      // Kept in memory, the token is this page's alone already: no other tab shares it.
      const at = storageAt(options?.tab && found.storage !== 'memory' ? { storage: 'session', key: config.tabKey! } : found);
      if (!at) {
        if (value === null) memory.delete(slot); else memory.set(slot, value);
        return;
      }
      if (value === null) at.storage.removeItem(at.key); else at.storage.setItem(at.key, value);
    },
  };
}
