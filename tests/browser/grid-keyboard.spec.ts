import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInQuickly } from './helpers.ts';

// A board grid used by the keyboard alone: every control of the grid is reached by Tab and says
// what it is; a column is sorted from its header and filtered from its header's filter button, the
// rows narrow and come back when the filter is cleared.
const board = { email: 'board@example.com', password: 'Board#2026' };

const grid = (page: Page) => page.locator('[data-grid="board-arcs"]');

/** "Rows found: 12" above the grid, as a number. */
async function rowsFound(page: Page): Promise<number> {
  const line = grid(page).getByText(/^Rows found: /);
  await expect(line).toBeVisible();
  return Number((await line.textContent())!.replace(/\D/g, ''));
}

/** The subjects of the rendered rows. */
function subjects(page: Page): Promise<string[]> {
  return grid(page).locator('.ag-row .ag-cell[col-id="subject"]').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
}

test('by keyboard alone a board grid is sorted and filtered from its headers, every control named', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, board.email, board.password);
  await page.goto('/board/arcs');
  await expect(page.getByRole('heading', { level: 1, name: 'Architectural requests' })).toBeVisible();
  await expect(grid(page).locator('.ag-row .ag-cell[col-id="subject"] a').first()).toBeVisible();
  // Every request, so that a filter has rows to leave out.
  const everyRequest = page.waitForResponse((response) => response.url().includes('/Board/ArcRequests') && response.url().includes('status=all'));
  await page.getByLabel('Show').selectOption({ label: 'All requests' });
  const all = ((await (await everyRequest).json()) as { lastRow: number }).lastRow;
  expect(all).toBeGreaterThan(1);
  await expect.poll(() => rowsFound(page)).toBe(all);

  // The grid's own buttons, one Tab after another, each with its name.
  await grid(page).getByRole('button', { name: 'Export CSV' }).focus();
  for (const name of ['Columns', 'Save layout', 'Restore layout', 'Reset layout']) {
    await page.keyboard.press('Tab');
    await expect(grid(page).getByRole('button', { name, exact: true })).toBeFocused();
  }

  // On into the grid: the Subject header, named after its title alone; Enter sorts by it.
  const subject = grid(page).getByRole('columnheader', { name: 'Subject', exact: true });
  await page.keyboard.press('Tab');
  await expect(subject).toBeFocused();
  await expect(subject).not.toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Enter');
  await expect(subject).toHaveAttribute('aria-sort', 'ascending');

  // Tab reaches the header's filter button, which says whose filter it opens; Enter opens it.
  const filterButton = subject.getByRole('button', { name: 'Filter Subject', exact: true });
  await page.keyboard.press('Tab');
  await expect(filterButton).toBeFocused();
  // Its focus shows as other controls' do: a 2px ring.
  expect(await filterButton.evaluate((button) => getComputedStyle(button).outlineWidth)).toBe('2px');
  await page.keyboard.press('Enter');
  const filter = page.getByRole('dialog', { name: 'Filter Subject' });
  await expect(filter).toBeVisible();
  const value = filter.getByRole('textbox', { name: 'Filter Value' });
  await expect(value).toBeFocused();
  await expectAccessible(page);

  // A typed value narrows the rows (on the server) to the matching subjects: here the first one's.
  await expect.poll(async () => (await subjects(page))[0] ?? '').not.toBe('');
  const [first] = await subjects(page);
  await page.keyboard.type(first);
  await expect.poll(() => rowsFound(page)).toBeLessThan(all);
  await expect.poll(async () => (await subjects(page)).every((text) => text.includes(first))).toBe(true);

  // Clear, a Tab away, takes the filter off: every row comes back.
  await page.keyboard.press('Tab');
  const clear = filter.getByRole('button', { name: 'Clear', exact: true });
  await expect(clear).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => rowsFound(page)).toBe(all);
  await expect(value).toHaveValue('');

  // Escape closes the filter and gives the focus back to its button; Tab goes on to the next
  // header, and Shift+Tab comes back the same way.
  await page.keyboard.press('Escape');
  await expect(filter).toBeHidden();
  await expect(filterButton).toBeFocused();
  const type = grid(page).getByRole('columnheader', { name: 'Type', exact: true });
  await page.keyboard.press('Tab');
  await expect(type).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(filterButton).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(subject).toBeFocused();
  // The sort is where Enter left it: the filter button's Enter opened the filter only.
  await expect(subject).toHaveAttribute('aria-sort', 'ascending');
  await expectAccessible(page);
});
