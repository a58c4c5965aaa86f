import { expect, test } from '@playwright/test';
import { getLogoutUrl } from '../../generated/clients/users.ts';
import { apiClients, fetchTransport } from '../support/api/clients.ts';
import { expectAccessible, homeowner, latestCode, signIn, followUserMenuLink } from './helpers.ts';

test('signs in with a password, shows the portal frame, switches property and theme, signs out', async ({ page, baseURL }) => {
  await page.goto('/login');
  await expectAccessible(page);
  await signIn(page, homeowner.email, homeowner.password);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Jordan');
  // Properties are ordered by association name; with nothing chosen before, the first is selected.
  await expect(page.getByText('You are viewing 1200 Ocean Drive (account 200411) at Cedar Point Condominiums.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' })).toBeVisible();
  await expectAccessible(page);

  const header = page.locator('header').first();
  const cedarColour = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  const picker = page.getByLabel('Property');
  const mapleOption = picker.locator('option', { hasText: 'Maple Grove' });
  await picker.selectOption(await mapleOption.getAttribute('value') ?? '');
  await expect(page.getByText('You are viewing 412 Maple Grove Lane (account 100234) at Maple Grove HOA.')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Maple Grove HOA');
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(cedarColour);
  await expectAccessible(page);

  // The selection survives a reload (local storage), and so does the session.
  await page.reload();
  await expect(page.getByText(/account 100234\) at Maple Grove HOA/)).toBeVisible();

  // Signing out ends the session on the server: the old token is refused from then on.
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const userId = Number(JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString()).UserId);
  const users = apiClients(fetchTransport(baseURL!), token).users;
  expect((await users.getUser(userId)).status).toBe(200);
  const loggedOut = page.waitForResponse((r) => r.url().endsWith(getLogoutUrl()));
  await followUserMenuLink(page, 'Sign out');
  expect((await loggedOut).status()).toBe(204);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
  expect((await users.getUser(userId)).status).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
});

test('a wrong password is refused next to the form and nothing else happens', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(homeowner.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid username, password, or company.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
});

test('empty sign-in shows each error next to its field and in a summary', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Email required' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Password required' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

test('signs in with an e-mailed code; resend waits for the countdown', async ({ page, request }) => {
  await page.clock.install();
  const started = Date.now() - 1000;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
  await page.getByLabel('E-mail address').fill('board@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We sent a six-digit code to board@example.com')).toBeVisible();
  await expect(page.getByText(/You can ask for a new code in \d+ seconds/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The verification code you entered is incorrect.' })).toBeVisible();

  await page.clock.fastForward(61_000);
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();

  const code = await latestCode(request, 'board@example.com', started);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/You are viewing Maple Grove HOA/)).toBeVisible();
});

test('a tampered token ends the session and returns to sign in', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('portal.token', 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySWQiOjF9.bad'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
});
