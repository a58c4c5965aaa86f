import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// The management console (/manage): Summit's admin opens it from the navigation and sees the three
// associations Summit manages with their counts, searches and sorts them on the server; Summit's staff
// see the same list; a homeowner has no Manage link and meets the staff-only page; Lakeside's admin
// sees only Lakeshore. Axe at 1280 and 390 px.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const staff = { email: 'staff@example.com', password: 'Staff#2026' };
const lakesideAdmin = { email: 'lakeside.admin@example.com', password: 'Lakeside#2026' };

const GRID = 'managed-associations';
const grid = (page: Page) => page.locator(`[data-grid="${GRID}"]`);
const rows = (page: Page) => grid(page).locator('.ag-grid-scrolling-container .ag-row:not(.ag-row-loading)');

/** The cells of one column of the rendered rows, in row order. */
function column(page: Page, field: string): Promise<string[]> {
  return rows(page).evaluateAll((all, colId) => all
    .map((row) => ({ index: Number(row.getAttribute('row-index')), text: row.querySelector(`[col-id="${colId}"]`)?.textContent?.trim() ?? '' }))
    .sort((a, b) => a.index - b.index)
    .map((cell) => cell.text), field);
}

async function openConsole(page: Page) {
  await page.goto('/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Management console' })).toBeVisible();
}

const SUMMIT = ['Cedar Point Condominiums', 'Demoville Test HOA', 'Maple Grove HOA'];

test('Summit\'s admin opens the console from the navigation, sees the associations with their counts, searches and sorts', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, manager.email, manager.password);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Manage', exact: true }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Management console' })).toBeVisible();
  await expect(page.getByText(/^Summit .*every association you manage/)).toBeVisible();
  await expect.poll(() => column(page, 'name')).toEqual(SUMMIT);
  // Every count is shown; the balance past due as money.
  for (const field of ['homes', 'ownersSignedUp', 'openRequests', 'unreadMessages']) {
    for (const cell of await column(page, field)) expect(cell, field).toMatch(/^\d+$/);
  }
  for (const cell of await column(page, 'pastDueCents')) expect(cell).toMatch(/^\$[\d,]+\.\d\d$/);
  const maple = rows(page).filter({ hasText: 'Maple Grove HOA' });
  expect(Number(await maple.locator('[col-id="homes"]').textContent())).toBeGreaterThan(0);
  await expectAccessible(page);

  // Sorted on the server: by name, the other way round.
  await grid(page).getByRole('columnheader', { name: /^Association/ }).click();
  await expect.poll(() => column(page, 'name')).toEqual([...SUMMIT].reverse());

  // Searched on the server, by part of the name in any case.
  await page.getByLabel('Search associations').fill('cedar');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => column(page, 'name')).toEqual(['Cedar Point Condominiums']);
  // Nothing found: said so.
  await page.getByLabel('Search associations').fill('nowhere');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(grid(page).getByText('No association matches your search.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Search associations').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => column(page, 'name')).toHaveLength(3);
  await expectAccessible(page, { skipContrast: true });
});

test('Summit\'s staff see the same associations', async ({ page }) => {
  await signInQuickly(page, staff.email, staff.password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Manage', exact: true })).toBeVisible();
  await openConsole(page);
  await expect.poll(() => column(page, 'name')).toEqual(SUMMIT);
});

test('a homeowner has no Manage link and meets the staff-only page', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Manage', exact: true })).toHaveCount(0);
  await page.goto('/manage');
  await expect(page.getByRole('heading', { name: 'The console is for management staff' })).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Lakeside\'s admin sees only Lakeshore', async ({ page }) => {
  await signInQuickly(page, lakesideAdmin.email, lakesideAdmin.password);
  await openConsole(page);
  await expect(page.getByText(/^Lakeside Property Management: /)).toBeVisible();
  await expect.poll(() => column(page, 'name')).toEqual(['Lakeshore Village HOA']);
  await expect(rows(page).first().locator('[col-id="pastDueCents"]')).toHaveText('$185.00');
});
