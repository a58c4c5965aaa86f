import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInQuickly } from './helpers.ts';

// The console's people (/manage/people) and an owner's page (/manage/people/:userId): Summit's staff
// member opens People from the console's header, finds the demo homeowner by account number and
// opens their page, which shows their accounts (address, balance, standing), contacts and board
// seats; the chair's page shows the seat. Lakeside's owner, whose page Lakeside's admin reaches, is
// not found for Summit's staff. Axe at 1280 and 390 px on both pages.

const staff = { email: 'staff@example.com', password: 'Staff#2026' };
const lakesideAdmin = { email: 'lakeside.admin@example.com', password: 'Lakeside#2026' };

const grid = (page: Page) => page.locator('[data-grid="company-people"]');
const rows = (page: Page) => grid(page).locator('.ag-grid-scrolling-container .ag-row:not(.ag-row-loading)');

async function searchPeople(page: Page, text: string) {
  await page.getByLabel('Search people').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test("Summit's staff finds the demo homeowner by account number and opens their page", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, staff.email, staff.password);
  await page.goto('/manage');
  await page.getByRole('main').getByRole('link', { name: 'People', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page);

  await searchPeople(page, '100234');
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText('Jordan Rivera');
  await expect(row).toContainText('homeowner@example.com');
  await expect(row.locator('[col-id="accountNumbers"]')).toContainText('100234');
  // Nothing found: said so.
  await searchPeople(page, 'nobody-by-this-name');
  await expect(grid(page).getByText('No one matches your search.')).toBeVisible();
  await searchPeople(page, '100234');
  await grid(page).getByRole('link', { name: 'Jordan Rivera' }).click();

  await expect(page).toHaveURL(/\/manage\/people\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeVisible();
  await expect(page.getByText('Signs in as homeowner@example.com.')).toBeVisible();
  const accounts = page.getByRole('list', { name: 'Accounts' });
  await expect(accounts.getByRole('listitem')).toHaveCount(2);
  await expect(accounts.getByRole('listitem').filter({ hasText: '100234' })).toContainText('412 Maple Grove Lane');
  await expect(accounts.getByRole('listitem').filter({ hasText: '100234' })).toContainText(/Balance\s*-?\$[\d,]+\.\d\d/);
  await expect(page.getByRole('list', { name: 'E-mails' })).toContainText('Login e-mail: homeowner@example.com');
  await expect(page.getByRole('heading', { level: 2, name: 'Board seats' })).toBeVisible();
  await expect(page.getByText('Not on the board of any association you manage.')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });

  // The chair's page shows the seat.
  await page.goto('/manage/people');
  await searchPeople(page, 'chair@');
  await grid(page).getByRole('link', { name: 'Casey Morgan' }).click();
  const seats = page.getByRole('list', { name: 'Board seats' });
  await expect(seats.getByRole('listitem')).toHaveCount(1);
  await expect(seats).toContainText('Maple Grove');
  await expect(seats).toContainText('Chair');
  await page.goto('/manage/people');
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page, { skipContrast: true });
});

test("another company's owner is not found for Summit's staff, though their own admin opens the page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInQuickly(page, lakesideAdmin.email, lakesideAdmin.password);
  await page.goto('/manage/people');
  await searchPeople(page, '400101');
  const link = grid(page).getByRole('link', { name: 'Robin Aldana' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/manage\/people\/\d+$/);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Aldana' })).toBeVisible();

  const context = await browser.newContext();
  const summit = await context.newPage();
  await signInQuickly(summit, staff.email, staff.password);
  await summit.goto('/manage/people');
  await searchPeople(summit, '400101');
  await expect(grid(summit).getByText('No one matches your search.')).toBeVisible();
  await summit.goto(href!);
  await expect(summit.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
  await expect(summit.getByText('Robin Aldana')).toHaveCount(0);
  await expectAccessible(summit);
  await context.close();
});
