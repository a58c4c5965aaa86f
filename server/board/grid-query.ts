// One way for every board list to answer a data grid (ag-grid's infinite row model): rows
// startRow..endRow of the rows matching a filter model, in a sort order, with the number of
// matching rows (lastRow); or every matching row as CSV with the visible columns in order.
// Sorting, filtering and paging happen in the database. Whatever the request names is checked
// against the list's own whitelist of columns: only whitelisted column names (never the request's
// text) reach the SQL, and every value is a query parameter.
import { stringify } from 'csv-stringify/sync';
import { unprepared, type Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { refuseControlCharactersIn } from '../input-guard.ts';
import { formatDecimal } from '../statements/format.ts';

/** money: integer cents (decimal dollars in CSV); timestamp: an instant, filtered by its New York day. */
export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'timestamp' | 'boolean';

export interface GridColumn {
  kind: ColumnKind;
  /** The CSV header. */
  title: string;
  /** Sort by this expression over the source's columns (`g."name"`) instead of the column itself. */
  sortBy?: string;
  /**
   * `sortBy` runs the other way round to the column (days past due sort by the date they count
   * from, which an index can serve: the more days, the older the date).
   */
  sortByReversed?: boolean;
}

export interface GridList {
  /** For messages: "collections". */
  name: string;
  /**
   * A SELECT answering one row per grid row, with a column per key of `columns` (named exactly,
   * quoted) and a unique `"rowKey"` (the last sort key, so pages never overlap). Its own parameters
   * are $1..$n of `params`.
   */
  source: string;
  params: unknown[];
  columns: Record<string, GridColumn>;
  /** When the request names none: `[['owner', 'asc']]`. */
  defaultSort: [string, 'asc' | 'desc'][];
  /**
   * The page is found by its row keys first: the rows before it are sorted with only their sort
   * keys and row key, then the page's own rows are read by key. For a large source whose row key is
   * its table's primary key: a deep page sorts narrow rows (in memory, where whole rows would
   * spill to disk) and reads only what it shows.
   */
  pageByKey?: boolean;
}

export interface GridRequest {
  startRow?: number;
  endRow?: number;
  sort?: string;
  filter?: string;
  columns?: string;
}

export const MAX_GRID_ROWS = 500;
const DEFAULT_GRID_ROWS = 100;
const MAX_SORT_KEYS = 5;
const MAX_TEXT_FILTER = 200;

type FilterType = 'contains' | 'equals' | 'lessThan' | 'greaterThan' | 'inRange';
const FILTER_TYPES: Record<ColumnKind, FilterType[]> = {
  text: ['contains', 'equals'],
  number: ['equals', 'lessThan', 'greaterThan', 'inRange'],
  money: ['equals', 'lessThan', 'greaterThan', 'inRange'],
  date: ['equals', 'lessThan', 'greaterThan', 'inRange'],
  timestamp: ['equals', 'lessThan', 'greaterThan', 'inRange'],
  boolean: ['equals'],
};

export function gridError(code: 'GRD001' | 'GRD002' | 'GRD003', detail: string): ApiError {
  return new ApiError(400, detail, { errorCode: code });
}

function columnOf(list: GridList, name: string, where: string): GridColumn {
  const column = Object.hasOwn(list.columns, name) ? list.columns[name] : undefined;
  if (!column) throw gridError('GRD001', `Unknown column "${name}" in ${where}; the ${list.name} list has ${Object.keys(list.columns).join(', ')}.`);
  return column;
}

const quoted = (name: string) => `g."${name}"`;

/** ORDER BY of `field:asc,field2:desc`, always ending with the row key (ties in the last key's direction). */
export function orderByOf(list: GridList, sort: string | undefined): string {
  const keys: [string, 'asc' | 'desc'][] = [];
  if (sort !== undefined && sort.trim() !== '') {
    const parts = sort.split(',');
    if (parts.length > MAX_SORT_KEYS) throw gridError('GRD002', `Sort by at most ${MAX_SORT_KEYS} columns.`);
    for (const part of parts) {
      const [name, direction = 'asc', ...rest] = part.trim().split(':');
      columnOf(list, name, 'sort');
      if ((direction !== 'asc' && direction !== 'desc') || rest.length > 0) {
        throw gridError('GRD002', `Sort "${part.trim()}" is not "column:asc" or "column:desc".`);
      }
      keys.push([name, direction]);
    }
  } else {
    keys.push(...list.defaultSort);
  }
  let ascending = true;
  const terms = keys.map(([name, direction]) => {
    const column = list.columns[name];
    ascending = (direction === 'asc') !== (column.sortBy !== undefined && column.sortByReversed === true);
    return `${column.sortBy ?? quoted(name)} ${ascending ? 'ASC NULLS LAST' : 'DESC NULLS FIRST'}`;
  });
  // The row key runs the way of the key before it: an index of (column, row key) then serves the
  // order read forwards or backwards.
  return [...terms, `g."rowKey" ${ascending ? 'ASC' : 'DESC'}`].join(', ');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The filter value as a query parameter of the column's kind, or a 400 naming what is wrong. */
function valueOf(name: string, column: GridColumn, value: unknown, part: 'filter' | 'filterTo'): string | number | boolean {
  const wrong = (what: string) => gridError('GRD002', `The ${part} of column "${name}" must be ${what}.`);
  switch (column.kind) {
    case 'text':
      if (typeof value !== 'string' || value.length > MAX_TEXT_FILTER) throw wrong(`text of at most ${MAX_TEXT_FILTER} characters`);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw wrong('a number');
      return value;
    case 'money':
      if (!Number.isSafeInteger(value)) throw wrong('a whole number of cents');
      return value as number;
    case 'date':
    case 'timestamp':
      if (typeof value !== 'string' || !isRealDate(value)) throw wrong('a date (YYYY-MM-DD)');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrong('true or false');
      return value;
  }
}

const CASTS: Record<ColumnKind, string> = { text: 'text', number: 'numeric', money: 'numeric', date: 'date', timestamp: 'date', boolean: 'boolean' };

/** The WHERE clause of a filter model, its values appended to `params`. */
export function whereOf(list: GridList, filter: string | undefined, params: unknown[]): string {
  if (filter === undefined || filter.trim() === '') return 'TRUE';
  let model: unknown;
  try {
    model = JSON.parse(filter);
  } catch {
    throw gridError('GRD002', 'The filter is not valid JSON.');
  }
  if (typeof model !== 'object' || model === null || Array.isArray(model)) {
    throw gridError('GRD002', 'The filter must be a JSON object: { "column": { "type": "contains", "filter": "..." } }.');
  }
  // JSON escapes (\u0000) carry control characters past the guard of the raw query string.
  refuseControlCharactersIn(model, 'filter');
  const clauses: string[] = [];
  const param = (value: unknown, kind: ColumnKind) => {
    params.push(value);
    return `$${params.length}::${CASTS[kind]}`;
  };
  for (const [name, condition] of Object.entries(model)) {
    const column = columnOf(list, name, 'filter');
    if (typeof condition !== 'object' || condition === null) throw gridError('GRD002', `The filter of column "${name}" must be an object with a type and a filter.`);
    const { type, filter: value, filterTo, filterType, ...rest } = condition as Record<string, unknown>;
    // ag-grid also sends filterType (text, number, date); the column's own kind decides.
    void filterType;
    if (Object.keys(rest).length > 0) throw gridError('GRD002', `The filter of column "${name}" has unknown fields: ${Object.keys(rest).join(', ')}.`);
    const allowed = FILTER_TYPES[column.kind];
    if (typeof type !== 'string' || !allowed.includes(type as FilterType)) {
      throw gridError('GRD002', `Filter type "${String(type)}" does not apply to column "${name}"; use ${allowed.join(', ')}.`);
    }
    // A timestamp is compared by its day in New York, the portal's business day.
    const target = column.kind === 'timestamp' ? `(${quoted(name)} AT TIME ZONE 'America/New_York')::date` : quoted(name);
    const from = valueOf(name, column, value, 'filter');
    switch (type as FilterType) {
      case 'contains':
        clauses.push(`${target} ILIKE ${param(`%${String(from).replace(/[\\%_]/g, '\\$&')}%`, 'text')}`);
        break;
      case 'equals':
        clauses.push(column.kind === 'text' ? `lower(${target}) = lower(${param(from, 'text')})` : `${target} = ${param(from, column.kind)}`);
        break;
      case 'lessThan':
        clauses.push(`${target} < ${param(from, column.kind)}`);
        break;
      case 'greaterThan':
        clauses.push(`${target} > ${param(from, column.kind)}`);
        break;
      case 'inRange': {
        const to = valueOf(name, column, filterTo, 'filterTo');
        clauses.push(`${target} BETWEEN ${param(from, column.kind)} AND ${param(to, column.kind)}`);
        break;
      }
    }
  }
  return clauses.length > 0 ? clauses.join(' AND ') : 'TRUE';
}

/** The requested rows, checked: startRow..endRow (endRow excluded), at most MAX_GRID_ROWS. */
export function rowRangeOf(request: GridRequest): { offset: number; limit: number } {
  const start = request.startRow ?? 0;
  const end = request.endRow ?? start + DEFAULT_GRID_ROWS;
  if (end <= start) throw gridError('GRD003', `endRow (${end}) must be greater than startRow (${start}).`);
  if (end - start > MAX_GRID_ROWS) throw gridError('GRD003', `Ask for at most ${MAX_GRID_ROWS} rows at a time (startRow ${start} to endRow ${end} is ${end - start}).`);
  return { offset: start, limit: end - start };
}

/** The select list: every column of the list, dates as YYYY-MM-DD. */
export function selectOf(names: string[], list: GridList): string {
  return names.map((name) => (list.columns[name].kind === 'date' ? `to_char(${quoted(name)}, 'YYYY-MM-DD') AS "${name}"` : `${quoted(name)} AS "${name}"`)).join(', ');
}

export type Cell = string | number | boolean | null;

/** A database value as the API answers it (bigint strings to numbers, instants to ISO strings). */
export function cellOf(kind: ColumnKind, value: unknown): Cell {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number':
    case 'money':
      return Number(value);
    case 'timestamp':
      return new Date(value as string | Date).toISOString();
    case 'boolean':
      return value === true;
    default:
      return String(value);
  }
}

function rowOf(list: GridList, names: string[], raw: Record<string, unknown>): Record<string, Cell> {
  return Object.fromEntries(names.map((name) => [name, cellOf(list.columns[name].kind, raw[name])]));
}

/** The SQL of one page and of the number of matching rows, with their parameters. */
export function pageQueriesOf(list: GridList, request: GridRequest): { page: string; pageParams: unknown[]; count: string; countParams: unknown[] } {
  const { offset, limit } = rowRangeOf(request);
  const params = [...list.params];
  const where = whereOf(list, request.filter, params);
  const orderBy = orderByOf(list, request.sort);
  const select = selectOf(Object.keys(list.columns), list);
  const pageParams = [...params, limit, offset];
  const range = `LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}`;
  const page = list.pageByKey
    ? `SELECT ${select} FROM (${list.source}) AS g
        WHERE g."rowKey" IN (SELECT g."rowKey" FROM (${list.source}) AS g WHERE ${where} ORDER BY ${orderBy} ${range})
        ORDER BY ${orderBy}`
    : `SELECT ${select} FROM (${list.source}) AS g WHERE ${where} ORDER BY ${orderBy} ${range}`;
  return { page, pageParams, count: `SELECT count(*) AS n FROM (${list.source}) AS g WHERE ${where}`, countParams: params };
}

/**
 * One page: `{ rows, lastRow }`, lastRow being the number of matching rows. `Row` is the list's
 * row type of the contract; the rows hold exactly the list's columns (outside production the
 * server checks every answer against the contract). The page and the count are two queries: the
 * page reads only the rows up to its end (through an index of the sort, where the list has one),
 * the count only what the filter needs.
 */
export async function gridPage<Row>(db: Queryable, list: GridList, request: GridRequest): Promise<{ rows: Row[]; lastRow: number }> {
  const queries = pageQueriesOf(list, request);
  const names = Object.keys(list.columns);
  // Side by side on a pool (one after the other in a transaction or on PGlite).
  const [{ rows }, counted] = await Promise.all([
    db.query<Record<string, unknown>>(unprepared(queries.page), queries.pageParams),
    db.query<{ n: string | number }>(unprepared(queries.count), queries.countParams),
  ]);
  return { rows: rows.map((raw) => rowOf(list, names, raw) as Row), lastRow: Number(counted.rows[0].n) };
}

/** The columns a CSV shows, in order (`columns=a,b`); all of them when the request names none. */
export function csvColumnsOf(list: GridList, columns: string | undefined): string[] {
  if (columns === undefined || columns.trim() === '') return Object.keys(list.columns);
  const names = columns.split(',').map((name) => name.trim());
  for (const name of names) columnOf(list, name, 'columns');
  if (new Set(names).size !== names.length) throw gridError('GRD002', 'A column is named twice in columns.');
  return names;
}

export function csvCellOf(kind: ColumnKind, value: Cell): string | number {
  if (value === null) return '';
  if (kind === 'money') return formatDecimal(value as number);
  if (kind === 'boolean') return value ? 'Yes' : 'No';
  // Text a spreadsheet would run as a formula gets a leading apostrophe (only text: a negative
  // amount is a number, not a formula).
  if (kind === 'text' && /^[=+\-@\t\r]/.test(String(value))) return `'${String(value)}`;
  return value as string | number;
}

/**
 * Every matching row, sorted, as CSV: a header of the columns' titles, then one record per row
 * (RFC 4180, CRLF; money as plain decimals; text a spreadsheet would run as a formula is guarded
 * with an apostrophe, as in the ledger export).
 */
export async function gridCsv(db: Queryable, list: GridList, request: GridRequest): Promise<string> {
  const names = csvColumnsOf(list, request.columns);
  const params = [...list.params];
  const where = whereOf(list, request.filter, params);
  const orderBy = orderByOf(list, request.sort);
  const { rows } = await db.query<Record<string, unknown>>(unprepared(`SELECT ${selectOf(names, list)} FROM (${list.source}) AS g WHERE ${where} ORDER BY ${orderBy}`), params);
  return csvOf(
    names.map((name) => list.columns[name]),
    rows.map((raw) => names.map((name) => cellOf(list.columns[name].kind, raw[name]))),
  );
}

/** How the grids' CSV is written (csv-stringify): a header of the titles, CRLF, fields holding a line break quoted. */
export const csvOptions = (titles: string[]) => ({ header: true, columns: titles, record_delimiter: 'windows' as const, quoted_match: /[\r\n]/ });

/** Rows of cells as CSV under the columns' titles. */
export function csvOf(columns: Pick<GridColumn, 'kind' | 'title'>[], rows: Cell[][]): string {
  return stringify(
    rows.map((cells) => cells.map((cell, i) => csvCellOf(columns[i].kind, cell))),
    csvOptions(columns.map((c) => c.title)),
  );
}

/** The headers of a CSV download named `<name>.csv`. */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}

/** The sum of each money column over every matching row (a report's totals). */
export async function gridTotals(db: Queryable, list: GridList, request: Pick<GridRequest, 'filter'>): Promise<Record<string, number>> {
  const names = Object.keys(list.columns).filter((name) => list.columns[name].kind === 'money');
  if (names.length === 0) return {};
  const params = [...list.params];
  const where = whereOf(list, request.filter, params);
  const { rows } = await db.query<Record<string, unknown>>(
    unprepared(`SELECT ${names.map((name) => `COALESCE(SUM(${quoted(name)}), 0) AS "${name}"`).join(', ')} FROM (${list.source}) AS g WHERE ${where}`),
    params,
  );
  return Object.fromEntries(names.map((name) => [name, Number(rows[0][name])]));
}
