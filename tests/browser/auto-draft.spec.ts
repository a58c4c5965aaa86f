import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// Auto-draft (/billing/auto-draft): an account with a balance is told to pay first; a paid-up
// account enrolls (each validation message on the way), changes the day in place, skips one draft,
// sees its signed authorization on the consent page and the enrollment on Manage payments, and
// removes it; at an association whose management company drafts, enrolling goes to that company.

// The tests of this file that enroll share the paid-up owner's Maple Grove account: one at a time.
test.describe.configure({ mode: 'serial' });

const paid = { email: 'paid@example.com', password: 'Paid#2026' };
const autopay = { email: 'autopay@example.com', password: 'Autopay#2026' };

async function selectProperty(page: Page, association: string, accountNumber: string) {
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: association }).getAttribute('value') ?? '');
  await expect(page.getByText(new RegExp(`account ${accountNumber}\\) at ${association}`))).toBeVisible();
}

/** What the enrollment's card shows for `label` (a term of its description list). */
function fact(page: Page, label: string) {
  return page.getByRole('main').locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function fillBank(page: Page, bank: { routing: string; name?: string; account: string; confirmation?: string; signature?: string }) {
  await page.getByLabel('Bank routing number').fill(bank.routing);
  if (bank.name !== undefined) await page.getByLabel('Bank name').fill(bank.name);
  await page.getByLabel('Bank account number', { exact: true }).fill(bank.account);
  await page.getByLabel('Confirm the bank account number').fill(bank.confirmation ?? bank.account);
  if (bank.signature !== undefined) await page.getByLabel('Electronic signature').fill(bank.signature);
}

test('an account with a balance is told to pay it before enrolling', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  await selectProperty(page, 'Maple Grove HOA', '100234');
  await page.goto('/billing/auto-draft');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auto-draft');
  await expect(page.getByText(/An account with a balance cannot enroll in auto-draft\. The balance of this account is \$[\d,.]+: pay it first/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enroll in auto-draft' })).toHaveCount(0);
  await expect(page.getByText(/written cancellation at least 14 calendar days before the next due date/)).toBeVisible();
  await expectAccessible(page);
});

test('a paid-up homeowner enrolls in auto-draft, changes it in place, skips one draft and removes it', async ({ page }) => {
  test.setTimeout(90_000);
  await signInQuickly(page, paid.email, paid.password);
  await selectProperty(page, 'Maple Grove HOA', '100235');
  await page.goto('/billing/manage-account');
  await expect(page.getByRole('heading', { name: 'Auto-draft', level: 2 })).toBeVisible();
  await expect(page.getByText('This account is not enrolled in auto-draft.')).toBeVisible();
  await page.getByRole('link', { name: 'Enroll in or change auto-draft' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Auto-draft');
  // The page's header names the account under the heading.
  await expect(page.getByRole('main').getByText(/^For .* \(account 100235\) at Maple Grove HOA\.$/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Enroll in auto-draft' }).click();
  // Every missing answer is named next to its field (and in the summary).
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  for (const message of ['Choose the month of the first draft.', 'Choose the day of the month.', 'Routing number is required', 'Bank name is required',
    'Account number is required', 'Please confirm the account number', 'Sign with your full name']) {
    await expect(page.getByText(message).first()).toBeVisible();
  }
  await expectAccessible(page);

  // The routing number: 9 digits, then its checksum; the account number and its confirmation must match.
  await fillBank(page, { routing: '11000000', name: 'First Community Bank', account: '000123456789', confirmation: '000123456780', signature: 'Morgan Lee' });
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await expect(page.getByText('Routing number must be 9 digits').first()).toBeVisible();
  await expect(page.getByText('Account numbers must match').first()).toBeVisible();
  await fillBank(page, { routing: '110000001', account: '12' });
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await expect(page.getByText('Routing number is not valid').first()).toBeVisible();
  await expect(page.getByText('Account number must be 4 to 17 digits').first()).toBeVisible();
  await expect(page.getByText('Account numbers must match')).toHaveCount(0);

  await page.getByRole('radio').first().check(); // the first month offered
  await page.getByLabel('Draft on day of the month').selectOption('5');
  await page.getByLabel('Checking').check();
  await fillBank(page, { routing: '110000000', account: '000123456789' });
  await page.getByRole('button', { name: 'Review the authorization' }).click();

  await expect(page.getByRole('heading', { name: 'Authorize auto-draft' })).toBeVisible();
  await expect(page.getByText(/14 calendar days/).first()).toBeVisible();
  await expect(page.getByText(/business day/).first()).toBeVisible();
  await expect(page.getByText('Signed by Morgan Lee.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I authorize these drafts' }).click();

  await expect(page.getByRole('heading', { name: 'Auto-draft for account 100235' })).toBeVisible();
  await expect(fact(page, 'Drafted by')).toHaveText('This portal');
  await expect(page.getByRole('main').getByText('Active', { exact: true })).toBeVisible();
  await expect(fact(page, 'Drafts')).toHaveText('Every month on day 5: the full balance due on the account');
  await expect(fact(page, 'From')).toHaveText(/^The checking account .*•••• 6789$/);
  const next = (await fact(page, 'Next draft').textContent()) ?? '';
  await expectAccessible(page);

  // Flexible: the day changes in place, without removing and enrolling again.
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByLabel('Draft on day of the month').selectOption('12');
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  // The new authorization is read before it is agreed to; nothing has changed yet.
  await expect(page.getByRole('heading', { name: 'Authorize the change to auto-draft for account 100235' })).toBeVisible();
  await expect(page.getByText(/on the 12th of each month/)).toBeVisible();
  await expect(page.getByText('Nothing changes until you agree.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I authorize these drafts' }).click();
  await expect(fact(page, 'Drafts')).toHaveText('Every month on day 12: the full balance due on the account');
  const moved = (await fact(page, 'Next draft').textContent()) ?? '';
  expect(moved).not.toBe(next);

  // Skip one: the next draft moves a month on.
  await page.getByRole('button', { name: 'Skip the next draft' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Skip the next draft?' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip it' }).click();
  await expect(fact(page, 'Next draft')).not.toHaveText(moved);
  await expect(fact(page, 'Next draft')).toHaveText(/\S/);

  // The signed authorization, word for word, on the consent page.
  await page.getByRole('link', { name: 'Payment consent' }).click();
  const consent = page.getByRole('list', { name: 'Your payment authorizations' });
  // Newest first: the authorization of the new day is in effect, the first one is kept as it was.
  const latest = consent.getByRole('listitem').first();
  await expect(latest.getByRole('heading', { name: 'Auto-draft for account 100235' })).toBeVisible();
  await expect(latest.getByText('In effect.')).toBeVisible();
  await expect(latest.getByText('Signed as Morgan Lee.')).toBeVisible();
  await expect(latest.getByText(/12th/).first()).toBeVisible();
  await expect(consent.getByText('No longer in effect: changed or removed since.')).toHaveCount(1);
  await expect(consent.getByText(/6789/).first()).toBeVisible();
  await expectAccessible(page);

  // Manage payments lists the enrollment with the rest.
  await page.goto('/billing/manage-account');
  const listed = page.getByRole('list', { name: 'Auto-draft' });
  await expect(listed).toContainText('•••• 6789');
  await expect(listed).toContainText('Active');
  await page.getByRole('link', { name: 'Enroll in or change auto-draft' }).click();

  // Removal says it cannot be undone; keep changes nothing.
  await page.getByRole('button', { name: 'Remove auto-draft' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove auto-draft?' });
  await expect(dialog).toContainText('Removal cannot be undone');
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('heading', { name: 'Auto-draft for account 100235' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove auto-draft' }).click();
  await page.getByRole('button', { name: 'Remove it' }).click();
  await expect(page.getByText('This account is not enrolled in auto-draft.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enroll in auto-draft' })).toBeVisible();
});

test('the demo enrollment of the autopay owner is shown', async ({ page }) => {
  await signInQuickly(page, autopay.email, autopay.password);
  await page.goto('/billing/auto-draft');
  await expect(page.getByRole('heading', { name: 'Auto-draft for account 100238' })).toBeVisible();
  await expect(fact(page, 'Drafts')).toHaveText('Every month on day 5: the full balance due on the account');
  await expect(fact(page, 'Drafted by')).toHaveText('This portal');
  await expectAccessible(page);
});

test('where the management company drafts, the enrollment goes to it', async ({ page }) => {
  await signInQuickly(page, paid.email, paid.password);
  await selectProperty(page, 'Cedar Point Condominiums', '200413');
  await page.goto('/billing/auto-draft');
  await expect(page.getByText('This account is not enrolled in auto-draft.')).toBeVisible();
  await page.getByRole('button', { name: 'Enroll in auto-draft' }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Draft on day of the month').selectOption('1');
  await page.getByLabel('Savings').check();
  await fillBank(page, { routing: '110000000', name: 'Harbor Savings', account: '000123456789', signature: 'Morgan Lee' });
  await page.getByRole('button', { name: 'Review the authorization' }).click();
  await expect(page.getByText(/management company/).first()).toBeVisible();
  await page.getByRole('button', { name: 'I authorize these drafts' }).click();
  await expect(fact(page, 'Drafted by')).toHaveText("Your management company's accounting system");
  await expect(fact(page, 'From')).toHaveText(/^The savings account .*•••• 6789$/);
  await expectAccessible(page);
});

test('a second tab enrolling the same account leaves the first tab\'s set-up alone; signed in both, the second is refused', async ({ page }) => {
  test.setTimeout(90_000);
  await signInQuickly(page, paid.email, paid.password);
  await selectProperty(page, 'Maple Grove HOA', '100235');
  async function reviewIn(tab: Page, day: string) {
    await tab.goto('/billing/auto-draft');
    await tab.getByRole('button', { name: 'Enroll in auto-draft' }).click();
    await tab.getByRole('radio').first().check();
    await tab.getByLabel('Draft on day of the month').selectOption(day);
    await tab.getByLabel('Checking').check();
    await fillBank(tab, { routing: '110000000', name: 'First Community Bank', account: '000123456789', signature: 'Morgan Lee' });
    await tab.getByRole('button', { name: 'Review the authorization' }).click();
    await expect(tab.getByRole('heading', { name: 'Authorize auto-draft' })).toBeVisible();
  }
  await reviewIn(page, '5');
  const second = await page.context().newPage();
  await reviewIn(second, '9');

  // The first tab's set-up is still there to sign.
  await page.getByRole('button', { name: 'I authorize these drafts' }).click();
  await expect(page.getByRole('heading', { name: 'Auto-draft for account 100235' })).toBeVisible();
  await expect(fact(page, 'Drafts')).toHaveText('Every month on day 5: the full balance due on the account');
  await expect(page.getByText('This auto-draft was removed.')).toHaveCount(0);

  // The second tab signs too: refused, and the first enrollment stands.
  await second.getByRole('button', { name: 'I authorize these drafts' }).click();
  await expect(second.getByText('This account already has a recurring payment or auto-draft. Change that one instead.')).toBeVisible();
  await expectAccessible(second);
  await second.close();

  // Manage payments: the enrollment, and the second tab's set-up to discard.
  await page.goto('/billing/manage-account');
  const listed = page.getByRole('list', { name: 'Auto-draft' });
  await expect(listed).toContainText('Active');
  await expect(listed).toContainText('Set up, not authorized yet');
  await listed.getByRole('button', { name: 'Discard the auto-draft that is not signed' }).click();
  await expect(page.getByText('The auto-draft that was not signed is discarded.')).toBeVisible();
  await expect(listed).not.toContainText('Set up, not authorized yet');

  await page.getByRole('link', { name: 'Enroll in or change auto-draft' }).click();
  await page.getByRole('button', { name: 'Remove auto-draft' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: /Remove/ }).click();
  await expect(page.getByText('This account is not enrolled in auto-draft.')).toBeVisible();
});

test('Manage payments resumes an auto-draft set-up left unsigned: its authorization, then signing enrolls it (refused while another is signed)', async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuickly(page, paid.email, paid.password);
  await selectProperty(page, 'Maple Grove HOA', '100235');
  async function reviewIn(tab: Page, day: string) {
    await tab.goto('/billing/auto-draft');
    await tab.getByRole('button', { name: 'Enroll in auto-draft' }).click();
    await tab.getByRole('radio').first().check();
    await tab.getByLabel('Draft on day of the month').selectOption(day);
    await tab.getByLabel('Checking').check();
    await fillBank(tab, { routing: '110000000', name: 'First Community Bank', account: '000123456789', signature: 'Morgan Lee' });
    await tab.getByRole('button', { name: 'Review the authorization' }).click();
    await expect(tab.getByRole('heading', { name: 'Authorize auto-draft' })).toBeVisible();
  }
  const listed = page.getByRole('list', { name: 'Auto-draft' });
  const resume = listed.getByRole('link', { name: 'Resume the auto-draft that is not signed' });
  async function resumeFromManagePayments() {
    await page.goto('/billing/manage-account');
    await expect(listed).toContainText('Set up, not authorized yet');
    await resume.click();
    await expect(page.getByRole('heading', { name: 'Authorize auto-draft' })).toBeVisible();
    await expect(page.getByText(/I authorize Maple Grove HOA .* on the 5th of each month, .*for account 100235/)).toBeVisible();
    await expect(page.getByText('Signed by Morgan Lee.')).toBeVisible();
  }

  // The review is left for another page, unsigned; meanwhile another tab enrolls the account.
  await reviewIn(page, '5');
  const second = await page.context().newPage();
  await reviewIn(second, '9');
  await second.getByRole('button', { name: 'I authorize these drafts' }).click();
  await expect(second.getByRole('heading', { name: 'Auto-draft for account 100235' })).toBeVisible();
  await second.close();

  // Resumed while the other is signed: its authorization, and signing it is refused as a fresh one would be.
  await resumeFromManagePayments();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I authorize these drafts' }).click();
  await expect(page.getByText('This account already has a recurring payment or auto-draft. Change that one instead.')).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(fact(page, 'Drafts')).toHaveText('Every month on day 9: the full balance due on the account');
  await page.getByRole('button', { name: 'Remove auto-draft' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: /Remove/ }).click();
  await expect(page.getByText('This account is not enrolled in auto-draft.')).toBeVisible();

  // Not now keeps it for later; resumed again and signed, it is the account's auto-draft.
  await resumeFromManagePayments();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByText('This account is not enrolled in auto-draft.')).toBeVisible();
  await resumeFromManagePayments();
  await page.getByRole('button', { name: 'I authorize these drafts' }).click();
  await expect(page.getByRole('heading', { name: 'Auto-draft for account 100235' })).toBeVisible();
  await expect(fact(page, 'Drafts')).toHaveText('Every month on day 5: the full balance due on the account');
  await page.goto('/billing/manage-account');
  await expect(listed).toContainText('Active');
  await expect(listed).not.toContainText('Set up, not authorized yet');
  await expect(resume).toHaveCount(0);

  await page.getByRole('link', { name: 'Enroll in or change auto-draft' }).click();
  await page.getByRole('button', { name: 'Remove auto-draft' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: /Remove/ }).click();
  await expect(page.getByText('This account is not enrolled in auto-draft.')).toBeVisible();
});
