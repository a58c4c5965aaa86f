import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly, followNavLink } from './helpers.ts';

// The board's list of architectural requests (/board/arcs): who may see it, the grid read from the
// server page by page (sort, filter, export), and its saved layouts.
const board = { email: 'board@example.com', password: 'Board#2026' };
const chair = { email: 'chair@example.com', password: 'Chair#2026' };

const grid = (page: Page) => page.locator('[data-grid="board-arcs"]');
const header = (page: Page, name: string) => grid(page).getByRole('columnheader', { name, exact: true });

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true })
    .or(page.locator('[data-scope="toast"][data-part="title"]', { hasText: text }));
}

/** The texts of one column's cells, top to bottom. */
function cells(page: Page, field: string): Promise<string[]> {
  return grid(page).locator(`.ag-row .ag-cell[col-id="${field}"]`).evaluateAll((els) => els
    .map((el) => ({ top: el.getBoundingClientRect().top, text: (el.textContent ?? '').trim() }))
    .sort((a, b) => a.top - b.top).map((cell) => cell.text));
}

async function visibleHeaders(page: Page): Promise<string[]> {
  return grid(page).locator('.ag-header-cell').evaluateAll((els) => els
    .filter((el) => (el as HTMLElement).offsetWidth > 0)
    .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
    .map((el) => (el.querySelector('.ag-header-cell-text')?.textContent ?? '').trim()));
}

async function openList(page: Page, who: { email: string; password: string }, switching = false) {
  if (switching) {
    // Another user in the same browser, without signing the first one out on the server (their
    // token stays good for the next tests of this worker, within the sign-in rate limit).
    await page.evaluate(() => localStorage.removeItem('portal.token'));
    await page.goto('/login');
    await expect(page.getByLabel('E-mail address')).toBeEditable();
  }
  await signInQuickly(page, who.email, who.password);
  await followNavLink(page, 'Board', 'Architectural requests');
  await expect(page).toHaveURL(/\/board\/arcs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Architectural requests' })).toBeVisible();
  await expect(grid(page).locator('.ag-row .ag-cell[col-id="subject"] a').first()).toBeVisible();
}

async function filterColumn(page: Page, name: string, text: string) {
  await header(page, name).locator('.ag-header-cell-filter-button').click();
  const input = page.locator('.ag-filter input[type="text"]:visible').first();
  await input.fill(text);
  await page.keyboard.press('Escape');
}

async function toggleColumn(page: Page, name: string, shown: boolean) {
  const button = grid(page).getByRole('button', { name: 'Columns' });
  await button.click();
  const box = grid(page).getByRole('checkbox', { name, exact: true });
  if (shown) await box.check(); else await box.uncheck();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
}

test('the board pages are for board members: a homeowner sees a calm page, also from an old Board_v2 link', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Board', exact: true })).toHaveCount(0);
  await page.goto('/Board_v2/ActionItems_ARC');
  await expect(page).toHaveURL(/\/board\/arcs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'These pages are for board members' })).toBeVisible();
  await expect(page.getByText(/you are not on the board of/)).toBeVisible();
  await expect(page.locator('[data-grid]')).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/board/collections');
  await expect(page.getByRole('heading', { level: 1, name: 'These pages are for board members' })).toBeVisible();
  await expectAccessible(page);
});

test('the requests are sorted and filtered on the server, and the CSV export is what the grid shows', async ({ page }) => {
  await openList(page, board);
  // Open requests, the nearest due first; an overdue one says so in words.
  await expect(header(page, 'Due date')).toHaveAttribute('aria-sort', 'ascending');
  const dues = await cells(page, 'dueDate');
  expect(dues.length).toBeGreaterThan(1);
  const days = dues.map((text) => Date.parse(text));
  expect(days).toEqual([...days].sort((a, b) => a - b));
  await expect(grid(page).locator('.ag-cell[col-id="overdue"]', { hasText: 'Overdue' }).first()).toBeVisible();

  // Sorting asks the server again: latest due first.
  await header(page, 'Due date').locator('.ag-header-cell-label').click();
  await expect(header(page, 'Due date')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await cells(page, 'dueDate')).map((text) => Date.parse(text))).toEqual([...days].sort((a, b) => b - a));

  // All requests of one homeowner, without the vote counts: the export has exactly those columns and rows.
  await page.getByLabel('Show').selectOption({ label: 'All requests' });
  await filterColumn(page, 'Homeowner', 'marcus');
  await expect.poll(async () => [...new Set(await cells(page, 'homeownerName'))]).toEqual(['Marcus Johnson']);
  await toggleColumn(page, 'Approve votes', false);
  await toggleColumn(page, 'Decline votes', false);
  const headers = await visibleHeaders(page);
  expect(headers).not.toContain('Approve votes');
  const subjects = await cells(page, 'subject');
  const owners = await cells(page, 'homeownerName');
  const [download] = await Promise.all([page.waitForEvent('download'), grid(page).getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^arc-requests-.+\.csv$/);
  const records = parse(await readFile((await download.path())!, 'utf8')) as string[][];
  expect(records[0]).toEqual(headers);
  expect(records.slice(1).map((row) => row[headers.indexOf('Subject')])).toEqual(subjects);
  expect(records.slice(1).map((row) => row[headers.indexOf('Homeowner')])).toEqual(owners);
  await expect(page.getByText(`Rows found: ${subjects.length}`)).toBeVisible();
  await expectAccessible(page);
});

