import type { FlowContext, FlowPersistence } from './types.ts';

function storageOf(kind: FlowPersistence['storage']): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage can be blocked inside sandboxed frames
  }
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

export function savePersisted(persist: FlowPersistence | undefined, context: FlowContext): void {
  if (!persist) return;
  const picked = Object.fromEntries(persist.fields.map((field) => [field, context[field]]));
  storageOf(persist.storage)?.setItem(persist.key, JSON.stringify(picked));
}

export function clearStorageKey(kind: FlowPersistence['storage'], key: string): void {
  storageOf(kind)?.removeItem(key);
}
