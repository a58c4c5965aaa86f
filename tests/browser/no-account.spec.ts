import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInQuickly } from './helpers.ts';

// Board members of Maple Grove own no account there: every billing page explains that calmly
// (an informational message), shows no error and offers no button that cannot work.

// (The chair's password is changed by accounts.spec.ts; the server test covers the chair.)
const board = { email: 'board@example.com', password: 'Board#2026' };

const pages = [
  { path: '/billing', heading: 'Make a payment' },
  { path: '/billing/manage-account', heading: 'Manage payments' },
  { path: '/billing/account-overview', heading: 'Account overview' },
  { path: '/billing/account-history', heading: 'Account history' },
  { path: '/billing/instant-payment', heading: 'Instant card payment' },
  { path: '/billing/recurring-payments', heading: 'Recurring payments' },
  { path: '/billing/auto-draft', heading: 'Auto-draft' },
  { path: '/billing/payment-consent', heading: 'Payment consent' },
];

const explanation = 'You have no property account at Maple Grove HOA, so there is nothing to pay and no balance or history to show. The billing pages show the accounts of the properties you own.';

async function expectCalmExplanation(page: Page) {
  const message = page.getByRole('status').filter({ hasText: explanation });
  await expect(message).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Association not found')).toHaveCount(0);
  await expect(page.getByText('Account not found')).toHaveCount(0);
  // Nothing to act on: no payment form, no method or payment buttons.
  for (const name of ['Add a card', 'Add a bank account', 'Pay', 'Continue to card entry']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('grid')).toHaveCount(0);
}

function watchFailedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

for (const target of pages) {
  test(`${target.path} explains to a board member that there is no account, without errors`, async ({ page }) => {
    const failed = watchFailedCalls(page);
    await signInQuickly(page, board.email, board.password);
    await page.goto(target.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading);
    await expectCalmExplanation(page);
    await expectAccessible(page);
    // No call answered an error (no 404 'Association not found' behind the scenes).
    expect(failed).toEqual([]);
  });
}
