import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectBefore, homeowner, signIn, signInQuickly, enterCard } from './helpers.ts';

// These tests move the server's clock: one at a time, in this order.
test.describe.configure({ mode: 'serial' });

async function chooseMapleGrove(page: Page) {
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await expect(page.getByText(/account 100234\)/).first()).toBeVisible();
}

/** Other specs pay this account too, so a duplicate warning may come up first; the owner continues. */
/** What the listed recurring payments show for `label` (a term of their description lists). */
function recurringFact(page: Page, label: string) {
  return page.getByRole('list', { name: 'Your recurring payments' }).locator('dt').filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function continueIfWarned(page: Page, outcome: Locator) {
  const proceed = page.getByRole('button', { name: 'Continue anyway' });
  await expect(proceed.or(outcome)).toBeVisible();
  if (await proceed.isVisible()) await proceed.click();
  await expect(outcome).toBeVisible();
}

/** The provider's framed page is shown whole: the frame is as tall as the page's content (within a pixel). */
async function expectFrameFitsPage(page: Page) {
  const iframe = page.locator('iframe[title="Secure payment details entry"]');
  await expect.poll(() => iframe.evaluate((element: HTMLIFrameElement) => {
    const inner = element.contentDocument?.body;
    return inner ? Math.abs(Math.ceil(inner.getBoundingClientRect().height) - element.clientHeight) : -1;
  })).toBeLessThanOrEqual(1);
  expect(await iframe.evaluate((element: HTMLIFrameElement) => {
    const root = element.contentDocument!.documentElement;
    return root.scrollHeight > root.clientHeight;
  })).toBe(false);
}

// One signed-in owner's payments build on each other (duplicate warnings depend on what came
// before), so they run in order in one test.
test('a homeowner pays with the saved card, a new card, on a future date processed by the clock, and removes a method', async ({ page, request }) => {
  // Several payments, a clock move and a second sign-in: longer than one screen's test.
  test.setTimeout(120_000);
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
  // Pay charges the saved card at once: amount, fee and total are read before the button.
  await expect(quote).toContainText('Amount$10.00');
  await expect(quote).toContainText('Processing fee$0.30');
  await expectBefore(quote, page.getByRole('button', { name: 'Pay', exact: true }));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await continueIfWarned(page, page.getByText('Thank you. Your payment has been received.'));
  const confirmation = page.getByRole('region', { name: 'Payment confirmation' });
  await expect(confirmation).toContainText(/CP-[A-Z0-9]{8}/);
  await expect(confirmation).toContainText('$10.30');
  await expectAccessible(page);

  // A second payment within 12 hours warns of a duplicate; the owner may continue. A new card.
  // A new card is kept only when asked: 'Save for future payments' is offered for a new method
  // paid today, and is off until ticked.
  await page.getByRole('button', { name: 'Make another payment' }).click();
  await page.getByLabel(/Assessments/).check();
  const keep = page.getByRole('checkbox', { name: 'Save for future payments' });
  await expect(keep).toHaveCount(0);
  await page.getByLabel('A new card').check();
  await expect(keep).toBeVisible();
  await expect(keep).not.toBeChecked();
  await page.getByLabel('On a later date').check();
  await expect(keep).toHaveCount(0);
  await page.getByLabel('Today').check();
  await keep.check();
  await page.getByLabel('Amount', { exact: true }).fill('5');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Possible duplicate payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue anyway' }).click();
  await enterCard(page, '5555 5555 5555 4444');
  await expect(page.getByText('Thank you. Your payment has been received.')).toBeVisible();

  // A declined card leaves the form with a clear message, and is not kept though 'Save' was ticked.
  await page.getByRole('button', { name: 'Make another payment' }).click();
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel('A new card').check();
  await keep.check();
  await page.getByLabel('Amount', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await continueIfWarned(page, page.locator('iframe[title="Secure payment details entry"]'));
  await enterCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();

  // Future-dated with the saved Visa: listed, then processed once the clock passes its date.
  await page.reload();
  await page.getByLabel(/Assessments/).check();
  // The Mastercard the owner asked to keep is offered; the declined card is not.
  await expect(page.getByLabel(/Saved card.*4444/)).toBeVisible();
  await expect(page.getByLabel(/Saved card.*0002/)).toHaveCount(0);
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
  // Editable until 8:00pm Eastern Time the day before: $8.00 at 2.95 % is $8.24 in all.
  await expect(page.getByText('You can change or cancel a scheduled payment until 8:00pm Eastern Time the day before it is due.')).toBeVisible();
  await page.getByRole('button', { name: 'Change this payment' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('8');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Scheduled payment changed.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Scheduled one-time payments' })).toContainText('$8.24');
  const advanced = await request.post('/dev/clock/advance', { data: { days: 4 } });
  expect(advanced.ok()).toBe(true);
  // The demo clock moves payment dates, never sessions: four days on, the homeowner is still signed in
  // and the payment has been processed.
  await page.reload();
  await expect(page).toHaveURL(/\/billing\/manage-account$/);
  await expect(page.getByText('No scheduled payments.')).toBeVisible();

  // Removing a method asks first and says what it cancels.
  const methods = page.getByRole('list', { name: 'Saved payment methods' }).getByRole('listitem');
  const before = await methods.count();
  await page.getByRole('button', { name: 'Remove •••• 4444' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove this payment method?' })).toContainText('0 scheduled or recurring payment(s)');
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(methods).toHaveCount(before - 1);
});

test('a board member without an account is told there is nothing to pay here', async ({ page }) => {
  await signIn(page, 'board@example.com', 'Board#2026');
  await page.goto('/billing');
  await expect(page.getByText(/You have no property account at Maple Grove HOA, so there is nothing to pay/)).toBeVisible();
  await expectAccessible(page);
});

test('an owner with nothing to pay sees the balance and recent activity instead of the form', async ({ page }) => {
  await signIn(page, 'paid@example.com', 'Paid#2026');
  // The paid-up owner also has an account at Cedar Point (listed first): this is about Maple Grove's.
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await expect(page.getByText(/account 100235\) at Maple Grove HOA/)).toBeVisible();
  await page.getByRole('link', { name: 'Make a payment' }).first().click();
  await expect(page.getByText('Your balance is $0.00. No payment is needed right now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  // The account's ledger holds a $200.00 payment imported with the account: recent activity shows it.
  const activity = page.getByRole('list', { name: 'Recent activity' });
  await expect(activity.getByRole('listitem').first()).toContainText(/: \$200\.00 \(settled\)/);
  await expect(page.getByText('No recent payments.')).toHaveCount(0);
  await expectAccessible(page);
});

test('a bank payment shows in the account history at once as pending, then settled after 3 business days', async ({ page, request }) => {
  // A payment, a clock move and a second sign-in.
  test.setTimeout(90_000);
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Cedar Point' }).getAttribute('value') ?? '');
  await page.getByRole('link', { name: 'Make a payment' }).first().click();
  await page.getByLabel(/Assessments/).check();
  await page.getByLabel('A new bank account').check();
  await page.getByLabel('Amount', { exact: true }).fill('12.34');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await continueIfWarned(page, page.locator('iframe[title="Secure payment details entry"]'));
  const frame = page.frameLocator('iframe[title="Secure payment details entry"]');
  await expect(frame.getByLabel('Routing number')).toBeVisible();
  // Beside the provider's frame: what will be taken (Cedar Point's bank payments are free).
  const beside = page.getByRole('region', { name: 'Amount, fee and total' });
  await expect(beside).toContainText('Processing fee$0.00');
  await expect(beside).toContainText('Total$12.34');
  // The frame fits its page, also once errors make the page taller: no scroll bar inside it.
  await expectFrameFitsPage(page);
  await frame.getByRole('button', { name: 'Pay $12.34' }).click();
  await expect(frame.getByRole('alert')).toBeVisible();
  await expectFrameFitsPage(page);
  await expectAccessible(page);
  await frame.getByLabel('Routing number').fill('110000000');
  await frame.getByLabel('Account number').fill('000123456789');
  await frame.getByLabel('Account holder name').fill('Jordan Rivera');
  await frame.getByRole('button', { name: 'Pay $12.34' }).click();
  await expect(page.getByText('Thank you. Your payment has been received.')).toBeVisible();
  await expect(page.getByText('Bank payments take 3-5 business days to complete.')).toBeVisible();
  await expectAccessible(page);
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

test('a recurring payment is locked from 8:00 pm Eastern the day before it is due, then charged once on its date', async ({ page, request }) => {
  test.setTimeout(90_000);
  const clockNow = async () => Date.parse(((await (await request.get('/dev/clock')).json()) as { now: string }).now);
  const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const openRecurring = async () => {
    await signInQuickly(page, homeowner.email, homeowner.password);
    await chooseMapleGrove(page);
    await page.goto('/billing/recurring-payments');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recurring payments');
  };
  // The first payment two days ahead, as New York counts days.
  const newYorkDate = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const start = newYorkDate(await clockNow() + 2 * 86_400_000);

  await openRecurring();
  await page.getByRole('button', { name: 'Set up a recurring payment' }).click();
  await page.getByLabel(/Late fees/).check();
  await page.getByLabel(/Saved card.*4242/).check();
  await page.getByLabel('Every month').check();
  await page.getByLabel('First payment').fill(start);
  await page.getByLabel('A fixed amount').check();
  await page.getByLabel('Amount each time').fill('1');
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await page.getByRole('button', { name: 'I authorize these payments' }).click();
  await expect(recurringFact(page, 'Next payment')).toHaveText(longDate(start));
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();

  // 9:00 pm New York time the day before (EST or EDT: 01:00 or 02:00 UTC on the day): locked, not yet charged.
  const nineInTheEvening = Date.parse(`${start}T02:00:00Z`);
  const hours = Math.ceil((nineInTheEvening - await clockNow()) / 3_600_000);
  expect((await request.post('/dev/clock/advance', { data: { hours } })).ok()).toBe(true);
  await openRecurring();
  await expect(page.getByText(/being prepared: it can no longer be changed/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(recurringFact(page, 'Next payment')).toHaveText(longDate(start));

  // On its date the server charges it once, and the schedule moves a month on.
  expect((await request.post('/dev/clock/advance', { data: { hours: 12 } })).ok()).toBe(true);
  await openRecurring();
  await expect(recurringFact(page, 'Last payment')).toHaveText(`$1.00 on ${longDate(start)}`);
  await expect(recurringFact(page, 'Next payment')).not.toHaveText(longDate(start));
  await expectAccessible(page);
  // Removed, so that nothing else in these tests is charged by it.
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Remove it' }).click();
  await expect(page.getByText('You have no recurring payments for this account.')).toBeVisible();
});

test('two declined payments in a row pause a recurring payment; Manage payments shows it paused and resumes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const clockNow = async () => Date.parse(((await (await request.get('/dev/clock')).json()) as { now: string }).now);
  const newYorkDate = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);

  // A card the sandbox declines at every charge, saved on Manage payments.
  await page.goto('/billing/manage-account');
  await page.getByRole('button', { name: 'Add a card' }).click();
  await enterCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('button', { name: 'Remove •••• 0002' })).toBeVisible();

  // A monthly $1.00 payment of the late fees from it, first due in two days.
  const start = newYorkDate(await clockNow() + 2 * 86_400_000);
  await page.goto('/billing/recurring-payments');
  await page.getByRole('button', { name: 'Set up a recurring payment' }).click();
  await page.getByLabel(/Late fees/).check();
  await page.getByLabel(/Saved card.*0002/).check();
  await page.getByLabel('Every month').check();
  await page.getByLabel('First payment').fill(start);
  await page.getByLabel('A fixed amount').check();
  await page.getByLabel('Amount each time').fill('1');
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await page.getByRole('button', { name: 'I authorize these payments' }).click();
  await expect(recurringFact(page, 'Next payment')).toHaveText(/\S/);

  // Its first date, then a month on: declined twice, so it pauses.
  expect((await request.post('/dev/clock/advance', { data: { days: 3 } })).ok()).toBe(true);
  expect((await request.post('/dev/clock/advance', { data: { days: 31 } })).ok()).toBe(true);
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await page.goto('/billing/manage-account');
  const listed = page.getByRole('list', { name: 'Recurring payments' });
  await expect(listed).toContainText('Late fees');
  await expect(listed).toContainText('Paused after two failed payments in a row');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Resume the recurring payment for Late fees' }).click();
  await expect(page.getByText('The recurring payment is active again.')).toBeVisible();
  await expect(listed).toContainText('Active');
  await expect(page.getByRole('button', { name: 'Resume the recurring payment for Late fees' })).toHaveCount(0);

  // Removing the card removes the schedule with it, and the dialog says so by name.
  await page.getByRole('button', { name: 'Remove •••• 0002' }).click();
  const removal = page.getByRole('alertdialog', { name: 'Remove this payment method?' });
  await expect(removal.getByRole('region', { name: /Recurring payments that will be removed/ })).toContainText('Late fees');
  await removal.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Remove •••• 0002' })).toHaveCount(0);
  await expect(page.getByText('No recurring payments for this account.')).toBeVisible();
});
