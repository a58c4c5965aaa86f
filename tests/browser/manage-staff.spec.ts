import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn, signInQuickly } from './helpers.ts';

// The console's staff page (/manage/staff) and the invitation page (/staff-invitation/:token).
// Summit's staff member sees the list only. Summit's admin invites a new person (the invitation shows
// as pending; a bad e-mail is refused by the field and in the summary); the invitee opens the mailed
// link in a fresh browser, sets name and password, signs in and reaches the console; the admin
// deactivates the new member after confirming, which ends their open session at once, and
// reactivates them. (The demo's staff@ is never deactivated here: other specs running alongside
// use their sessions.) Axe at 1280 and 390 px on both pages.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const staff = { email: 'staff@example.com', password: 'Staff#2026' };
const invitee = { email: 'new.person@example.com', password: 'Welcome#2026', firstName: 'Nia', lastName: 'Hart' };

test.describe.configure({ mode: 'serial' });

const toast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });
const member = (page: Page, email: string) => page.getByRole('main').getByRole('listitem').filter({ hasText: email });

async function openStaff(page: Page) {
  await page.goto('/manage/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(member(page, manager.email)).toBeVisible();
}

/** The invitation link mailed to an address, as a path of the portal. */
async function invitationPath(page: Page, email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mails = (await (await page.request.get('/dev/mailbox.json')).json()) as { to: string; text: string }[];
    const token = mails.find((mail) => mail.to === email)?.text.match(/\/staff-invitation\/([A-Za-z0-9_-]+)/)?.[1];
    if (token) return `/staff-invitation/${token}`;
    await page.waitForTimeout(250);
  }
  throw new Error(`no invitation mailed to ${email}`);
}

test('a staff member who is not an admin sees the list only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, staff.email, staff.password);
  await openStaff(page);
  await expect(member(page, staff.email)).toContainText('Staff');
  await expect(member(page, manager.email)).toContainText('Admin');
  await expect(page.getByRole('heading', { name: 'Invite a staff member' })).toHaveCount(0);
  await expect(page.getByLabel('E-mail address')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('button', { name: /^(Make admin|Make staff|Deactivate|Reactivate)/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });
});

test('the admin invites a new person, who joins from the mailed link; the admin deactivates them, ending their session', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, manager.email, manager.password);
  await page.goto('/manage');
  await page.getByRole('main').getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  // Never on the admin's own row.
  await expect(member(page, manager.email)).toContainText('You');
  await expect(member(page, manager.email).getByRole('button')).toHaveCount(0);
  await expect(member(page, staff.email).getByRole('button', { name: /^Make admin/ })).toBeVisible();
  await expectAccessible(page);

  // A bad e-mail: said by the field and in the summary; nothing is sent.
  const email = page.getByLabel(/^E-mail address/);
  await email.fill('not-an-address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText('Please enter a valid email address format.')).toHaveCount(2);
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('Please enter a valid email address format.');

  await email.fill(invitee.email);
  await page.getByRole('radio', { name: /^Staff/ }).check();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'Invitation sent')).toContainText(invitee.email);
  const pending = page.getByRole('main').getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem').filter({ hasText: invitee.email })).toContainText(/link expires/);
  // The form gave way to what was sent; asked for, it comes back empty.
  await expect(page.getByRole('main').getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Invite someone else' }).click();
  await expect(email).toHaveValue('');

  // The invitee, signed out in a fresh browser, opens the mailed link.
  const path = await invitationPath(page, invitee.email);
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.setViewportSize({ width: 1280, height: 900 });
  await inviteePage.goto(path);
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Set up your sign-in' })).toBeVisible();
  await expectAccessible(inviteePage);
  await inviteePage.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(inviteePage, { skipContrast: true });
  await inviteePage.getByLabel(/^First name/).fill(invitee.firstName);
  await inviteePage.getByLabel(/^Last name/).fill(invitee.lastName);
  await inviteePage.getByLabel(/^New password/).fill(invitee.password);
  await inviteePage.getByLabel(/^Confirm password/).fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Join the staff' }).click();
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'You are on the staff' })).toBeVisible();
  await expect(inviteePage.getByText(`Sign in with ${invitee.email}`)).toBeVisible();
  await inviteePage.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(inviteePage).toHaveURL(/\/login/);
  await signIn(inviteePage, invitee.email, invitee.password);
  await inviteePage.goto('/manage');
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Management console' })).toBeVisible();
  // The link works once.
  await inviteePage.evaluate(() => localStorage.removeItem('portal.token'));
  await inviteePage.goto(path);
  await inviteePage.getByLabel(/^First name/).fill(invitee.firstName);
  await inviteePage.getByLabel(/^Last name/).fill(invitee.lastName);
  await inviteePage.getByLabel(/^New password/).fill(invitee.password);
  await inviteePage.getByLabel(/^Confirm password/).fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Join the staff' }).click();
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
  await expect(inviteePage.getByText(/it was used, withdrawn or is more than 7 days old/)).toBeVisible();
  // Signed in again, the new member keeps the console open while the admin deactivates them.
  await signIn(inviteePage, invitee.email, invitee.password);
  await inviteePage.goto('/manage');
  await expect(inviteePage.getByRole('heading', { level: 1, name: 'Management console' })).toBeVisible();

  // The admin's list shows the new member; the invitation is no longer pending.
  await openStaff(page);
  await expect(member(page, invitee.email)).toContainText(`${invitee.firstName} ${invitee.lastName}`);
  await expect(pending.getByRole('listitem').filter({ hasText: invitee.email })).toHaveCount(0);

  // Deactivating the new member asks first, saying their sessions end at once.
  await member(page, invitee.email).getByRole('button', { name: /^Deactivate/ }).click();
  const confirming = page.getByRole('alertdialog');
  await expect(confirming).toContainText('signed out everywhere at once');
  await expectAccessible(page);
  await confirming.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirming).toHaveCount(0);
  await expect(member(page, invitee.email)).toContainText('Active');
  await member(page, invitee.email).getByRole('button', { name: /^Deactivate/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Staff member updated')).toBeVisible();
  await expect(member(page, invitee.email)).toContainText('Deactivated');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });

  // Their open session is over: the next page load lands on sign-in.
  await inviteePage.reload();
  await expect(inviteePage).toHaveURL(/\/login/);
  await inviteeContext.close();

  // Reactivated, they are active staff again.
  await member(page, invitee.email).getByRole('button', { name: /^Reactivate/ }).click();
  await expect(member(page, invitee.email)).toContainText('Active');
});
