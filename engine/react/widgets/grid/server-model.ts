// What a paged grid asks its server for: ag-grid's sort and filter models in the plain form of the
// grid query contract (docs/server.md, "Board lists"): `sort=field:asc,other:desc` and a filter model
// of `{ field: { type, filter, filterTo? } }`, dates as YYYY-MM-DD, numbers scaled to the server's unit.
import type { GridColumnDoc } from './types.ts';

export interface SortItem { colId: string; sort?: 'asc' | 'desc' | null }

export interface ServerCondition { type: string; filter: string | number | boolean; filterTo?: string | number }

/** `field:asc,other:desc` of the sorted columns in their order; undefined when nothing is sorted. */
export function sortParam(sortModel: readonly SortItem[]): string | undefined {
  const parts = sortModel.filter((item) => item.sort === 'asc' || item.sort === 'desc').map((item) => `${item.colId}:${item.sort}`);
  return parts.length > 0 ? parts.join(',') : undefined;
}

function day(value: unknown): string | undefined {
  return typeof value === 'string' && value.length >= 10 ? value.slice(0, 10) : undefined;
}

function scaled(value: unknown, scale: number | undefined): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  // Amounts typed in whole units are sent in the server's smallest unit, without float noise (19.99 -> 1999).
  return scale ? Math.round(value * scale) : value;
}

/** One column's ag-grid condition in the server's form; undefined for an incomplete one (nothing typed yet). */
export function serverCondition(model: Record<string, unknown>, column: GridColumnDoc | undefined): ServerCondition | undefined {
  const type = typeof model.type === 'string' ? model.type : undefined;
  if (!type) return undefined;
  const kind = model.filterType ?? column?.filter;
  if (kind === 'date') {
    const from = day(model.dateFrom);
    if (from === undefined) return undefined;
    const to = day(model.dateTo);
    if (type === 'inRange') return to === undefined ? undefined : { type, filter: from, filterTo: to };
    return { type, filter: from };
  }
  if (kind === 'number') {
    const from = scaled(model.filter, column?.filterScale);
    if (from === undefined) return undefined;
    if (type === 'inRange') {
      const to = scaled(model.filterTo, column?.filterScale);
      return to === undefined ? undefined : { type, filter: from, filterTo: to };
    }
    return { type, filter: from };
  }
  if (typeof model.filter !== 'string' || model.filter.trim() === '') return undefined;
  return { type, filter: model.filter.trim() };
}

/** The server's filter model (JSON) of ag-grid's; undefined when no column filters. */
export function filterParam(filterModel: Record<string, unknown> | null | undefined, columns: readonly GridColumnDoc[]): string | undefined {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const out: Record<string, ServerCondition> = {};
  for (const [field, model] of Object.entries(filterModel ?? {})) {
    if (!model || typeof model !== 'object') continue;
    const condition = serverCondition(model as Record<string, unknown>, byField.get(field));
    if (condition) out[field] = condition;
  }
  return Object.keys(out).length > 0 ? JSON.stringify(out) : undefined;
}

/** The query a paged grid sends for rows `startRow`..`endRow`: the screen's query and the grid's own. */
export function pageQuery(
  base: Record<string, unknown>, range: { startRow: number; endRow: number },
  sortModel: readonly SortItem[], filterModel: Record<string, unknown> | null | undefined, columns: readonly GridColumnDoc[],
): Record<string, unknown> {
  const sort = sortParam(sortModel);
  const filter = filterParam(filterModel, columns);
  return { ...base, startRow: range.startRow, endRow: range.endRow, ...(sort ? { sort } : {}), ...(filter ? { filter } : {}) };
}

/** The query of the CSV of every row matching the grid's filter and sort, with its visible columns in order. */
export function exportQuery(
  base: Record<string, unknown>, sortModel: readonly SortItem[], filterModel: Record<string, unknown> | null | undefined,
  columns: readonly GridColumnDoc[], visibleFields: readonly string[],
): Record<string, unknown> {
  const sort = sortParam(sortModel);
  const filter = filterParam(filterModel, columns);
  return { ...base, format: 'csv', columns: visibleFields.join(','), ...(sort ? { sort } : {}), ...(filter ? { filter } : {}) };
}
