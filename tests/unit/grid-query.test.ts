// The board grid's query builder (server/board/grid-query.ts) on its own: what reaches the SQL is
// only whitelisted column names and numbered parameters, whatever the request holds; the row range,
// sort and filter rules and their messages. The queries themselves run in
// tests/server/board-lists.test.ts (PGlite and PostgreSQL).
import { describe, expect, it } from 'vitest';
import { csvColumnsOf, csvOf, orderByOf, pageQueriesOf, rowRangeOf, whereOf, type GridList } from '../../server/board/grid-query.ts';
import { ApiError } from '../../server/errors.ts';
import { preparedStatements, unprepared } from '../../server/db/index.ts';

const LIST: GridList = {
  name: 'sample',
  source: 'SELECT 1',
  params: ['first'],
  columns: {
    owner: { kind: 'text', title: 'Owner' },
    balanceCents: { kind: 'money', title: 'Balance' },
    days: { kind: 'number', title: 'Days' },
    stage: { kind: 'text', title: 'Stage', sortBy: 'g."days"' },
    overdue: { kind: 'number', title: 'Overdue', sortBy: 'g."since"', sortByReversed: true },
    due: { kind: 'date', title: 'Due' },
    at: { kind: 'timestamp', title: 'At' },
    done: { kind: 'boolean', title: 'Done' },
  },
  defaultSort: [['owner', 'asc']],
};

function refusal(run: () => unknown): { code: string | undefined; detail: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).errorCode, detail: (error as ApiError).message };
  }
  throw new Error('not refused');
}

