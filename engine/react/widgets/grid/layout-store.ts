// Saved column layouts of grids, one local storage entry per grid.

export interface StoredLayout { version: 1; columns: unknown[] }

export function layoutKey(gridId: string, configured?: string): string {
  return configured ?? `grid.${gridId}`;
}

export function readLayout(storage: Storage | undefined, key: string): unknown[] | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredLayout>;
    return parsed && parsed.version === 1 && Array.isArray(parsed.columns) ? parsed.columns : null;
  } catch {
    return null;
  }
}

export function writeLayout(storage: Storage | undefined, key: string, columns: unknown[]): boolean {
  try {
    storage?.setItem(key, JSON.stringify({ version: 1, columns } satisfies StoredLayout));
    return Boolean(storage);
  } catch {
    return false;
  }
}

export function clearLayout(storage: Storage | undefined, key: string): void {
  try { storage?.removeItem(key); } catch { /* storage unavailable: nothing saved */ }
}

export function browserStorage(): Storage | undefined {
  try { return typeof window === 'undefined' ? undefined : window.localStorage; } catch { return undefined; }
}
