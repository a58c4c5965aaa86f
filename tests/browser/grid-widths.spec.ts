import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { signInQuickly } from './helpers.ts';

// The board's grids at 1280 px use their room: no header is broken inside a word, no cell is cut
// while another column has width to spare, no grid scrolls sideways; a cell whose text is still cut
// shows the whole text beside it on hover and on keyboard focus (and its whole text is its name).

const board = { email: 'board@example.com', password: 'Board#2026' };

const GRIDS = [
  { path: '/board/arcs', id: 'board-arcs' },
  { path: '/board/arcs', id: 'board-arcs', show: 'All requests' },
  { path: '/board/arcs', id: 'board-arcs', show: 'Decided requests' },
  { path: '/board/invoices', id: 'board-invoices' },
  { path: '/board/to-do-list', id: 'board-to-do-list' },
  { path: '/board/collections', id: 'board-collections' },
  { path: '/board/reports', id: 'board-delinquency' },
  { path: '/board/reports', id: 'board-aging', open: 'Show the aging report' },
  { path: '/board/homeowners', id: 'board-homeowners' },
  { path: '/board/bank-accounts', id: 'board-bank-accounts' },
  { path: '/board/inspections', id: 'board-inspections' },
  { path: '/board/violations', id: 'board-violations' },
  { path: '/board/work-orders', id: 'board-work-orders' },
];

/** Each column's `minWidth` from the grid's definition: a column at its minimum has nothing to give. */
function minWidths(id: string): Record<string, number> {
  const doc = parse(readFileSync(join(import.meta.dirname, '../../schemas/grids', `${id}.yaml`), 'utf8')) as { columns: { field: string; minWidth?: number }[] };
  return Object.fromEntries(doc.columns.map((column) => [column.field, column.minWidth ?? 0]));
}

const grid = (page: Page, id: string) => page.locator(`[data-grid="${id}"]`);

async function openGrid(page: Page, path: string, id: string, open?: string, show?: string): Promise<Locator> {
  await page.goto(path);
  if (open) await page.getByRole('button', { name: open }).click();
  if (show) {
    // Another choice of rows, read from the server.
    await expect(grid(page, id).locator('.ag-row:not(.ag-row-loading) .ag-cell').first()).toBeVisible();
    await Promise.all([
      page.waitForResponse((response) => /\/Board\/ArcRequests\?/i.test(response.url()) && response.ok()),
      page.getByLabel('Show').selectOption({ label: show }),
    ]);
  }
  await expect(grid(page, id).locator('.ag-row:not(.ag-row-loading) .ag-cell').first()).toBeVisible();
  return grid(page, id);
}

/**
 * What is wrong with the grid's widths, measured in the page: headers broken inside a word or cut,
 * a sideways scroll, cells cut while a column is wider than its content and header need.
 */