test('the Show choice applies as soon as it is chosen, with no button and no required mark', async ({ page }) => {
  test.setTimeout(90_000);
  await openList(page, board);
  const show = page.getByLabel('Show');
  await expect(show).toHaveValue(/.+/);
  // A choice that always has a value: no asterisk beside its label, nothing to press after it.
  await expect(page.locator('label', { hasText: /^Show$/ }).locator('xpath=..')).toHaveText('Show');
  await expect(page.getByRole('button', { name: 'Show', exact: true })).toHaveCount(0);
  // Open requests have no decision yet; the decided ones show theirs.
  await expect.poll(async () => (await cells(page, 'decision')).some((text) => text === '')).toBe(true);
  await show.selectOption({ label: 'Decided requests' });
  await expect.poll(async () => {
    const decisions = await cells(page, 'decision');
    return decisions.length > 0 && decisions.every((text) => text !== '');
  }).toBe(true);
  await expectAccessible(page);
});

test('by keyboard, Tab reaches the subject cell and Enter opens the request', async ({ page }) => {
  test.setTimeout(90_000);
  await openList(page, board);
  const firstSubject = grid(page).locator('.ag-row[row-index="0"] .ag-cell[col-id="subject"]');
  const subject = ((await firstSubject.textContent()) ?? '').trim();
  const href = await firstSubject.locator('a').getAttribute('href');
  expect(href).toMatch(/\/board\/arcs\/\d+$/);
  // From the Reset button, Tab goes on into the grid: the headers, then the cells.
  await grid(page).getByRole('button', { name: 'Reset' }).focus();
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    if (await firstSubject.evaluate((cell) => cell === document.activeElement)) break;
  }
  await expect(firstSubject).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[/]/g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject.slice(0, 20));
});

test('a grid layout is saved per user, restored after a reload and reset, each with its toast', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openList(page, board);
  await toggleColumn(page, 'Step', false);
  await header(page, 'Homeowner').locator('.ag-header-cell-label').click();
  await expect(header(page, 'Homeowner')).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Save layout' }).click();
  await expect(toast(page, 'Grid settings saved.')).toBeVisible();

  // A reload comes back with the saved layout: Step hidden, sorted by homeowner (on the server).
  await page.reload();
  await expect(grid(page).locator('.ag-row').first()).toBeVisible();
  await expect(header(page, 'Homeowner')).toHaveAttribute('aria-sort', 'ascending');
  expect(await visibleHeaders(page)).not.toContain('Step');
  const names = await cells(page, 'homeownerName');
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

  // Another user in the same browser has their own (none yet).
  await openList(page, chair, true);
  expect(await visibleHeaders(page)).toContain('Step');
  await expect(header(page, 'Due date')).toHaveAttribute('aria-sort', 'ascending');

  // Back as the first member: change the sort, then restore the saved layout.
  await openList(page, board, true);
  await expect(header(page, 'Homeowner')).toHaveAttribute('aria-sort', 'ascending');
  await header(page, 'Due date').locator('.ag-header-cell-label').click();
  await expect(header(page, 'Homeowner')).not.toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Restore layout' }).click();
  await expect(toast(page, 'Grid settings restored.')).toBeVisible();
  await expect(header(page, 'Homeowner')).toHaveAttribute('aria-sort', 'ascending');

  // Reset: the default layout and nothing saved.
  await page.getByRole('button', { name: 'Reset layout' }).click();
  await expect(toast(page, 'Grid reset to default settings.')).toBeVisible();
  await expect(header(page, 'Due date')).toHaveAttribute('aria-sort', 'ascending');
  expect(await visibleHeaders(page)).toContain('Step');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('grid.board-arcs')))).toEqual([]);
});

test('the requests list works at 390 px: the key columns, no sideways page scroll, accessible', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, board.email, board.password);
  await page.goto('/board/arcs');
  await expect(grid(page).locator('.ag-row .ag-cell[col-id="subject"] a').first()).toBeVisible();
  expect(await visibleHeaders(page)).toEqual(['Subject', 'Due date', 'Overdue']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  // A request opens from its subject.
  const first: Locator = grid(page).locator('.ag-row .ag-cell[col-id="subject"] a').first();
  const subject = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/board\/arcs\/\d+$/);
  await expect(page.getByText(subject).first()).toBeVisible();
});
