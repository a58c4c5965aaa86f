import { expect, test, type Page } from '@playwright/test';
import { continueToCardEntry, expectAccessible, fillCardDetails, homeowner, signInQuickly } from './helpers.ts';

// The instant payment page hands the whole browser to the provider's hosted page and confirms the
// payment when the provider sends it back (spec section 2).

async function startInstantPayment(page: Page, amount: string) {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Cedar Point' }).getAttribute('value') ?? '');
  await expect(page.getByText(/account 200411\)/).first()).toBeVisible();
  await page.goto('/billing/instant-payment');
  await expect(page.getByRole('heading', { name: 'Instant card payment', level: 1 })).toBeVisible();
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
}

async function continueToProvider(page: Page) {
  await continueToCardEntry(page);
  // The whole window is on the provider's page, not a frame inside the portal.
  await expect(page).toHaveURL(/\/sandbox-provider\/entry\/seti_[0-9a-f]+\?.*return=%2Fbilling%2Finstant-payment%3Fpayment%3Dpay_[0-9a-z]+/);
}

test('a homeowner pays instantly by card on the provider\'s own page and comes back to the confirmation', async ({ page }) => {
  await startInstantPayment(page, '3');
  // Cedar Point charges 3.5 % on cards: $0.11 on $3.00, shown as the amount is typed.
  const quote = page.getByRole('region', { name: 'Amount, card fee and total' });
  await expect(quote).toContainText('$0.11');
  await expect(quote).toContainText('$3.11');
  await expectAccessible(page);

  await continueToProvider(page);
  await expectAccessible(page);
  await fillCardDetails(page, '4242 4242 4242 4242', 'Jordan Rivera');
  await page.getByRole('button', { name: 'Pay $3.11' }).click();

  await expect(page).toHaveURL(/\/billing\/instant-payment\?payment=pay_[0-9a-z]+&setupIntent=seti_[0-9a-f]+$/);
  await expect(page.getByText('Thank you. Your payment has been received.')).toBeVisible();
  const confirmation = page.getByRole('region', { name: 'Payment confirmation' });
  await expect(confirmation).toContainText(/CP-[A-Z0-9]{8}/);
  await expect(confirmation).toContainText('$3.00');
  await expect(confirmation).toContainText('$0.11');
  await expect(confirmation).toContainText('$3.11');
  await expect(confirmation).toContainText('•••• 4242');
  await expectAccessible(page);

  // Reloading the return address shows the same confirmation; nothing is charged twice.
  const number = (await confirmation.innerText()).match(/CP-[A-Z0-9]{8}/)?.[0];
  await page.reload();
  await expect(page.getByRole('region', { name: 'Payment confirmation' })).toContainText(number!);
});

test('a homeowner who cancels on the provider\'s page comes back to a cancelled message', async ({ page }) => {
  await startInstantPayment(page, '2');
  await continueToProvider(page);
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/billing\/instant-payment\?payment=pay_[0-9a-z]+&cancelled=1$/);
  await expect(page.getByText('The payment was cancelled. Nothing was charged.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start a new payment' }).click();
  await expect(page).toHaveURL(/\/billing\/instant-payment$/);
  await expect(page.getByLabel('Amount', { exact: true })).toBeVisible();
});

test('the make-payment page links to the instant payment page', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/billing');
  await page.getByRole('link', { name: "Pay instantly by card on our payment provider's page" }).click();
  await expect(page).toHaveURL(/\/billing\/instant-payment$/);
});
