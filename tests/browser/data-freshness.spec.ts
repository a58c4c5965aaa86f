import { expect, test, type Page } from '@playwright/test';
import { getGetLedgerUrl } from '../../generated/clients/payments.ts';
import { homeowner, signInQuickly, followNavLink } from './helpers.ts';

async function chooseMapleGrove(page: Page) {
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await expect(page.getByText(/account 100234\)/).first()).toBeVisible();
}


test('a payment shows in the account history opened afterwards, without a reload', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);

  // The history is read (and cached) before the payment.
  await followNavLink(page, 'Billing', 'Account history');
  await expect(page.getByRole('heading', { level: 1, name: 'Account history' })).toBeVisible();
  await expect(page.locator('[data-grid="account-history"] [role="row"]').nth(1)).toBeVisible();
  // A full page load would clear this marker.
  await page.evaluate(() => { (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true; });

  await followNavLink(page, 'Billing', 'Make a payment');
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel(/Saved card.*4242/).check();
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  // Other specs pay this account too: a duplicate warning may come first; the owner continues.
  const paid = page.getByText('Thank you. Your payment has been received.');
  const proceed = page.getByRole('button', { name: 'Continue anyway' });
  await expect(proceed.or(paid)).toBeVisible();
  if (await proceed.isVisible()) await proceed.click();
  await expect(paid).toBeVisible();
  const number = (await page.getByRole('region', { name: 'Payment confirmation' }).innerText()).match(/CP-[A-Z0-9]{8}/)?.[0];
  expect(number).toBeTruthy();

  const ledgerRead = page.waitForRequest((request) => request.method() === 'GET' && new URL(request.url()).pathname === getGetLedgerUrl());
  await followNavLink(page, 'Billing', 'Account history');
  await ledgerRead;
  const row = page.getByRole('row').filter({ hasText: number! });
  await expect(row).toBeVisible();
  await expect(row).toContainText('-$10.00');
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
});