describe('grid query', () => {
  it('row ranges: default 100 rows, at most 500, never empty', () => {
    expect(rowRangeOf({})).toEqual({ offset: 0, limit: 100 });
    expect(rowRangeOf({ startRow: 200 })).toEqual({ offset: 200, limit: 100 });
    expect(rowRangeOf({ startRow: 100, endRow: 600 })).toEqual({ offset: 100, limit: 500 });
    expect(refusal(() => rowRangeOf({ startRow: 0, endRow: 501 })).code).toBe('GRD003');
    expect(refusal(() => rowRangeOf({ startRow: 5, endRow: 5 })).detail).toBe('endRow (5) must be greater than startRow (5).');
  });

  it('sorts by whitelisted columns (or their sort expression), always ending with the row key', () => {
    expect(orderByOf(LIST, undefined)).toBe('g."owner" ASC NULLS LAST, g."rowKey" ASC');
    expect(orderByOf(LIST, 'balanceCents:desc, stage')).toBe('g."balanceCents" DESC NULLS FIRST, g."days" ASC NULLS LAST, g."rowKey" ASC');
    // The row key runs the way of the last key, so an index of (column, row key) serves either way.
    expect(orderByOf(LIST, 'stage, balanceCents:desc')).toBe('g."days" ASC NULLS LAST, g."balanceCents" DESC NULLS FIRST, g."rowKey" DESC');
    // A reversed sort expression: most overdue first is the oldest date first.
    expect(orderByOf(LIST, 'overdue:desc')).toBe('g."since" ASC NULLS LAST, g."rowKey" ASC');
    expect(orderByOf(LIST, 'overdue:asc')).toBe('g."since" DESC NULLS FIRST, g."rowKey" DESC');
    expect(refusal(() => orderByOf(LIST, 'owner";--:asc'))).toEqual({
      code: 'GRD001',
      detail: 'Unknown column "owner";--" in sort; the sample list has owner, balanceCents, days, stage, overdue, due, at, done.',
    });
    expect(refusal(() => orderByOf(LIST, 'owner:up')).code).toBe('GRD002');
    expect(refusal(() => orderByOf(LIST, 'owner,owner,owner,owner,owner,owner')).code).toBe('GRD002');
    // Inherited object keys are not columns.
    expect(refusal(() => orderByOf(LIST, 'constructor:asc')).code).toBe('GRD001');
  });

  it('filters with numbered parameters after the source\'s own, never the request\'s text', () => {
    const params: unknown[] = ['first'];
    const where = whereOf(
      LIST,
      JSON.stringify({
        owner: { filterType: 'text', type: 'contains', filter: "50%_o'k\\" },
        balanceCents: { type: 'inRange', filter: 100, filterTo: 200 },
        due: { type: 'lessThan', filter: '2026-03-01' },
        at: { type: 'equals', filter: '2026-03-02' },
        done: { type: 'equals', filter: true },
        stage: { type: 'equals', filter: 'Current' },
      }),
      params,
    );
    expect(where).toBe(
      [
        'g."owner" ILIKE $2::text',
        'g."balanceCents" BETWEEN $3::numeric AND $4::numeric',
        'g."due" < $5::date',
        `(g."at" AT TIME ZONE 'America/New_York')::date = $6::date`,
        'g."done" = $7::boolean',
        'lower(g."stage") = lower($8::text)',
      ].join(' AND '),
    );
    expect(params).toEqual(['first', "%50\\%\\_o'k\\\\%", 100, 200, '2026-03-01', '2026-03-02', true, 'Current']);
    expect(whereOf(LIST, undefined, [])).toBe('TRUE');
    expect(whereOf(LIST, '{}', [])).toBe('TRUE');
  });

  it('refuses filters naming unknown columns, types that do not apply, values of the wrong kind', () => {
    const cases: [object | string, string, string][] = [
      [{ secret: { type: 'equals', filter: 'x' } }, 'GRD001', 'Unknown column "secret" in filter; the sample list has owner, balanceCents, days, stage, overdue, due, at, done.'],
      [{ owner: { type: 'greaterThan', filter: 'x' } }, 'GRD002', 'Filter type "greaterThan" does not apply to column "owner"; use contains, equals.'],
      [{ done: { type: 'contains', filter: true } }, 'GRD002', 'Filter type "contains" does not apply to column "done"; use equals.'],
      [{ balanceCents: { type: 'equals', filter: 1.5 } }, 'GRD002', 'The filter of column "balanceCents" must be a whole number of cents.'],
      [{ days: { type: 'equals', filter: '3' } }, 'GRD002', 'The filter of column "days" must be a number.'],
      [{ due: { type: 'inRange', filter: '2026-01-01', filterTo: '2026-13-01' } }, 'GRD002', 'The filterTo of column "due" must be a date (YYYY-MM-DD).'],
      [{ owner: { type: 'equals', filter: 'x', sql: '1=1' } }, 'GRD002', 'The filter of column "owner" has unknown fields: sql.'],
      [{ owner: 'x' }, 'GRD002', 'The filter of column "owner" must be an object with a type and a filter.'],
      ['[]', 'GRD002', 'The filter must be a JSON object: { "column": { "type": "contains", "filter": "..." } }.'],
      ['{', 'GRD002', 'The filter is not valid JSON.'],
    ];
    for (const [model, code, detail] of cases) {
      const params: unknown[] = [];
      expect(refusal(() => whereOf(LIST, typeof model === 'string' ? model : JSON.stringify(model), params))).toEqual({ code, detail });
    }
  });

  it('a page found by key sorts only the keys, then reads its rows by key; the count has no range', () => {
    const request = { startRow: 300, endRow: 400, sort: 'balanceCents:desc', filter: JSON.stringify({ owner: { type: 'contains', filter: 'x' } }) };
    const plain = pageQueriesOf(LIST, request);
    expect(plain.page).toMatch(/^SELECT .* FROM \(SELECT 1\) AS g WHERE g\."owner" ILIKE \$2::text ORDER BY .* LIMIT \$3 OFFSET \$4$/s);
    expect(plain.pageParams).toEqual(['first', '%x%', 100, 300]);
    expect(plain.count).toBe('SELECT count(*) AS n FROM (SELECT 1) AS g WHERE g."owner" ILIKE $2::text');
    expect(plain.countParams).toEqual(['first', '%x%']);
    const byKey = pageQueriesOf({ ...LIST, pageByKey: true }, request);
    expect(byKey.page.replace(/\s+/g, ' ')).toContain(
      'WHERE g."rowKey" IN (SELECT g."rowKey" FROM (SELECT 1) AS g WHERE g."owner" ILIKE $2::text ORDER BY g."balanceCents" DESC NULLS FIRST, g."rowKey" DESC LIMIT $3 OFFSET $4) ORDER BY g."balanceCents" DESC NULLS FIRST, g."rowKey" DESC',
    );
    expect(byKey.pageParams).toEqual(plain.pageParams);
  });

  it('grid SQL runs unprepared (its texts are too many to prepare each)', () => {
    const statements = preparedStatements();
    expect(statements.nameOf(unprepared('SELECT $1::int'))).toBeNull();
    expect(statements.nameOf('SELECT $1::int')).toMatch(/^portal_\d+$/);
  });

  it('CSV columns: the visible ones in order, all when none named; unknown or repeated refused', () => {
    expect(csvColumnsOf(LIST, undefined)).toEqual(Object.keys(LIST.columns));
    expect(csvColumnsOf(LIST, 'days, owner')).toEqual(['days', 'owner']);
    expect(refusal(() => csvColumnsOf(LIST, 'owner,ssn')).code).toBe('GRD001');
    expect(refusal(() => csvColumnsOf(LIST, 'owner,owner')).code).toBe('GRD002');
  });

  it('CSV text: titles, money as decimals, booleans as Yes/No, formulas guarded, line breaks quoted', () => {
    const text = csvOf(
      [LIST.columns.owner, LIST.columns.balanceCents, LIST.columns.done],
      [
        ['=SUM(A1)', -1250, true],
        ['Line\nbreak, "quoted"', 0, null],
      ],
    );
    expect(text).toBe('Owner,Balance,Done\r\n\'=SUM(A1),-12.50,Yes\r\n"Line\nbreak, ""quoted""",0.00,\r\n');
  });
});
