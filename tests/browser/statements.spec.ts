import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

/** Signs in and selects Maple Grove (account 100234) with the frame's property picker. */
async function signInToMapleGrove(page: Page) {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await expect(page.getByText(/account 100234\) at Maple Grove HOA/)).toBeVisible();
}

/** The option the statement window's period shows as chosen. */
const chosenPeriod = (page: Page) => page.getByRole('dialog', { name: 'Download a statement' }).getByLabel('Period').locator('option:checked');

/** Saves the file the dialog offers and answers its name and bytes. */
async function saveOffered(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Download a statement' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Save the file' }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('account overview: a statement with payment coupons as a PDF, then the ledger as CSV', async ({ page }) => {
  await signInToMapleGrove(page);
  await page.goto('/billing/account-overview');
  const open = page.getByRole('button', { name: 'Download a statement' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Download a statement' });
  await expect(dialog).toBeVisible();
  await expect(chosenPeriod(page)).toHaveText('Last 30 days');
  await expectAccessible(page);

  await dialog.getByLabel('Period').selectOption({ label: 'Full history' });
  await dialog.getByRole('radio', { name: 'Statement with payment coupons' }).check();
  await dialog.getByRole('button', { name: 'Make the file' }).click();
  await expect(dialog.getByText(/Your file is ready: statement-100234-payment-coupons-.*\.pdf\./)).toBeVisible();
  await expectAccessible(page);
  const pdf = await saveOffered(page);
  expect(pdf.name).toMatch(/^statement-100234-payment-coupons-.*\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The ledger export has no kinds of statement: the choice of kind goes away with the PDF.
  await dialog.getByRole('button', { name: 'Make another file' }).click();
  await expect(chosenPeriod(page)).toHaveText('Full history');
  await dialog.getByRole('radio', { name: 'The ledger for a spreadsheet (CSV)' }).check();
  await expect(dialog.getByRole('radio', { name: 'Statement with payment coupons' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Make the file' }).click();
  const csv = await saveOffered(page);
  expect(csv.name).toMatch(/^ledger-100234-.*\.csv$/);
  const lines = csv.bytes.toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Date,Kind,Description,Amount,Balance');
  expect(lines.length).toBeGreaterThan(1);

  // Escape closes the window and gives the focus back to the button that opened it; it opens afresh.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Make the file' })).toBeVisible();
  await expect(chosenPeriod(page)).toHaveText('Last 30 days');
});

test('account history: a statement with charge summary, the window opened and the file made with the Enter key', async ({ page }) => {
  await signInToMapleGrove(page);
  await page.goto('/billing/account-history');
  // The page's main action, in its header: above the account's summary cards.
  const open = page.getByRole('button', { name: 'Download a statement' });
  const balanceCard = page.getByRole('region', { name: 'Balance', exact: true });
  await expect(balanceCard).toBeVisible();
  expect((await open.boundingBox())!.y).toBeLessThan((await balanceCard.boundingBox())!.y);
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Download a statement' });
  await expect(dialog.getByLabel('Period')).toBeVisible();
  await dialog.getByLabel('Period').selectOption({ label: 'Year to date' });
  await dialog.getByRole('radio', { name: 'Statement with charge summary' }).check();
  await dialog.getByRole('button', { name: 'Make the file' }).press('Enter');
  await expect(dialog.getByText(/Your file is ready: statement-100234-charge-summary-.*\.pdf\./)).toBeVisible();
  const pdf = await saveOffered(page);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessible(page);
});
