import { describe, expect, it } from 'vitest';
import { exportQuery, filterParam, pageQuery, sortParam } from '../../engine/react/widgets/grid/server-model.ts';
import { fillPath } from '../../engine/react/widgets/grid/cells.tsx';
import type { GridColumnDoc } from '../../engine/react/widgets/grid/types.ts';

const columns: GridColumnDoc[] = [
  { field: 'owner', header: 'h.owner', filter: 'text' },
  { field: 'balanceCents', header: 'h.balance', filter: 'number', filterScale: 100 },
  { field: 'daysPastDue', header: 'h.days', filter: 'number' },
  { field: 'dueDate', header: 'h.due', filter: 'date' },
];

describe('the grid query a paged grid sends', () => {
  it('writes the sort model as field:direction pairs in order', () => {
    expect(sortParam([{ colId: 'dueDate', sort: 'asc' }, { colId: 'owner', sort: 'desc' }])).toBe('dueDate:asc,owner:desc');
    expect(sortParam([{ colId: 'dueDate', sort: null }])).toBeUndefined();
    expect(sortParam([])).toBeUndefined();
  });

  it('turns ag-grid filter models into the server model: text trimmed, amounts scaled exactly, days of dates', () => {
    const model = {
      owner: { filterType: 'text', type: 'contains', filter: '  Lee ' },
      balanceCents: { filterType: 'number', type: 'inRange', filter: 19.99, filterTo: 500 },
      daysPastDue: { filterType: 'number', type: 'greaterThan', filter: 30 },
      dueDate: { filterType: 'date', type: 'lessThan', dateFrom: '2026-11-30 00:00:00', dateTo: null },
    };
    expect(JSON.parse(filterParam(model, columns) ?? '')).toEqual({
      owner: { type: 'contains', filter: 'Lee' },
      balanceCents: { type: 'inRange', filter: 1999, filterTo: 50000 },
      daysPastDue: { type: 'greaterThan', filter: 30 },
      dueDate: { type: 'lessThan', filter: '2026-11-30' },
    });
  });

  it('leaves out conditions not finished yet (nothing typed, a range without its end)', () => {
    expect(filterParam({
      owner: { filterType: 'text', type: 'contains', filter: '   ' },
      balanceCents: { filterType: 'number', type: 'inRange', filter: 10, filterTo: null },
      dueDate: { filterType: 'date', type: 'inRange', dateFrom: '2026-01-01 00:00:00' },
      daysPastDue: { filterType: 'number', type: 'equals', filter: null },
    }, columns)).toBeUndefined();
    expect(filterParam(null, columns)).toBeUndefined();
  });

  it('adds the page, sort and filter to the screen query; the export asks for CSV of the visible columns', () => {
    const sortModel = [{ colId: 'balanceCents', sort: 'desc' as const }];
    const filterModel = { daysPastDue: { filterType: 'number', type: 'greaterThan', filter: 90 } };
    expect(pageQuery({ status: 'open' }, { startRow: 100, endRow: 200 }, sortModel, filterModel, columns)).toEqual({
      status: 'open', startRow: 100, endRow: 200, sort: 'balanceCents:desc', filter: '{"daysPastDue":{"type":"greaterThan","filter":90}}',
    });
    expect(pageQuery({}, { startRow: 0, endRow: 100 }, [], {}, columns)).toEqual({ startRow: 0, endRow: 100 });
    expect(exportQuery({ status: 'all' }, sortModel, filterModel, columns, ['owner', 'balanceCents'])).toEqual({
      status: 'all', format: 'csv', columns: 'owner,balanceCents', sort: 'balanceCents:desc', filter: '{"daysPastDue":{"type":"greaterThan","filter":90}}',
    });
  });

  it('fills a row link from the row, encoded', () => {
    expect(fillPath('/board/arcs/{{id}}', { id: 12 })).toBe('/board/arcs/12');
    expect(fillPath('/x/{{name}}', { name: 'a b/c' })).toBe('/x/a%20b%2Fc');
  });
});
