import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from './helpers.ts';

// The console's audit trail (/manage/audit): Summit's admin changes Maple Grove's privacy link in
// the settings, then finds the change in the trail (reached from the console home's header),
// filtered by association and kind, and downloads it as CSV. Staff are told the trail is for
// admins. axe at 1280 and 390 px.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const staff = { email: 'staff@example.com', password: 'Staff#2026' };
const value = `https://maplegrove.example/privacy-${Date.now()}`;

const grid = (page: Page) => page.locator('[data-grid="manage-audit"]');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('an admin changes a setting, finds it in the audit trail by association and kind, and downloads it as CSV', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, manager.email, manager.password);

  // The change: Maple Grove's privacy link, at the association level.
  await page.goto('/manage/settings');
  await page.getByRole('link', { name: 'Maple Grove HOA' }).click();
  await expect(page.getByRole('heading', { name: 'Maple Grove HOA: association settings' })).toBeVisible();
  await page.locator('[data-grid="manage-settings"] .ag-row').filter({ hasText: 'Privacy policy link' }).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Value at this level').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The trail, from the console home's header.
  await page.goto('/manage');
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/manage\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await expect(grid(page).locator('.ag-row').first()).toBeVisible();
  await expectAccessible(page);

  const filters = page.locator('form');
  await filters.getByLabel('Association').fill('maple');
  await filters.getByLabel('Kind of change').selectOption({ label: 'Setting' });
  await filters.getByRole('button', { name: 'Show entries' }).click();
  const entry = grid(page).locator('.ag-row').filter({ hasText: value });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Maple Grove HOA');
  await expect(entry).toContainText('Setting');
  await expect(entry).toContainText('privacyPolicyUrl');
  // Nothing of another association or kind is left.
  await expect(grid(page).locator('.ag-row').filter({ hasText: 'Cedar Point' })).toHaveCount(0);
  await expect(grid(page).locator('.ag-row').filter({ hasText: 'staff.' })).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), grid(page).getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-summit.csv');
  const records = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(records.length).toBeGreaterThan(0);
  expect(records.every((r) => r.Association === 'Maple Grove HOA' && r.Kind === 'setting')).toBe(true);
  expect(records.some((r) => r['New value'] === JSON.stringify(value) && r['Changed by'] !== '' && r.What === 'privacyPolicyUrl')).toBe(true);

  // No match: the empty state.
  await filters.getByLabel('Kind of change').selectOption({ label: 'Custom page' });
  await filters.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByText('No change matches these filters.').first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await filters.getByLabel('Kind of change').selectOption({ label: 'Setting' });
  await filters.getByRole('button', { name: 'Show entries' }).click();
  await expect(grid(page).locator('.ag-row').first()).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
});

test('a last day before the first is refused on the screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, manager.email, manager.password);
  await page.goto('/manage/audit');
  const filters = page.locator('form');
  await filters.getByLabel('From').fill('2026-03-05');
  await filters.getByLabel('To').fill('2026-03-01');
  await filters.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByText('The last day is before the first day.')).toBeVisible();
});

test('staff are told the trail is for admins, and see no link to it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, staff.email, staff.password);
  await page.goto('/manage');
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
  await page.goto('/manage/audit');
  await expect(page.getByText("The audit trail is for your company's admins.")).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});
