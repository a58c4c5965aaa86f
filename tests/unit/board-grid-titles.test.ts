import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { GridDoc } from '../../engine/react/widgets/grid/types.ts';
import en from '../../schemas/messages/en.json' with { type: 'json' };
import {
  bankAccountsList, collectionsList, homeownersList, inspectionsList, invoicesList, toDosList, violationsList, workOrdersList,
} from '../../server/board/lists.ts';
import { boardReport } from '../../server/board/reports.ts';
import { arcRequestsList } from '../../server/community/arc-list.ts';
import type { GridList } from '../../server/board/grid-query.ts';

// A board grid's CSV is made by the server, under the server's column titles; the grid shows the
// same columns under its own headers. They must agree, or the file would not read as the grid does.
const today = '2026-11-26';
const lists: Record<string, GridList> = {
  'board-arcs': arcRequestsList(1, 1, today, 'open'),
  'board-homeowners': homeownersList(1, today),
  'board-collections': collectionsList(1, today),
  'board-violations': violationsList(1),
  'board-invoices': invoicesList(1),
  'board-work-orders': workOrdersList(1),
  'board-to-do-list': toDosList(1),
  'board-inspections': inspectionsList(1),
  'board-bank-accounts': bankAccountsList(1),
  'board-delinquency': boardReport('delinquency', 1, today),
  'board-aging': boardReport('aging', 1, today),
};
const messages = en as Record<string, string>;
const grid = (id: string) => parse(readFileSync(join(import.meta.dirname, '../../schemas/grids', `${id}.yaml`), 'utf8')) as GridDoc;

describe('board grids and the server lists behind them', () => {
  it('covers every board grid', () => {
    const ids = readdirSync(join(import.meta.dirname, '../../schemas/grids')).filter((file) => file.startsWith('board-')).map((file) => file.replace(/\.yaml$/, ''));
    expect(ids.sort()).toEqual(Object.keys(lists).sort());
  });

  for (const [id, list] of Object.entries(lists)) {
    it(`${id}: every data column is one the server sorts, filters and exports, under the same title`, () => {
      const columns = grid(id).columns.filter((column) => !column.actions);
      expect(columns.length).toBeGreaterThan(0);
      for (const column of columns) {
        const served = (list.columns as Record<string, { title: string } | undefined>)[column.field];
        expect(served, `${id}: ${column.field} is not a column of the server's list`).toBeDefined();
        expect(messages[column.header], `${id}: ${column.field}`).toBe(served?.title);
      }
    });
  }
});
