// The chart widget: its text alternative (a table named by the chart's label) gives screen readers
// every figure drawn, formatted as the chart shows them; the drawing is hidden from them and takes
// no focus; no rows shows the empty text; axe finds nothing serious.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { fakeApi, makeRuntime, projectConfig, renderNodes } from './support/query-harness.tsx';

const TEXTS = {
  'test.collections': 'Collections by month',
  'test.month': 'Month',
  'test.collected': 'Collected',
  'test.signUps': 'Sign-ups',
  'test.amount': 'Amount',
  'test.total': 'In all: {{total}}',
  'test.empty': 'Nothing collected yet.',
};

const MONTHS = [
  { month: '2026-01', collectedCents: 1234500, signUps: 2 },
  { month: '2026-02', collectedCents: 0, signUps: 0 },
  { month: '2026-03', collectedCents: 9950, signUps: 1 },
];

const node = (extra: Partial<WidgetNodeConfig> = {}): WidgetNodeConfig => ({
  widget: 'chart',
  kind: 'bar',
  label: 'test.collections',
  source: { operation: 'getCompanyMonthlyFigures', rows: 'months' },
  x: { field: 'month', label: 'test.month', kind: 'month' },
  series: [{ field: 'collectedCents', label: 'test.collected' }],
  value: { label: 'test.amount', currency: 'USD' },
  empty: 'test.empty',
  ...extra,
});

async function show(nodes: WidgetNodeConfig[], months = MONTHS) {
  fakeApi({ 'GET /api/management/Charts/Months': () => ({ months }) });
  const { runtime, translator } = makeRuntime(projectConfig({}, TEXTS));
  return renderNodes(runtime, translator, nodes);
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

// The charting libraries' first import is transformed then: slow on a busy machine, so in no test's time.
beforeAll(() => import('../../engine/react/widgets/chart/ChartWidget.tsx'), 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Finding by role and axe walk the whole drawing (hundreds of SVG nodes): seconds each in jsdom.
describe('chart', () => {
  it('gives screen readers every figure in a table named by its label, the drawing hidden from them', { timeout: 30_000 }, async () => {
    const { container } = await show([node({ summary: 'test.total', values: { total: { value: 1244450, format: 'money' } } })]);
    const table = await screen.findByRole('table', { name: 'Collections by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cells)).toEqual([
      ['Month', 'Collected'],
      ['Jan 2026', '$12,345.00'],
      ['Feb 2026', '$0.00'],
      ['Mar 2026', '$99.50'],
    ]);
    expect(screen.getByText('In all: $12,444.50')).toBeTruthy();
    // The drawing (and its axis title) is for the eyes only, and nothing in it takes the focus.
    const drawing = container.querySelector('[aria-hidden="true"]')!;
    expect(drawing.textContent).toContain('Amount');
    expect(drawing.querySelectorAll('[tabindex]:not([tabindex="-1"]), a, button, input').length).toBe(0);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  it('puts each series in a column of its own, for stacked bars and lines alike', { timeout: 30_000 }, async () => {
    const series = [{ field: 'collectedCents', label: 'test.collected' }, { field: 'signUps', label: 'test.signUps' }];
    for (const kind of ['stacked-bar', 'line']) {
      await show([node({ kind, series, value: {} })]);
      const table = await screen.findByRole('table', { name: 'Collections by month' });
      expect(within(table).getAllByRole('row').map(cells)).toEqual([
        ['Month', 'Collected', 'Sign-ups'],
        ['Jan 2026', '1,234,500', '2'],
        ['Feb 2026', '0', '0'],
        ['Mar 2026', '9,950', '1'],
      ]);
      cleanup();
    }
  });

  it('says so when there are no rows, and draws nothing', async () => {
    await show([node()], []);
    expect(await screen.findByText('Nothing collected yet.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});
