import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signIn, signInQuickly, enterCard } from './helpers.ts';

// These tests move the server's clock: one at a time, in this order.
test.describe.configure({ mode: 'serial' });

async function chooseMapleGrove(page: Page) {
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await expect(page.getByText(/account 100234\)/).first()).toBeVisible();
}

/** Other specs pay this account too, so a duplicate warning may come up first; the owner continues. */
async function continueIfWarned(page: Page, outcome: Locator) {
  const proceed = page.getByRole('button', { name: 'Continue anyway' });
  await expect(proceed.or(outcome)).toBeVisible();
  if (await proceed.isVisible()) await proceed.click();
  await expect(outcome).toBeVisible();
}


// One signed-in owner's payments build on each other (duplicate warnings depend on what came
// before), so they run in order in one test.
test('a homeowner pays with the saved card, a new card, on a future date processed by the clock, and removes a method', async ({ page, request }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await page.getByRole('link', { name: 'Make a payment' }).first().click();
  await expect(page.getByRole('heading', { name: 'Make a payment', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Saved Visa, today: the fee (2.95 %) is shown as the amount is typed.
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel(/Saved card.*4242/).check();
  await page.getByLabel('Amount', { exact: true }).fill('10');
  const quote = page.getByRole('region', { name: 'Amount, fee and total' });
  await expect(quote).toContainText('$0.30');
  await expect(quote).toContainText('$10.30');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await continueIfWarned(page, page.getByText('Thank you. Your payment has been received.'));
  const confirmation = page.getByRole('region', { name: 'Payment confirmation' });
  await expect(confirmation).toContainText(/CP-[A-Z0-9]{8}/);
  await expect(confirmation).toContainText('$10.30');
  await expectAccessible(page);

  // A second payment within 12 hours warns of a duplicate; the owner may continue. A new card.
  await page.getByRole('button', { name: 'Make another payment' }).click();
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel('A new card').check();
  await page.getByLabel('Amount', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await enterCard(page, '5555 5555 5555 4444');
  await expect(page.getByRole('alertdialog', { name: 'Possible duplicate payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue anyway' }).click();
  await expect(page.getByText('Thank you. Your payment has been received.')).toBeVisible();

  // A declined card leaves the form with a clear message.
  await page.getByRole('button', { name: 'Make another payment' }).click();
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel('A new card').check();
  await page.getByLabel('Amount', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await enterCard(page, '4000 0000 0000 0002');
  await continueIfWarned(page, page.getByRole('alert').filter({ hasText: 'Your card was declined.' }));

  // Future-dated with the saved Visa: listed, then processed once the clock passes its date.
  await page.reload();
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel(/Saved card.*4242/).check();
  await page.getByLabel('Amount', { exact: true }).fill('7');
  await page.getByLabel('On a later date').check();
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Payment date').fill(inThreeDays);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await continueIfWarned(page, page.getByText(/Your payment is scheduled for/));

  await page.goto('/billing/manage-account');
  await expect(page.getByRole('list', { name: 'Scheduled one-time payments' }).getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page);
  // Editable until processed: $8.00 at 2.95 % is $8.24 in all.
  await page.getByRole('button', { name: 'Change this payment' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('8');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Scheduled payment changed.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Scheduled one-time payments' })).toContainText('$8.24');
  const advanced = await request.post('/dev/clock/advance', { data: { days: 4 } });
  expect(advanced.ok()).toBe(true);
  // Four days later the session has expired too: sign in again.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await page.goto('/billing/manage-account');
  await expect(page.getByText('No scheduled payments.')).toBeVisible();

  // Removing a method asks first and says what it cancels.
  const methods = page.getByRole('list', { name: 'Saved payment methods' }).getByRole('listitem');
  const before = await methods.count();
  await page.getByRole('button', { name: 'Remove •••• 4444' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove this payment method?' })).toContainText('0 scheduled payment(s)');
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(methods).toHaveCount(before - 1);
});

test('a board member without an account is told there is nothing to pay here', async ({ page }) => {
  await signIn(page, 'board@example.com', 'Board#2026');
  await page.goto('/billing');
  await expect(page.getByText(/There is no account to pay for the selected property/)).toBeVisible();
  await expectAccessible(page);
});

test('an owner with nothing to pay sees the balance and recent activity instead of the form', async ({ page }) => {
  await signIn(page, 'paid@example.com', 'Paid#2026');
  await page.getByRole('link', { name: 'Make a payment' }).first().click();
  await expect(page.getByText('Your balance is $0.00. No payment is needed right now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  await expectAccessible(page);
});

test('a bank payment shows in the account history at once as pending, then settled after 3 business days', async ({ page, request }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Cedar Point' }).getAttribute('value') ?? '');
  await page.getByRole('link', { name: 'Make a payment' }).first().click();
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel('A new bank account').check();
  await page.getByLabel('Amount', { exact: true }).fill('12.34');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const frame = page.frameLocator('iframe[title="Secure payment details entry"]');
  await frame.getByLabel('Routing number').fill('110000000');
  await frame.getByLabel('Account number').fill('000123456789');
  await frame.getByLabel('Account holder name').fill('Jordan Rivera');
  await frame.getByRole('button', { name: 'Save bank account' }).click();
  await continueIfWarned(page, page.getByText('Thank you. Your payment has been received.'));
  const number = (await page.getByRole('region', { name: 'Payment confirmation' }).innerText()).match(/CP-[A-Z0-9]{8}/)?.[0];
  expect(number).toBeTruthy();

  await page.goto('/billing/account-history');
  const row = page.getByRole('row').filter({ hasText: number! });
  await expect(row).toContainText('Pending');

  expect((await request.post('/dev/clock/advance', { data: { days: 5 } })).ok()).toBe(true);
  await signInQuickly(page, homeowner.email, homeowner.password);
  await picker.selectOption(await picker.locator('option', { hasText: 'Cedar Point' }).getAttribute('value') ?? '');
  await page.goto('/billing/account-history');
  await expect(page.getByRole('row').filter({ hasText: number! })).toContainText('Settled');
});
