import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

/** The application's today (its clock can be ahead of the machine's), plus `days`, as YYYY-MM-DD. */
async function appDatePlus(request: APIRequestContext, days: number): Promise<string> {
  const { now } = await (await request.get('/dev/clock')).json() as { now: string };
  return new Date(Date.parse(now) + days * 86_400_000).toISOString().slice(0, 10);
}

// The tests of this file share the demo homeowner's Maple Grove account: one at a time.
test.describe.configure({ mode: 'serial' });

const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What the listed recurring payments show for `label` (a term of their description lists). */
function fact(page: Page, label: string) {
  return page.getByRole('list', { name: 'Your recurring payments' }).locator('dt').filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function openRecurringAtMapleGrove(page: Page) {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await expect(page.getByText(/account 100234\) at Maple Grove HOA/)).toBeVisible();
  await page.goto('/billing/manage-account');
  await page.getByRole('link', { name: 'Recurring payments' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recurring payments');
}

test('a homeowner sets up a recurring payment, authorizes it, changes it in place, skips one and removes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await openRecurringAtMapleGrove(page);
  await expect(page.getByText('You have no recurring payments for this account.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Set up a recurring payment' }).click();
  // Each missing answer is named next to its field.
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await expect(page.getByText('Enter the date of the first payment.').first()).toBeVisible();
  await expect(page.getByText('Enter an amount greater than $0.00.').first()).toBeVisible();

  const start = await appDatePlus(request, 10);
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel(/Saved card.*4242/).check();
  await page.getByLabel('Every month').check();
  await page.getByLabel('First payment').fill(start);
  await page.getByLabel('A fixed amount').check();
  await page.getByLabel('Amount each time').fill('50');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Review the authorization' }).click();

  await expect(page.getByRole('heading', { name: 'Authorize the recurring payment' })).toBeVisible();
  await expect(page.getByText(/4242/).first()).toBeVisible();
  await expect(page.getByText(/8:00 pm Eastern/).first()).toBeVisible();
  await page.getByRole('button', { name: 'I authorize these payments' }).click();

  const day = Number(start.slice(8, 10));
  await expect(fact(page, 'How often')).toHaveText(new RegExp(`^Every month on day ${day}$`));
  await expect(fact(page, 'Amount')).toHaveText('$50.00 each time');
  await expect(fact(page, 'Next payment')).toHaveText(longDate(start));
  await expect(page.getByRole('list', { name: 'Your recurring payments' }).getByText('Active', { exact: true })).toBeVisible();
  // With one listed, the button to set up another is under the list (the empty state's is gone): one of it.
  await expect(page.getByRole('button', { name: 'Set up a recurring payment' })).toHaveCount(1);
  // Listed with its account and association, not by the name of its part alone.
  await expect(fact(page, 'Account')).toHaveText('100234');
  await expect(fact(page, 'Association')).toHaveText('Maple Grove HOA');
  await expectAccessible(page);

  // The consent given is shown again, word for word.
  await page.getByRole('link', { name: 'Payment consent' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment consent');
  const consent = page.getByRole('list', { name: 'Your payment authorizations' });
  await expect(consent.getByRole('heading', { name: 'Recurring payment for Assessments' })).toBeVisible();
  await expect(consent.getByText('In effect.')).toBeVisible();
  await expect(consent.getByText(/I authorize Maple Grove HOA .* Visa card ending in 4242 every month/)).toBeVisible();
  await expect(consent.getByText(/^Agreed to by .+ on .+\.$/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Recurring payments' }).click();
  await expect(fact(page, 'Amount')).toHaveText('$50.00 each time');

  // Flexible autopay: the amount rule changes in place, no removal and new setup.
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByLabel('A percentage of the balance').check();
  await page.getByLabel('Percentage of the balance', { exact: true }).fill('25');
  await page.getByLabel('At most (optional)').fill('100');
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  // The new authorization is read before it is agreed to; until then nothing has changed.
  await expect(page.getByRole('heading', { name: 'Authorize the change to the recurring payment for Assessments' })).toBeVisible();
  await expect(page.getByText(/I authorize Maple Grove HOA .*: 25% of the balance due on the payment date, rounded to the cent, up to \$100\.00\./)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(fact(page, 'Amount')).toHaveText('$50.00 each time');
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByLabel('A percentage of the balance').check();
  await page.getByLabel('Percentage of the balance', { exact: true }).fill('25');
  await page.getByLabel('At most (optional)').fill('100');
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await page.getByRole('button', { name: 'I authorize these payments' }).click();
  await expect(fact(page, 'Amount')).toHaveText('25 % of the balance on the day');
  await expect(fact(page, 'At most')).toHaveText('$100.00 each time');

  // Skip one: the next payment moves a month on.
  await page.getByRole('button', { name: 'Skip the next payment' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Skip the next payment?' })).toContainText(longDate(start));
  await page.getByRole('button', { name: 'Skip it' }).click();
  await expect(fact(page, 'Next payment')).not.toHaveText(longDate(start));
  await expect(fact(page, 'Next payment')).toHaveText(/\S/);

  // Manage payments lists it, and removing the card it is paid from would say it removes it too.
  await page.getByRole('link', { name: 'Manage payments' }).click();
  const listed = page.getByRole('list', { name: 'Recurring payments' });
  await expect(listed).toContainText('Assessments');
  await expect(listed).toContainText('Active');
  await page.getByRole('button', { name: 'Remove •••• 4242' }).click();
  const methodRemoval = page.getByRole('alertdialog', { name: 'Remove this payment method?' });
  await expect(methodRemoval).toContainText('Recurring payments that will be removed, with their next payment:');
  await expect(methodRemoval.getByRole('region', { name: /Recurring payments that will be removed/ })).toContainText('Assessments');
  await methodRemoval.getByRole('button', { name: 'Keep' }).click();
  await page.getByRole('link', { name: 'Set up or change recurring payments' }).click();

  // Removal says it cannot be undone; keeping it changes nothing.
  await page.getByRole('button', { name: 'Remove' }).click();
  const removal = page.getByRole('alertdialog', { name: 'Remove this recurring payment?' });
  await expect(removal).toContainText('cannot be undone');
  await removal.getByRole('button', { name: 'Keep it' }).click();
  await expect(fact(page, 'Amount')).toHaveText('25 % of the balance on the day');
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Remove it' }).click();
  await expect(page.getByText('You have no recurring payments for this account.')).toBeVisible();
});

test('a refused first payment date is named by its field and in the error summary', async ({ page, request }) => {
  await openRecurringAtMapleGrove(page);
  await page.getByRole('button', { name: 'Set up a recurring payment' }).click();
  await page.getByLabel(/Late fees/).check();
  await page.getByLabel(/Saved card.*4242/).check();
  // Today (in New York, by the application's clock) is a valid date for the form; only the server knows it is not after today.
  const { now } = await (await request.get('/dev/clock')).json() as { now: string };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(now));
  await page.getByLabel('First payment').fill(today);
  await page.getByLabel('The full balance').check();
  await page.getByRole('button', { name: 'Review the authorization' }).click();

  const message = /The first payment date must be after today/;
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
  await expect(summary.getByRole('link', { name: /^First payment: The first payment date must be after today/ })).toBeVisible();
  const field = page.locator('[data-field$="_startDate"]');
  await expect(field.getByText(message)).toBeVisible();
  await expect(page.getByText('Some of the information sent was not valid.')).toHaveCount(0);
  await expectAccessible(page);

  // A maximum larger than any payment is refused by the form itself, by its field.
  await page.getByLabel('At most (optional)').fill('2000000000');
  await page.getByLabel('First payment').fill(await appDatePlus(request, 10));
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await expect(page.locator('[data-field$="_maximumCents"]').getByText('Enter at most $1,000,000,000.00.')).toBeVisible();
  await expect(page.getByText(message)).toHaveCount(0);
});

test('a review left without an answer blocks nothing: Manage payments resumes it to authorize, or discards it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openRecurringAtMapleGrove(page);
  async function setUpLateFees(amount: string, days: number) {
    await page.getByRole('button', { name: 'Set up a recurring payment' }).click();
    await page.getByLabel(/Late fees/).check();
    await page.getByLabel(/Saved card.*4242/).check();
    await page.getByLabel('Every month').check();
    await page.getByLabel('First payment').fill(await appDatePlus(request, days));
    await page.getByLabel('A fixed amount').check();
    await page.getByLabel('Amount each time').fill(amount);
    await page.getByRole('button', { name: 'Review the authorization' }).click();
    await expect(page.getByRole('heading', { name: 'Authorize the recurring payment' })).toBeVisible();
    await expect(page.getByText(new RegExp(`\\$${amount}\\.00`)).first()).toBeVisible();
  }

  // The review is left for another page, without 'I authorize' or 'Not now'.
  await setUpLateFees('20', 12);
  await page.goto('/billing/manage-account');
  const listed = page.getByRole('list', { name: 'Recurring payments' });
  await expect(listed).toContainText('Set up, not authorized yet');
  await expect(listed.getByRole('button', { name: 'Resume the recurring payment set up for Late fees' })).toBeVisible();
  await expect(listed.getByRole('button', { name: 'Discard the recurring payment set up for Late fees' })).toBeVisible();

  // It holds nothing: another one on the same part of the account is set up as usual.
  await page.getByRole('link', { name: 'Set up or change recurring payments' }).click();
  await expect(page.getByText('You have no recurring payments for this account.')).toBeVisible();
  await setUpLateFees('30', 14);
  await expect(page.getByText('This account already has a recurring payment or auto-draft')).toHaveCount(0);
  await page.goto('/billing/manage-account');
  await expect(listed.getByRole('button', { name: 'Discard the recurring payment set up for Late fees' })).toHaveCount(2);

  // Discard the first; resume the other, read its authorization and agree to it.
  await listed.getByRole('button', { name: 'Discard the recurring payment set up for Late fees' }).first().click();
  await expect(page.getByText('The recurring payment that was not authorized is discarded.')).toBeVisible();
  await expect(listed.getByRole('button', { name: 'Discard the recurring payment set up for Late fees' })).toHaveCount(1);
  await expectAccessible(page);
  await listed.getByRole('button', { name: 'Resume the recurring payment set up for Late fees' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize the recurring payment' })).toBeVisible();
  await expect(page.getByText(/I authorize Maple Grove HOA .* Visa card ending in 4242 every month .*\(Late fees\): \$30\.00/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I authorize these payments' }).click();
  await expect(page.getByText('Your recurring payment is set up. We sent you a copy of the authorization.')).toBeVisible();
  await expect(listed).toContainText('Active');
  await expect(listed).not.toContainText('Set up, not authorized yet');

  await page.getByRole('link', { name: 'Set up or change recurring payments' }).click();
  await expect(fact(page, 'Amount')).toHaveText('$30.00 each time');
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Remove it' }).click();
  await expect(page.getByText('You have no recurring payments for this account.')).toBeVisible();
});
