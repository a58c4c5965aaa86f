import { expect, test, type Page } from '@playwright/test';
import { layoutFaults } from './layout-checks.ts';
import { expectAccessible, followUserMenuLink, homeowner, signIn, signInQuickly } from './helpers.ts';

// Mimic mode: Summit's staff member opens the demo homeowner's page in the console, starts mimic
// mode with a reason and opens the owner's portal from the dialog's link in a new tab. That tab is
// the owner's (the console's tab stays the staff member's): every page shows the notice (whom, by
// whom, since when, the time left) and every change is refused with the mimic message. axe with the
// notice at 1280 and 390 px; End goes back to the owner's page in the console. The audit trail (as
// the admin, kind Mimic mode) shows the start, the refused changes and the end; the owner sees the
// visit under Profile.

const staff = { email: 'staff@example.com', password: 'Staff#2026' };
const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const refusedText = 'You are in mimic mode: you can see this account but not change anything in it.';
const paymentRefusedText = 'In mimic mode, payments, payment methods, recurring payments, auto-draft, the sign-in e-mail and password, votes and decisions are never changed: only the owner can do that.';
const reason = `Owner called about a payment ${Date.now()}`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function openOwnerPage(page: Page): Promise<string> {
  await page.goto('/manage/people');
  await page.getByLabel('Search people').fill('100234');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('[data-grid="company-people"]').getByRole('link', { name: 'Jordan Rivera' }).click();
  await expect(page).toHaveURL(/\/manage\/people\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The notice of a mimic tab: a region named "Mimic mode" whose status says whom and by whom. */
const notice = (page: Page) => page.getByRole('region', { name: 'Mimic mode', exact: true });

async function expectNotice(page: Page) {
  await expect(notice(page).getByRole('status')).toContainText('You are in mimic mode');
  await expect(notice(page).getByRole('status')).toContainText("You see Jordan Rivera's portal as they see it.");
  await expect(notice(page).getByRole('status')).toContainText(/Viewed by .+ \(Summit Community Management\) since /);
  await expect(notice(page).getByRole('timer')).toHaveText(/^Time left: (2\d|30):\d\d$/);
}

test('staff views the owner’s portal in mimic mode, read-only, and ends it; the trail and the owner see the visit', async ({ page, context, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, staff.email, staff.password);
  const ownerPage = await openOwnerPage(page);

  // The reason is asked for, and checked by its field and in the summary.
  await page.getByRole('button', { name: 'View as this owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'View the portal as Jordan Rivera' }).or(page.getByRole('alertdialog', { name: 'View the portal as Jordan Rivera' }));
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill('short');
  await dialog.getByRole('button', { name: 'Start mimic mode' }).click();
  await expect(dialog.getByText('The reason must be at least 10 characters long.').first()).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Start mimic mode' }).click();
  const open = dialog.getByRole('link', { name: "Open Jordan Rivera's portal" });
  await expect(open).toBeVisible();
  expect(await open.getAttribute('target')).toBe('_blank');
  expect(await open.getAttribute('href')).toMatch(/^\/mimic\/.+/);

  // The new tab: the owner's dashboard, with the notice.
  const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await tab.setViewportSize({ width: 1280, height: 900 });
  await expect(tab).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expectNotice(tab);
  await expect(tab.getByText(/Welcome, Jordan/).first()).toBeVisible();
  await expectAccessible(tab);
  expect(await layoutFaults(tab)).toEqual({ brokenWords: [], cutText: [], overlapping: [] });

  // The console's tab is still the staff member's, without a notice.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);

  // Another page: the profile. A change is refused with the mimic message.
  await followUserMenuLink(tab, 'Profile settings');
  await expect(tab).toHaveURL(/\/my\/profile-settings$/);
  await expectNotice(tab);
  const main = tab.getByRole('main');
  const directoryPhone = main.getByRole('checkbox', { name: 'Show my primary phone number in the directory' });
  await directoryPhone.setChecked(!(await directoryPhone.isChecked()));
  await main.getByRole('button', { name: 'Save preferences' }).click();
  await expect(tab.getByText(refusedText).first()).toBeVisible();
  await expect(tab.getByText('Preferences saved.')).toHaveCount(0);

  // A payment is refused too.
  await tab.goto('/billing');
  await expectNotice(tab);
  const picker = tab.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await tab.getByLabel(/Assessments/).check();
  await tab.getByLabel(/Saved card.*4242/).check();
  await tab.getByLabel('Amount', { exact: true }).fill('10');
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  // Payments are refused in mimic mode whatever the staff member's grants (MIM008).
  await expect(tab.getByText(paymentRefusedText).first()).toBeVisible();
  await expect(tab.getByText('Thank you. Your payment has been received.')).toHaveCount(0);

  // axe with the notice, wide and narrow; the frame's layout checks hold at both widths.
  await tab.goto('/dashboard');
  await expectNotice(tab);
  await expectAccessible(tab);
  await tab.setViewportSize({ width: 390, height: 844 });
  await expectNotice(tab);
  await expectAccessible(tab);
  expect(await layoutFaults(tab)).toEqual({ brokenWords: [], cutText: [], overlapping: [] });

  // End: back to the owner's page in the console, as the staff member, with no notice.
  await notice(tab).getByRole('button', { name: 'End' }).click();
  await expect(tab).toHaveURL(new RegExp(`${ownerPage}$`), { timeout: 30_000 });
  await expect(tab.getByRole('heading', { level: 1, name: 'Jordan Rivera' })).toBeVisible();
  await expect(notice(tab)).toHaveCount(0);
  await tab.close();

  // The audit trail, as the admin: the start, the refused changes and the end.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, manager.email, manager.password);
  await admin.goto('/manage/audit');
  const filters = admin.locator('form');
  await filters.getByLabel('Kind of change').selectOption({ label: 'Mimic mode' });
  await filters.getByRole('button', { name: 'Show entries' }).click();
  const rows = admin.locator('[data-grid="manage-audit"] .ag-row');
  await expect(rows.filter({ hasText: 'mimic.start' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'mimic.refused' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'mimic.end' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'mimic.start' }).first()).toContainText('homeowner@example.com');
  await expect(rows.filter({ hasNotText: /mimic\./ })).toHaveCount(0);
  await adminContext.close();

  // The owner sees the visit under Profile.
  // (A context of its own: axe needs one, and the owner's storage is not the staff member's.)
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signIn(owner, homeowner.email, homeowner.password);
  await owner.goto('/my/profile-settings');
  const visits = owner.getByRole('list', { name: 'Mimic mode visits' });
  await expect(visits.getByRole('listitem').filter({ hasText: reason })).toBeVisible();
  await expect(visits.getByRole('listitem').filter({ hasText: reason })).toContainText('Summit Community Management');
  await expectAccessible(owner);
  await ownerContext.close();
});

test('a hand-over link used twice is refused, with the way back to the console', async ({ page, context }) => {
  await signInQuickly(page, staff.email, staff.password);
  await openOwnerPage(page);
  await page.getByRole('button', { name: 'View as this owner' }).click();
  await page.getByLabel('Reason').fill('Checking the hand-over link is single use');
  await page.getByRole('button', { name: 'Start mimic mode' }).click();
  const open = page.getByRole('link', { name: "Open Jordan Rivera's portal" });
  const href = (await open.getAttribute('href'))!;
  const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await expect(tab).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await notice(tab).getByRole('button', { name: 'End' }).click();
  await expect(tab).toHaveURL(/\/manage\/people\/\d+$/);
  await tab.close();

  const again = await context.newPage();
  await again.goto(href);
  await expect(again.getByRole('heading', { name: 'This mimic session cannot be opened' })).toBeVisible();
  await expect(again.getByText('This mimic mode link has already been used, is more than a minute old, or its session has ended.')).toBeVisible();
  await expect(again.getByRole('link', { name: 'Back to the management console' })).toBeVisible();
  await expectAccessible(again);
});

test('the admin takes the mimic grant from a staff member, who is then refused, and gives it back', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, manager.email, manager.password);
  await page.goto('/manage/staff');
  const member = (email: string) => page.getByRole('list', { name: 'Staff members' }).getByRole('listitem').filter({ hasText: email });
  await expect(member(staff.email)).toContainText('May use mimic mode');
  // Never on the admin's own row.
  await expect(member(manager.email).getByRole('button', { name: /mimic mode/ })).toHaveCount(0);
  await member(staff.email).getByRole('button', { name: /^Take away mimic mode/ }).click();
  await expect(member(staff.email)).toContainText('No mimic mode');
  await expect(member(staff.email).getByRole('button', { name: /^Allow mimic mode/ })).toBeVisible();
  await expectAccessible(page);

  // Without the grant, the staff member's start is refused with the server's reason, in the dialog.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staffContext.newPage();
  await signInQuickly(staffPage, staff.email, staff.password);
  await openOwnerPage(staffPage);
  await staffPage.getByRole('button', { name: 'View as this owner' }).click();
  await staffPage.getByLabel('Reason').fill('Trying without the grant');
  await staffPage.getByRole('button', { name: 'Start mimic mode' }).click();
  await expect(staffPage.getByText('You may not use mimic mode. An admin of your company can allow it under Staff.')).toBeVisible();
  await expect(staffPage.getByRole('link', { name: "Open Jordan Rivera's portal" })).toHaveCount(0);
  await staffContext.close();

  await member(staff.email).getByRole('button', { name: /^Allow mimic mode/ }).click();
  await expect(member(staff.email)).toContainText('May use mimic mode');
});

test('an admin allowed to act on the owner’s behalf saves a change in mimic mode, recorded in the trail with the admin as the actor', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, manager.email, manager.password);
  await page.goto('/manage/people');
  await page.getByLabel('Search people').fill('paid@');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.locator('[data-grid="company-people"]').getByRole('link', { name: 'Morgan Lee' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Morgan Lee' })).toBeVisible();
  await page.getByRole('button', { name: 'View as this owner' }).click();
  await page.getByLabel('Reason').fill(`Owner asked us to update preferences ${Date.now()}`);
  await page.getByRole('button', { name: 'Start mimic mode' }).click();
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: "Open Morgan Lee's portal" }).click()]);
  await tab.setViewportSize({ width: 1280, height: 900 });
  await expect(tab).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(notice(tab).getByRole('status')).toContainText("You see Morgan Lee's portal as they see it.");

  // A preference saved on the owner's behalf goes through (and is put back the same way).
  await followUserMenuLink(tab, 'Profile settings');
  const main = tab.getByRole('main');
  const directoryPhone = main.getByRole('checkbox', { name: 'Show my primary phone number in the directory' });
  const before = await directoryPhone.isChecked();
  for (const value of [!before, before]) {
    await directoryPhone.setChecked(value);
    await main.getByRole('button', { name: 'Save preferences' }).click();
    await expect(tab.getByText('Preferences saved.').first()).toBeVisible();
    await expect(tab.getByText(refusedText)).toHaveCount(0);
  }

  await notice(tab).getByRole('button', { name: 'End' }).click();
  await expect(tab).toHaveURL(/\/manage\/people\/\d+$/, { timeout: 30_000 });
  await tab.close();

  // The trail names the change made on the owner's behalf, by the admin.
  await page.goto('/manage/audit');
  await page.locator('form').getByLabel('Kind of change').selectOption({ label: 'Mimic mode' });
  await page.locator('form').getByRole('button', { name: 'Show entries' }).click();
  const rows = page.locator('[data-grid="manage-audit"] .ag-row');
  await expect(rows.filter({ hasText: 'mimic.write' }).filter({ hasText: 'paid@example.com' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'mimic.write' }).first()).toContainText('Riley Chen');
});
