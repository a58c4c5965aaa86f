import { webStorage } from '../web-storage.ts';
import type { FlowContext, FlowPersistence } from './types.ts';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Where persisted fields are kept when the browser refuses web storage (a page framed by another
 * site, where third-party storage is blocked, or a sandboxed frame): the page's memory, for the
 * page's life. The pages a flow opens within the page still find what it kept; a reload does not.
 */
const inMemory: Record<FlowPersistence['storage'], Map<string, string>> = { local: new Map(), session: new Map() };

function memoryStore(items: Map<string, string>): KeyValueStore {
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => { items.set(key, value); },
    removeItem: (key) => { items.delete(key); },
  };
}

function storageOf(kind: FlowPersistence['storage']): KeyValueStore | null {
  if (typeof window === 'undefined') return null;
  return webStorage(kind) ?? memoryStore(inMemory[kind]);
}

export function restorePersisted(persist: FlowPersistence | undefined): FlowContext {
  if (!persist) return {};
  const raw = storageOf(persist.storage)?.getItem(persist.key);
  if (!raw) return {};
  try {
    const saved = JSON.parse(raw) as FlowContext;
    return Object.fromEntries(persist.fields.filter((field) => field in saved).map((field) => [field, saved[field]]));
  } catch {
    return {};
  }
}

function savePersisted(persist: FlowPersistence | undefined, context: FlowContext): void {
  if (!persist) return;
  const picked = Object.fromEntries(persist.fields.map((field) => [field, context[field]]));
  storageOf(persist.storage)?.setItem(persist.key, JSON.stringify(picked));
}

export function clearStorageKey(kind: FlowPersistence['storage'], key: string): void {
  storageOf(kind)?.removeItem(key);
}

interface ContextSource {
  getSnapshot(): { context: unknown };
  subscribe(observer: (snapshot: { context: unknown }) => void): { unsubscribe(): void };
}

/**
 * Saves the persisted fields now and again each time the machine's context changes, as the machine
 * moves: before anything it does later (a delayed event, a page it opens) can read them. A save
 * that waited for the screen to render would lag the machine on a busy device, and the next page
 * would read the fields as they were before. Returns what stops it.
 */
export function keepPersisted(actor: ContextSource, persist: FlowPersistence | undefined): () => void {
  if (!persist) return () => {};
  let saved = actor.getSnapshot().context;
  savePersisted(persist, saved as FlowContext);
  const subscription = actor.subscribe((snapshot) => {
    if (snapshot.context === saved) return;
    saved = snapshot.context;
    savePersisted(persist, saved as FlowContext);
  });
  return () => subscription.unsubscribe();
}
