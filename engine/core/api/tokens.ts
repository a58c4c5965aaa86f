// Bearer tokens, one slot per API audience, kept in web storage (never cookies: the portal must
// keep working inside iframes that block third-party cookies).
//
// A slot may also name a `tabKey`, a sessionStorage key: a tab holding its own tokens there (signed
// in as someone else than the browser's other tabs) never reads nor overwrites the tokens the other
// tabs share. A tab is such a tab while sessionStorage holds the tab key of any slot (`tabHolds`):
// then every slot with a tab key reads and writes its tab key only, even one not stored there yet, so
// that a token the tab receives later (a second token of the same sign-in) stays in the tab too.

export interface TokenSlotConfig {
  storage: 'local' | 'session';
  key: string;
  /** A sessionStorage key holding this tab's own token for the slot, over `key` (see above). */
  tabKey?: string;
}

export interface TokenStore {
  get(slot: string): string | null;
  /** `tab: true` stores the token for this tab only (the slot's `tabKey`): the tab holds its own tokens from then on. */
  set(slot: string, value: string | null, options?: { tab?: boolean }): void;
}

type Storages = { local: Pick<Storage, 'getItem'> | null; session: Pick<Storage, 'getItem'> | null };

/** True when this tab holds its own tokens: sessionStorage holds one of the slots' tab keys. */
export function tabHolds(tabKeys: readonly string[], session: Pick<Storage, 'getItem'> | null): boolean {
  return session !== null && tabKeys.some((key) => session.getItem(key) !== null);
}

/**
 * Where a slot's token is read from: its tab key while the tab holds its own tokens, else its key.
 * Shared with the page's first script (early-requests.ts), which reads tokens before the store exists.
 */
export function tokenPlace(slot: TokenSlotConfig, tabKeys: readonly string[], storages: Storages): { storage: 'local' | 'session'; key: string } {
  if (slot.tabKey && tabHolds(tabKeys, storages.session)) return { storage: 'session', key: slot.tabKey };
  return { storage: slot.storage, key: slot.key };
}

export function createTokenStore(slots: Record<string, TokenSlotConfig>, storages?: { local: Storage; session: Storage }): TokenStore {
  const memory = new Map<string, string>();
  const tabKeys = Object.values(slots).flatMap((config) => (config.tabKey ? [config.tabKey] : []));
  const storageOf = (kind: 'local' | 'session'): Storage | null => {
    try {
      if (storages) return storages[kind];
      return kind === 'local' ? window.localStorage : window.sessionStorage;
    } catch {
      return null; // storage blocked (sandboxed frame): fall back to memory for this page's life
    }
  };
  const configOf = (slot: string): TokenSlotConfig => {
    const config = slots[slot];
    if (!config) throw new Error(`Unknown token slot "${slot}"`);
    return config;
  };
  const placeOf = (slot: string) => tokenPlace(configOf(slot), tabKeys, { local: storageOf('local'), session: storageOf('session') });
  return {
    get(slot) {
      const place = placeOf(slot);
      const storage = storageOf(place.storage);
      return storage ? storage.getItem(place.key) : memory.get(slot) ?? null;
    },
    set(slot, value, options) {
      const config = configOf(slot);
      if (options?.tab && !config.tabKey) throw new Error(`Token slot "${slot}" has no tabKey: its token cannot be kept for one tab`);
      const place = options?.tab ? { storage: 'session' as const, key: config.tabKey! } : placeOf(slot);
      const storage = storageOf(place.storage);
      if (!storage) {
        if (value === null) memory.delete(slot); else memory.set(slot, value);
        return;
      }
      if (value === null) storage.removeItem(place.key); else storage.setItem(place.key, value);
    },
  };
}