function widthProblems(root: HTMLElement, minimum: Record<string, number>): string[] {
  const problems: string[] = [];
  const range = document.createRange();
  const words = (element: Element) => {
    const found: { word: string; width: number; lines: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const match of node.data.matchAll(/\S+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        found.push({ word: match[0], width: Math.max(0, ...rects.map((rect) => rect.width)), lines: new Set(rects.map((rect) => Math.round(rect.top))).size });
      }
    }
    return found;
  };
  const horizontal = (element: Element) => {
    const style = getComputedStyle(element);
    return ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'].reduce((total, key) => total + Number.parseFloat(style[key as 'paddingLeft']), 0);
  };

  const headers = [...root.querySelectorAll<HTMLElement>('.ag-header-cell')].filter((header) => header.offsetWidth > 0);
  const columns = headers.map((header) => {
    const colId = header.getAttribute('col-id') ?? '';
    const text = header.querySelector<HTMLElement>('.ag-header-cell-text')!;
    const label = text.textContent ?? '';
    const headerWords = words(text);
    for (const { word, lines } of headerWords) if (lines > 1) problems.push(`header "${label}": "${word}" broken across ${lines} lines`);
    if (text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1) problems.push(`header "${label}" cut`);
    // The least the header needs: its icons and padding, and its longest word.
    const labelBox = header.querySelector<HTMLElement>('.ag-header-cell-label')!;
    const parts = [...labelBox.children].map((child) => child.getBoundingClientRect()).filter((rect) => rect.width > 0);
    const spare = labelBox.getBoundingClientRect().width - (Math.max(...parts.map((rect) => rect.right)) - Math.min(...parts.map((rect) => rect.left)));
    const headerNeed = header.getBoundingClientRect().width - spare - text.getBoundingClientRect().width + Math.max(0, ...headerWords.map((entry) => entry.width));
    const cells = [...root.querySelectorAll<HTMLElement>(`.ag-row:not(.ag-row-loading) .ag-cell[col-id="${colId}"]`)];
    const cellNeed = Math.max(0, ...cells.map((cell) => {
      range.selectNodeContents(cell);
      return range.getBoundingClientRect().width + horizontal(cell);
    }));
    return { colId, width: header.getBoundingClientRect().width, need: Math.max(headerNeed, cellNeed, minimum[colId] ?? 0), cells };
  });

  const viewport = root.querySelector<HTMLElement>('.ag-grid-viewport') ?? root.querySelector<HTMLElement>('.ag-body-viewport')!;
  if (viewport.scrollWidth > viewport.clientWidth) problems.push(`scrolls sideways: ${viewport.scrollWidth} px of columns in ${viewport.clientWidth} px`);

  const cut = columns.flatMap((column) => column.cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => `"${cell.textContent}"`));
  if (cut.length > 0) {
    const used = columns.reduce((total, column) => total + column.width, 0);
    if (used < viewport.clientWidth - 1) problems.push(`cells cut (${cut.join(', ')}) while ${Math.round(viewport.clientWidth - used)} px of the grid are free`);
    for (const column of columns) {
      const spare = column.width - column.need;
      if (spare > 2) problems.push(`cells cut (${cut.join(', ')}) while column ${column.colId} has ${Math.round(spare)} px to spare`);
    }
  }
  return problems;
}

test('at 1280 px every board grid keeps header words whole, cuts no cell while a column has room to spare, and does not scroll sideways', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, board.email, board.password);
  for (const { path, id, open, show } of GRIDS) {
    const root = await openGrid(page, path, id, open, show);
    const minimum = minWidths(id);
    // The columns settle once the rows are measured.
    await expect.poll(() => root.evaluate(widthProblems, minimum), { message: `${path} ${id} ${show ?? ''}` }).toEqual([]);
  }
});

/** Waits until the grid's column widths stay the same for a moment (they are fitted once rows show). */
async function settled(page: Page, root: Locator) {
  const widths = () => root.locator('.ag-header-cell').evaluateAll((headers) => headers.map((header) => (header as HTMLElement).offsetWidth).join());
  await expect.poll(async () => {
    const before = await widths();
    await page.waitForTimeout(300);
    return (await widths()) === before;
  }).toBe(true);
}

/** A cell of the grid whose text is cut (ellipsis), and its whole text. */
async function cutCell(root: Locator): Promise<{ cell: Locator; text: string } | null> {
  const found = await root.locator('.ag-row:not(.ag-row-loading) .ag-cell').evaluateAll((cells) => {
    const index = cells.findIndex((cell) => cell.scrollWidth > cell.clientWidth && !cell.querySelector('button'));
    return index < 0 ? null : { index, text: (cells[index].textContent ?? '').trim() };
  });
  return found ? { cell: root.locator('.ag-row:not(.ag-row-loading) .ag-cell').nth(found.index), text: found.text } : null;
}

test('a cell whose text is cut shows the whole text beside it on hover and on keyboard focus; screen readers read it whole', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, board.email, board.password);
  let root = await openGrid(page, '/board/invoices', 'board-invoices');
  await settled(page, root);
  let found = await cutCell(root);
  if (!found) {
    // Everything fits at this width: a narrower window cuts the longest texts.
    await page.setViewportSize({ width: 1000, height: 800 });
    root = await openGrid(page, '/board/invoices', 'board-invoices');
    await settled(page, root);
    found = await cutCell(root);
  }
  const { cell, text } = found!;
  expect(text.length).toBeGreaterThan(0);
  const tip = page.locator('[data-grid-tip]');

  // The cell's name for assistive technology is its whole text.
  await expect(root.getByRole('gridcell', { name: text, exact: true }).first()).toBeAttached();

  // On keyboard focus (ag-grid's own cell focus, as from an arrow key), and after moving away and back by keyboard.
  await cell.evaluate((element: HTMLElement) => element.focus());
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(text);
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(cell).toBeFocused();
  await expect(tip).toHaveText(text);

  // On hover.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(tip).toBeHidden();
  await cell.hover();
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(text);
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(tip).toBeHidden();
});
