import type { ColDef, IDateFilterParams, INumberFilterParams, ITextFilterParams, SortComparatorFn, ValueFormatterParams } from 'ag-grid-community';
import { ActionsCell, cellControlKeys, LinkCell } from './cells.tsx';
import { filterButtonTemplate, headerControlKeys, HeaderName } from './header-filter.ts';
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

// The conditions the grid query contract understands (docs/server.md): one per column. Text and
// number fields have their own Clear button; a date field has none, so its filter has one.
const textFilter: ITextFilterParams = { filterOptions: ['contains', 'equals'], maxNumConditions: 1 };
const rangeOptions = ['equals', 'lessThan', 'greaterThan', 'inRange'] as const;
const numberFilter: INumberFilterParams = { filterOptions: [...rangeOptions], maxNumConditions: 1 };
const dateFilter: IDateFilterParams = { filterOptions: [...rangeOptions], maxNumConditions: 1, buttons: ['clear'] };

const filterKinds = {
  text: { filter: 'agTextColumnFilter', filterParams: textFilter },
  number: { filter: 'agNumberColumnFilter', filterParams: numberFilter },
  date: { filter: 'agDateColumnFilter', filterParams: dateFilter },
};

/**
 * The column's filter, opened from a button in its header named `label` (see header-filter.ts).
 * Every header takes part in the keys: Shift+Tab on one goes back to the filter button before it.
 */
function filterDef(column: GridColumnDoc, label: string): Partial<ColDef> {
  if (!column.filter) return { filter: false, suppressHeaderKeyboardEvent: headerControlKeys };
  return {
    ...filterKinds[column.filter],
    headerComponentParams: { template: filterButtonTemplate(label), innerHeaderComponent: HeaderName },
    suppressHeaderKeyboardEvent: headerControlKeys,
  };
}

/** Whether a column holds row data (exported), rather than buttons. */
export const isDataColumn = (column: GridColumnDoc) => !column.actions;

/**
 * Column definitions from a grid document: headers translated, values formatted by named formatters
 * (never string expressions). `shown` decides which columns show (screen width, the user's choice).
 * Sizes and sorts are initial values, so new definitions keep what the user resized or sorted.
 */
export function buildColumnDefs(
  columns: GridColumnDoc[], formatters: Record<string, Formatter>, t: (key: string, values?: Record<string, unknown>) => string,
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
    const cell: Partial<ColDef> = column.actions
      ? { cellRenderer: ActionsCell, cellRendererParams: { actions: column.actions }, suppressKeyboardEvent: cellControlKeys }
      : column.link ? { cellRenderer: LinkCell, cellRendererParams: { link: column.link }, suppressKeyboardEvent: cellControlKeys } : {};
    return {
      colId: column.field,
      ...(column.actions ? {} : { field: column.field }),
      headerName: t(column.header),
      ...(valueFormatter ? { valueFormatter } : {}),
      ...(column.width ? { initialWidth: column.width } : {}),
      ...(column.minWidth ? { minWidth: column.minWidth } : {}),
      ...(column.flex ? { initialFlex: column.flex } : {}),
      ...(column.sort ? { initialSort: column.sort } : {}),
      ...(column.sortIndex !== undefined ? { initialSortIndex: column.sortIndex } : {}),
      ...(column.sortable === false || column.actions ? { sortable: false } : {}),
      ...filterDef(column, t('grid.filterColumn', { column: t(column.header) })),
      ...cell,
      hide: !shown(column),
      ...(column.tieBreak ? { comparator: tieBreakComparator(column.tieBreak) } : {}),
      // Cells and header of an amount line up on the right (needs the cell style module).
      ...(end ? { type: 'rightAligned' } : {}),
    } satisfies ColDef;
  });
}
