import type { ColDef, SortComparatorFn, ValueFormatterParams } from 'ag-grid-community';
import type { GridColumnDoc } from './types.ts';

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Compares the column's values, then (when equal) the rows' `field` values. */
export function tieBreakComparator(field: string): SortComparatorFn {
  return (a, b, nodeA, nodeB) => compareValues(a, b)
    || compareValues((nodeA?.data as Record<string, unknown> | undefined)?.[field], (nodeB?.data as Record<string, unknown> | undefined)?.[field]);
}

type Formatter = (value: unknown, options?: Record<string, unknown>) => string;

/** Column definitions from a grid document: headers translated, values formatted by named formatters (never string expressions). */
export function buildColumnDefs(columns: GridColumnDoc[], formatters: Record<string, Formatter>, t: (key: string) => string): ColDef[] {
  return columns.map((column) => {
    const formatter = column.format ? formatters[column.format] : undefined;
    if (column.format && !formatter) throw new Error(`Unknown formatter "${column.format}"`);
    const valueFormatter = formatter || column.translate
      ? (params: ValueFormatterParams) => {
        const shown = formatter ? formatter(params.value) : params.value;
        if (shown === undefined || shown === null || shown === '') return '';
        return column.translate && typeof shown === 'string' ? t(shown) : String(shown);
      }
      : undefined;
    const end = column.align === 'end';
    return {
      colId: column.field,
      field: column.field,
      headerName: t(column.header),
      ...(valueFormatter ? { valueFormatter } : {}),
      ...(column.width ? { width: column.width } : {}),
      ...(column.minWidth ? { minWidth: column.minWidth } : {}),
      ...(column.flex ? { flex: column.flex } : {}),
      ...(column.sort ? { sort: column.sort } : {}),
      ...(column.sortIndex !== undefined ? { sortIndex: column.sortIndex } : {}),
      ...(column.hidden ? { hide: true } : {}),
      ...(column.tieBreak ? { comparator: tieBreakComparator(column.tieBreak) } : {}),
      ...(end ? { type: 'rightAligned' } : {}),
    } satisfies ColDef;
  });
}
