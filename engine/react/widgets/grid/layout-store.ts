// Saved grid layouts, one local storage entry per grid (and per user: the key names both): column
// order, widths and sort, the columns the user hid, and the filters.

import { webStorage } from '../../../core/web-storage.ts';

/**
 * What a saved layout holds; `columns` are ag-grid column states without visibility; `hidden` the
 * columns the user hid, `shown` those the user showed although the screen's width leaves them out.
 */
export interface GridLayout { columns: unknown[]; hidden: string[]; shown: string[]; filter: Record<string, unknown> | null }

interface StoredLayoutV1 { version: 1; columns: unknown[] }
// `shown` came later: layouts saved without it show no extra column.
interface StoredLayoutV2 extends Omit<GridLayout, 'shown'> { version: 2; shown?: string[] }

/** The storage key of a grid's layout for one user (signed out: shared by the browser's visitors). */
export function layoutKey(gridId: string, configured?: string, user?: string | number | null): string {
  const base = configured ?? `grid.${gridId}`;
  return user === undefined || user === null || user === '' ? base : `${base}.user.${user}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved layout, or null (none, unreadable, or of an unknown version). Layouts saved before filters and hiding were kept still restore. */
export function readLayout(storage: Storage | undefined, key: string): GridLayout | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredLayoutV1 | StoredLayoutV2>;
    if (!parsed || !Array.isArray(parsed.columns)) return null;
    if (parsed.version === 1) return { columns: parsed.columns, hidden: [], shown: [], filter: null };
    if (parsed.version !== 2) return null;
    const names = (list: unknown) => (Array.isArray(list) ? list.filter((field): field is string => typeof field === 'string') : []);
    return { columns: parsed.columns, hidden: names(parsed.hidden), shown: names(parsed.shown), filter: isRecord(parsed.filter) ? parsed.filter : null };
  } catch {
    return null;
  }
}

export function writeLayout(storage: Storage | undefined, key: string, layout: GridLayout): boolean {
  try {
    storage?.setItem(key, JSON.stringify({ version: 2, ...layout } satisfies StoredLayoutV2));
    return Boolean(storage);
  } catch {
    return false;
  }
}

export function clearLayout(storage: Storage | undefined, key: string): void {
  try { storage?.removeItem(key); } catch { /* storage unavailable: nothing saved */ }
}

/**
 * What of a saved layout still applies to the grid's current columns: column states and filters of
 * columns that no longer exist are dropped, so a layout saved before a column was added or removed
 * restores the rest.
 */
export function applicableLayout(layout: GridLayout, fields: readonly string[]): GridLayout {
  const known = new Set(fields);
  const columns = layout.columns.filter((state) => isRecord(state) && typeof state.colId === 'string' && known.has(state.colId));
  const hidden = layout.hidden.filter((field) => known.has(field));
  const shown = layout.shown.filter((field) => known.has(field));
  const filter = layout.filter ? Object.fromEntries(Object.entries(layout.filter).filter(([field]) => known.has(field))) : null;
  return { columns, hidden, shown, filter: filter && Object.keys(filter).length > 0 ? filter : null };
}

export function browserStorage(): Storage | undefined {
  return webStorage('local') ?? undefined;
}
