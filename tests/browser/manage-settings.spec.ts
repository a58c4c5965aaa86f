import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './helpers.ts';

// The console's settings (/manage/settings): Summit's admin sets Maple Grove's privacy link at the
// association level, sees it come from the association, and returns it to inherited; a key the
// company locks has no Edit at the association level; staff see the values without Edit. axe at
// 1280 and 390 px.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const staff = { email: 'staff@example.com', password: 'Staff#2026' };

const grid = (page: Page) => page.locator('[data-grid="manage-settings"]');
const row = (page: Page, title: string) => grid(page).locator('.ag-row').filter({ hasText: title });

async function openMapleGrove(page: Page) {
  await page.goto('/manage/settings');
  await page.getByRole('link', { name: 'Maple Grove HOA' }).click();
  await expect(page).toHaveURL(/\/manage\/settings\?association=\d+$/);
  await expect(page.getByRole('heading', { name: 'Maple Grove HOA: association settings' })).toBeVisible();
}

async function edit(page: Page, title: string) {
  await row(page, title).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

// Each test signs in, reads a grid of every key and runs axe twice: more than the default time on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('an admin sets an association value, sees where it comes from, and returns it to inherited', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, manager.email, manager.password);
  await page.goto('/manage/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(row(page, 'Privacy policy link')).toContainText('Global');
  await expectAccessible(page);

  await openMapleGrove(page);
  const dialog = await edit(page, 'Privacy policy link');
  await dialog.getByLabel('Value at this level').fill('https://maplegrove.example/privacy');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Privacy policy link')).toContainText('https://maplegrove.example/privacy');
  await expect(row(page, 'Privacy policy link')).toContainText('Association');
  await expectAccessible(page);

  const again = await edit(page, 'Privacy policy link');
  await again.getByRole('button', { name: 'Return to inherited' }).click();
  await expect(again).toBeHidden();
  await expect(row(page, 'Privacy policy link')).not.toContainText('maplegrove.example');
  await expect(row(page, 'Privacy policy link')).toContainText('Global');
});

test('a company lock leaves the association no Edit', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, manager.email, manager.password);
  await page.goto('/manage/settings');
  const dialog = await edit(page, 'Terms of service link');
  await dialog.getByLabel('Value at this level').fill('https://summit.example/terms');
  await dialog.getByLabel('Lock for the associations').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Terms of service link')).toContainText('Company');

  await openMapleGrove(page);
  await expect(row(page, 'Terms of service link')).toContainText('https://summit.example/terms');
  await expect(row(page, 'Terms of service link').getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(row(page, 'Privacy policy link').getByRole('button', { name: /^Edit/ })).toHaveCount(1);

  await page.goto('/manage/settings');
  const unlock = await edit(page, 'Terms of service link');
  await unlock.getByRole('button', { name: 'Return to inherited' }).click();
  await expect(unlock).toBeHidden();
  await expect(row(page, 'Terms of service link')).toContainText('Global');
});

test('staff see the values without Edit, at 390 px too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, staff.email, staff.password);
  await openMapleGrove(page);
  await expect(page.getByText('only the company\'s administrators can change them')).toBeVisible();
  await expect(row(page, 'Report-a-problem link')).toContainText('portal-support@summit-management.example');
  await expect(grid(page).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row(page, 'Report-a-problem link')).toBeVisible();
  await expectAccessible(page);
});
