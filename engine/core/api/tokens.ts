// Bearer tokens, one slot per API audience, kept in web storage (never cookies: the portal must
// keep working inside iframes that block third-party cookies).

export interface TokenSlotConfig { storage: 'local' | 'session'; key: string }
export interface TokenStore { get(slot: string): string | null; set(slot: string, value: string | null): void }

export function createTokenStore(slots: Record<string, TokenSlotConfig>, storages?: { local: Storage; session: Storage }): TokenStore {
  const memory = new Map<string, string>();
  const storageFor = (slot: string): Storage | null => {
    const config = slots[slot];
    if (!config) throw new Error(`Unknown token slot "${slot}"`);
    try {
      if (storages) return storages[config.storage];
      return config.storage === 'local' ? window.localStorage : window.sessionStorage;
    } catch {
      return null; // storage blocked (sandboxed frame): fall back to memory for this page's life
    }
  };
  return {
    get(slot) {
      const storage = storageFor(slot);
      return storage ? storage.getItem(slots[slot].key) : memory.get(slot) ?? null;
    },
    set(slot, value) {
      const storage = storageFor(slot);
      if (!storage) {
        if (value === null) memory.delete(slot); else memory.set(slot, value);
        return;
      }
      if (value === null) storage.removeItem(slots[slot].key); else storage.setItem(slots[slot].key, value);
    },
  };
}
