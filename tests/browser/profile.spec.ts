import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, latestCode, signIn, signInQuickly, uniqueEmail, followUserMenuLink } from './helpers.ts';

// Profile settings (/my/profile-settings): contacts, addresses, login information and preferences,
// each with its validation messages; leaving with unsaved changes asks first; the directory shows
// of a resident only what their preferences allow. Each test signs in as its own demo resident of
// Maple Grove, so that no other test sees its changes.

const password = 'Resident#2026';

async function openProfile(page: Page, email: string) {
  await signInQuickly(page, email, password);
  await followUserMenuLink(page, 'Profile settings');
  await expect(page).toHaveURL(/\/my\/profile-settings$/);
  await expect(page.getByRole('heading', { name: 'Contact information', level: 2 })).toBeVisible();
}

test('contacts and addresses: each validation message, then saved; removing asks first', async ({ page }) => {
  // One story through both lists with four accessibility scans: longer than most.
  test.setTimeout(90_000);
  await openProfile(page, 'ben.carter@example.com');
  const main = page.getByRole('main');
  await expectAccessible(page);
  // Each section is a region named by its heading; the primary e-mail address says so in words.
  await expect(main.getByRole('region', { name: 'Contact information' })).toContainText('Primary e-mail address');
  await expect(main.getByRole('region', { name: 'Preferences' })).toBeVisible();

  await main.getByRole('button', { name: 'Add a phone number' }).click();
  await main.getByRole('button', { name: 'Save contact' }).click();
  const summary = main.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Label is required.');
  await expect(summary).toContainText('Phone number is required.');
  await main.getByRole('textbox', { name: 'Label' }).fill('Cell');
  await main.getByRole('textbox', { name: 'Phone number' }).fill('555-12');
  await main.getByRole('button', { name: 'Save contact' }).click();
  await expect(main.getByText('Invalid phone number').first()).toBeVisible();
  await expectAccessible(page);
  await main.getByRole('textbox', { name: 'Phone number' }).fill('(404) 555-0177');
  await main.getByRole('radio', { name: 'Text messages' }).check();
  await main.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Contact added.')).toBeVisible();
  const cell = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cell', level: 3 }) });
  await expect(cell).toContainText('(404) 555-0177');
  await expect(cell).toContainText('Text messages to this number');

  await main.getByRole('button', { name: 'Add an e-mail address' }).click();
  await main.getByRole('textbox', { name: 'Label' }).fill('Personal');
  await main.getByRole('textbox', { name: 'E-mail address' }).fill('ben@');
  await main.getByRole('button', { name: 'Save contact' }).click();
  await expect(main.getByText('Please enter a valid email address format.').first()).toBeVisible();
  await main.getByRole('button', { name: 'Cancel' }).click();

  await main.getByRole('button', { name: 'Add a mailing address' }).click();
  await main.getByRole('button', { name: 'Save address' }).click();
  for (const message of ['Label is required.', 'Street is required.', 'City is required.', 'State is required.', 'Zip code is required.']) {
    await expect(summary).toContainText(message);
  }
  await main.getByRole('textbox', { name: 'Label' }).fill('Winter home');
  await main.getByRole('checkbox', { name: 'This address is outside the United States' }).check();
  await main.getByRole('textbox', { name: 'Street', exact: true }).fill('88 King Street West');
  await main.getByRole('textbox', { name: 'City' }).fill('Toronto');
  await main.getByRole('button', { name: 'Save address' }).click();
  await expect(summary).toContainText('Country is required.');
  await expect(summary).toContainText('Postal code is required.');
  await expect(summary).not.toContainText('State is required.');
  await main.getByRole('textbox', { name: 'Country' }).fill('Canada');
  await main.getByRole('textbox', { name: 'Province or region' }).fill('Ontario');
  await main.getByRole('textbox', { name: 'Postal code' }).fill('M5H 1A1');
  await main.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address added.')).toBeVisible();
  await expect(main.getByText('88 King Street West, Toronto, Ontario, M5H 1A1, Canada')).toBeVisible();

  await main.getByRole('button', { name: 'Remove Winter home' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Winter home will be removed from your profile.');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(main.getByText('88 King Street West, Toronto, Ontario, M5H 1A1, Canada')).toBeVisible();
  await main.getByRole('button', { name: 'Remove Winter home' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Address removed.')).toBeVisible();
  await expect(main.getByText('88 King Street West')).toHaveCount(0);

  // After a reload the profile is what the server kept.
  await page.reload();
  await expect(main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cell', level: 3 }) })).toContainText('(404) 555-0177');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test('leaving with unsaved changes asks Leave and Discard or Stay on Page', async ({ page }) => {
  await openProfile(page, 'grace.wallace@example.com');
  const main = page.getByRole('main');
  // Nothing changed yet: leaving asks nothing.
  await main.getByRole('button', { name: 'Add a phone number' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await followUserMenuLink(page, 'Profile settings');
  await main.getByRole('checkbox', { name: 'Show my primary phone number in the directory' }).check();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('You have changes that are not saved.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Stay on Page' }).click();
  await expect(page).toHaveURL(/\/my\/profile-settings$/);
  await expect(main.getByRole('checkbox', { name: 'Show my primary phone number in the directory' })).toBeChecked();

  // Closing the tab or reloading: the browser asks (a beforeunload dialog).
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.type()); void d.dismiss(); }));
  await page.evaluate(() => { window.location.reload(); });
  expect(await asked).toBe('beforeunload');

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave and Discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await followUserMenuLink(page, 'Profile settings');
  await expect(main.getByRole('checkbox', { name: 'Show my primary phone number in the directory' })).not.toBeChecked();

  // Saved changes are not unsaved: leaving asks nothing.
  await main.getByRole('checkbox', { name: 'Show my primary phone number in the directory' }).check();
  await main.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the Back button with unsaved changes asks too, and leaves only when told', async ({ page }) => {
  await openProfile(page, 'marcus.johnson@example.com');
  const main = page.getByRole('main');
  const phone = main.getByRole('checkbox', { name: 'Show my primary phone number in the directory' });
  await phone.check();
  await page.goBack();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('You have changes that are not saved.');
  await expect(page).toHaveURL(/\/my\/profile-settings$/);
  await dialog.getByRole('button', { name: 'Stay on Page' }).click();
  await expect(phone).toBeChecked();
  // Asked again on the next Back; leaving goes to the page before, the dashboard.
  await page.goBack();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave and Discard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/my\/profile-settings$/);
  await expect(phone).not.toBeChecked();
});

test('the directory hides a resident\'s phone after they turn it off', async ({ browser }) => {
  test.setTimeout(90_000);
  const neighbour = await (await browser.newContext()).newPage();
  await signInQuickly(neighbour, 'priya.shah@example.com', password);
  await neighbour.goto('/community/directory');
  const daniel = neighbour.getByRole('listitem').filter({ has: neighbour.getByRole('heading', { name: 'Daniel Kim' }) });
  await expect(daniel).toContainText('Phone: (404) 555-0141');
  await expectAccessible(neighbour);
  // Name only for a resident who never chose; nobody hidden by name.
  await expect(neighbour.getByRole('listitem').filter({ has: neighbour.getByRole('heading', { name: 'Omar Haddad' }) })).not.toContainText('Phone');
  await expect(neighbour.getByRole('heading', { name: 'Hannah Novak' })).toHaveCount(0);

  const page = await (await browser.newContext()).newPage();
  await openProfile(page, 'daniel.kim@example.com');
  await page.getByRole('checkbox', { name: 'Show my primary phone number in the directory' }).uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved.')).toBeVisible();

  await neighbour.reload();
  await expect(daniel).toBeVisible();
  await expect(daniel).not.toContainText('Phone');
  await expect(daniel).toContainText('E-mail: daniel.kim@example.com');
  // Search by name.
  await neighbour.getByLabel('Search by name').fill('sha');
  await neighbour.getByRole('button', { name: 'Search' }).click();
  await expect(neighbour.getByRole('list', { name: 'Residents' }).getByRole('listitem')).toHaveCount(1);
  // Nobody found: what to try instead, and no empty list.
  await neighbour.getByLabel('Search by name').fill('zzz');
  await neighbour.getByRole('button', { name: 'Search' }).click();
  await expect(neighbour.getByRole('main').getByText('No residents match your search.', { exact: false })).toBeVisible();
  await expect(neighbour.getByRole('list', { name: 'Residents' })).toHaveCount(0);
  await neighbour.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(neighbour);
});

test('login information: a new e-mail is confirmed by a code; the password needs the current one', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, 'lucas.fischer@example.com', password);
  await page.goto('/my/profile-settings');
  const main = page.getByRole('main');
  const newEmail = uniqueEmail('lucas');
  await main.getByRole('button', { name: 'Change login e-mail' }).click();
  await main.getByLabel('New login e-mail').fill(newEmail);
  await main.getByLabel('Current password').fill('wrong-password');
  await main.getByRole('button', { name: 'Send code' }).click();
  await expect(main.getByRole('alert')).toContainText(/password/i);
  const sentAfter = Date.now() - 1000;
  await main.getByLabel('Current password').fill(password);
  await main.getByRole('button', { name: 'Send code' }).click();
  await expect(main.getByText(`We sent a six-digit code to ${newEmail}.`)).toBeVisible();
  await main.getByLabel(/code/i).fill('000000');
  await main.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(main.getByRole('alert')).toBeVisible();
  await main.getByLabel(/code/i).fill(await latestCode(request, newEmail, sentAfter));
  await main.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(page.getByText('Your login e-mail has been changed.')).toBeVisible();
  await expect(main.getByText(`You sign in with ${newEmail}.`)).toBeVisible();

  await main.getByRole('button', { name: 'Change password' }).click();
  await main.getByLabel('New password', { exact: true }).fill('short');
  await main.getByLabel('Confirm new password').fill('other');
  await main.getByRole('button', { name: 'Save password' }).click();
  const summary = main.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Password required');
  await expect(summary).toContainText('Password must be at least 6 characters');
  await expect(summary).toContainText('Passwords do not match');
  await main.getByLabel('Current password').fill(password);
  await main.getByLabel('New password', { exact: true }).fill('Resident#2027');
  await main.getByLabel('Confirm new password').fill('Resident#2027');
  await main.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await expectAccessible(page);

  // The new e-mail and password sign in.
  await followUserMenuLink(page, 'Sign out');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await signIn(page, newEmail, 'Resident#2027');
});
