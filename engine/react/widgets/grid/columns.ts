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

/**
 * Column definitions from a grid document: headers translated, values formatted by named formatters
 * (never string expressions). `shown` decides which columns the current screen width shows. Sizes and
 * sorts are initial values, so a change of width (new definitions) keeps what the user resized or sorted.
 */
export function buildColumnDefs(
  columns: GridColumnDoc[], formatters: Record<string, Formatter>, t: (key: string) => string,
  shown: (column: GridColumnDoc) => boolean = (column) => !column.hidden,
): ColDef[] {
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
      ...(column.width ? { initialWidth: column.width } : {}),
      ...(column.minWidth ? { minWidth: column.minWidth } : {}),
      ...(column.flex ? { initialFlex: column.flex } : {}),
      ...(column.sort ? { initialSort: column.sort } : {}),
      ...(column.sortIndex !== undefined ? { initialSortIndex: column.sortIndex } : {}),
      hide: !shown(column),
      ...(column.tieBreak ? { comparator: tieBreakComparator(column.tieBreak) } : {}),
      // Cells and header of an amount line up on the right (needs the cell style module).
      ...(end ? { type: 'rightAligned' } : {}),
    } satisfies ColDef;
  });
}
