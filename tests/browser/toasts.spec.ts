import { expect, test } from '@playwright/test';
import { expectAccessible, uniqueEmail } from './helpers.ts';

test('the Test Account Detected warning toast passes axe while it is shown', async ({ page }) => {
  await page.goto('/paynow');
  await page.getByLabel('Account number').fill('300100');
  await page.getByLabel('Property zip code').fill('10001');
  await page.getByLabel('E-mail for your receipt').fill(uniqueEmail('toast'));
  await page.getByRole('button', { name: 'Find my account' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('button', { name: 'Continue to payment details' }).click();

  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Test Account Detected' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Payment processing is not allowed on this account.');
  // Wait for the entry animation to end so that axe sees the toast's final colours.
  await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expectAccessible(page);
  await expect(toast).toBeVisible();
});
