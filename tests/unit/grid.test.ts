import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakpointPixels, columnShown } from '../../engine/react/widgets/grid/breakpoints.ts';
import { buildColumnDefs, tieBreakComparator } from '../../engine/react/widgets/grid/columns.ts';
import { applicableLayout, clearLayout, layoutKey, readLayout, writeLayout } from '../../engine/react/widgets/grid/layout-store.ts';
import { formatters } from '../../flows/formatters.ts';
import { MemoryStorage } from './support/memory-storage.ts';


describe('grid columns', () => {
  const t = (key: string) => `<${key}>`;
  it('translates headers and formats values with named formatters, keeping raw values for sorting', () => {
    const [date, kind, amount, plain] = buildColumnDefs([
      { field: 'date', header: 'ledger.date', format: 'date', sort: 'desc' },
      { field: 'status', header: 'ledger.status', format: 'entryStatus', translate: true },
      { field: 'amountCents', header: 'ledger.amount', format: 'money', align: 'end', width: 120 },
      { field: 'description', header: 'ledger.description', flex: 1 },
    ], formatters, t);
    expect(date).toMatchObject({ field: 'date', colId: 'date', headerName: '<ledger.date>', initialSort: 'desc', hide: false });
    const format = (col: typeof date, value: unknown) => (col.valueFormatter as (p: { value: unknown }) => string)({ value });
    expect(format(date, '2026-03-01')).toBe('March 1, 2026');
    expect(format(kind, 'returned')).toBe('<ledger.status_returned>');
    expect(format(kind, undefined)).toBe('');
    expect(format(amount, -4500)).toBe('-$45.00');
    expect(amount).toMatchObject({ initialWidth: 120, type: 'rightAligned' });
    expect(plain.valueFormatter).toBeUndefined();
    expect(typeof date.valueFormatter).toBe('function'); // never a string expression
  });

  it('orders equal values by the tie-break field', () => {
    const compare = tieBreakComparator('id');
    const node = (id: number) => ({ data: { id } }) as never;
    expect(compare('2026-01-02', '2026-01-01', node(1), node(2), false)).toBeGreaterThan(0);
    expect(compare('2026-01-01', '2026-01-01', node(1), node(2), false)).toBeLessThan(0);
    expect(compare('2026-01-01', '2026-01-01', node(3), node(3), false)).toBe(0);
  });

  it('opens each filter from a header button named after the column; dates also get a Clear button', () => {
    const named = (key: string, values?: Record<string, unknown>) => (values ? `${key}(${String(values.column)})` : `<${key}>`);
    const [subject, due, votes, plain] = buildColumnDefs([
      { field: 'subject', header: 'arcs.subject', filter: 'text' },
      { field: 'dueDate', header: 'arcs.due', filter: 'date' },
      { field: 'votes', header: 'arcs.votes', filter: 'number' },
      { field: 'type', header: 'arcs.type' },
    ], formatters, named);
    expect(subject.headerComponentParams.template).toContain('<button type="button" tabindex="-1" data-ref="eFilterButton"');
    expect(subject.headerComponentParams.template).toContain('aria-label="grid.filterColumn(&lt;arcs.subject&gt;)"');
    expect(due.filterParams).toMatchObject({ buttons: ['clear'] });
    expect(votes.filterParams).not.toHaveProperty('buttons');
    expect(plain).toMatchObject({ filter: false });
    expect(plain.headerComponentParams).toBeUndefined();
    // Every header takes part in the keys (Shift+Tab back to the filter button before it).
    for (const column of [subject, due, votes, plain]) expect(typeof column.suppressHeaderKeyboardEvent).toBe('function');
  });

  it('rejects an unknown formatter', () => {
    expect(() => buildColumnDefs([{ field: 'x', header: 'a.b', format: 'nope' }], formatters, t)).toThrow('Unknown formatter "nope"');
  });
});

describe('columns by screen width', () => {
  const breakpoints = { sm: '600px', md: '900px', lg: '1279px' };
  const columns = [
    { field: 'date', header: 'h' },
    { field: 'kind', header: 'h', showFrom: 'sm' },
    { field: 'status', header: 'h', showFrom: 'md' },
    { field: 'number', header: 'h', showFrom: 'lg' },
    { field: 'id', header: 'h', hidden: true },
    { field: 'extra', header: 'h', optional: true },
  ];
  const shownAt = (width: number) => columns.filter((c) => columnShown(c, width, breakpoints)).map((c) => c.field);

  it('shows a column from its breakpoint up; hidden and optional ones never (an optional one once the user picks it)', () => {
    expect(shownAt(390)).toEqual(['date']);
    expect(shownAt(600)).toEqual(['date', 'kind']);
    expect(shownAt(1278)).toEqual(['date', 'kind', 'status']);
    expect(shownAt(1280)).toEqual(['date', 'kind', 'status', 'number']);
  });

  it('hides the columns the width does not show in the definitions, and refuses an unknown breakpoint', () => {
    const defs = buildColumnDefs(columns, {}, (k) => k, (c) => columnShown(c, 700, breakpoints));
    expect(defs.map((d) => [d.colId, d.hide])).toEqual([['date', false], ['kind', false], ['status', true], ['number', true], ['id', true], ['extra', true]]);
    expect(breakpointPixels(breakpoints, undefined)).toBe(0);
    expect(() => breakpointPixels(breakpoints, 'xxl')).toThrow(/Unknown breakpoint "xxl"/);
  });
});

describe('saved grid layouts', () => {
  const layout = { columns: [{ colId: 'date', sort: 'asc' }], hidden: ['kind'], shown: ['number'], filter: { date: { filterType: 'date', type: 'equals', dateFrom: '2026-01-02 00:00:00' } } };

  it('saves, reads and clears one layout per grid key and owner', () => {
    const storage = new MemoryStorage();
    const key = layoutKey('history');
    expect(key).toBe('grid.history');
    expect(layoutKey('history', 'app.grid.history')).toBe('app.grid.history');
    expect(layoutKey('history', undefined, 42)).toBe('grid.history.user.42');
    expect(layoutKey('history', 'app.grid.history', '')).toBe('app.grid.history');
    expect(readLayout(storage, key)).toBeNull();
    expect(writeLayout(storage, key, layout)).toBe(true);
    expect(readLayout(storage, key)).toEqual(layout);
    expect(readLayout(storage, 'grid.other')).toBeNull();
    expect(readLayout(storage, layoutKey('history', undefined, 7))).toBeNull();
    clearLayout(storage, key);
    expect(readLayout(storage, key)).toBeNull();
  });

  it('still reads a layout saved before hidden columns and filters were kept', () => {
    const storage = new MemoryStorage();
    storage.setItem('grid.old', JSON.stringify({ version: 1, columns: [{ colId: 'date', width: 140 }] }));
    expect(readLayout(storage, 'grid.old')).toEqual({ columns: [{ colId: 'date', width: 140 }], hidden: [], shown: [], filter: null });
    // Saved before columns left out by the width could be shown: none is.
    storage.setItem('grid.v2', JSON.stringify({ version: 2, columns: [], hidden: ['kind'], filter: null }));
    expect(readLayout(storage, 'grid.v2')).toEqual({ columns: [], hidden: ['kind'], shown: [], filter: null });
  });

  it('ignores damaged or foreign entries', () => {
    const storage = new MemoryStorage();
    storage.setItem('grid.a', '{not json');
    storage.setItem('grid.b', JSON.stringify({ version: 3, columns: [] }));
    storage.setItem('grid.c', JSON.stringify({ version: 2, columns: 'x' }));
    expect(readLayout(storage, 'grid.a')).toBeNull();
    expect(readLayout(storage, 'grid.b')).toBeNull();
    expect(readLayout(storage, 'grid.c')).toBeNull();
    expect(readLayout(undefined, 'grid.a')).toBeNull();
  });

  it('restores what still applies when columns were added or removed since it was saved', () => {
    const saved = {
      columns: [{ colId: 'gone', width: 300 }, { colId: 'date', width: 140 }, { notAColumn: true }],
      hidden: ['gone', 'kind'],
      shown: ['gone', 'added'],
      filter: { gone: { type: 'contains', filter: 'x' }, kind: { type: 'equals', filter: 'Charge' } },
    };
    expect(applicableLayout(saved, ['date', 'kind', 'added'])).toEqual({
      columns: [{ colId: 'date', width: 140 }], hidden: ['kind'], shown: ['added'], filter: { kind: { type: 'equals', filter: 'Charge' } },
    });
    expect(applicableLayout({ ...saved, filter: { gone: {} } }, ['date']).filter).toBeNull();
  });
});

describe('npm run check on grids', { timeout: 30_000 }, () => {
  const fixture = join(import.meta.dirname, '../fixtures/project');
  const cli = join(import.meta.dirname, '../../engine/cli/check.ts');

  function check(grid: string, screenGrid: string): { status: number | null; out: string } {
    const root = mkdtempSync(join(tmpdir(), 'check-grid-'));
    try {
      cpSync(fixture, root, { recursive: true });
      mkdirSync(join(root, 'schemas', 'grids'));
      writeFileSync(join(root, 'schemas', 'grids', 'items.yaml'), grid);
      const screen = join(root, 'schemas', 'screens', 'home.yaml');
      writeFileSync(screen, `${readFileSync(screen, 'utf8')}  - { widget: grid, grid: ${screenGrid}, caption: home.heading }\n`);
      const run = spawnSync(process.execPath, [cli, '--root', root], { encoding: 'utf8' });
      return { status: run.status, out: run.stdout + run.stderr };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  it('accepts a valid grid', () => {
    const { status, out } = check('columns:\n  - { field: name, header: home.title, format: money, sort: desc }\n', 'items');
    expect(out).toMatch(/configuration ok/);
    expect(status).toBe(0);
  });

  it('reports unknown grids, headers, formatters and properties with their place', () => {
    const { status, out } = check('columns:\n  - { field: name, header: no.suchKey, format: nope, colour: red }\n', 'missing');
    expect(status).toBe(1);
    expect(out).toMatch(/^schemas\/grids\/items\.yaml:2:\d+ columns\[0\]\.colour: unknown property/m);
    expect(out).toMatch(/^schemas\/grids\/items\.yaml:2:\d+ columns\[0\]\.header: message "no\.suchKey" is not in/m);
    expect(out).toMatch(/^schemas\/grids\/items\.yaml:2:\d+ columns\[0\]\.format: formatter "nope" is not registered/m);
    expect(out).toMatch(/^schemas\/screens\/home\.yaml:\d+:\d+ children\[\d+\]\.grid: grid "missing" is not in schemas\/grids\//m);
  });

  it('reports a showFrom that names no breakpoint of app.yaml', () => {
    const { status, out } = check('columns:\n  - { field: name, header: home.title, showFrom: tablet }\n', 'items');
    expect(status).toBe(1);
    expect(out).toMatch(/^schemas\/grids\/items\.yaml:2:\d+ columns\[0\]\.showFrom: breakpoint "tablet" is not in schemas\/app\.yaml breakpoints/m);
  });
});
