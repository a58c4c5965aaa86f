import { expect, test } from '@playwright/test';
import { expectAccessible, latestCode, uniqueEmail } from './helpers.ts';

test('creates an account with an account number and zip, then lands signed in', async ({ page }) => {
  const email = uniqueEmail('owner');
  await page.goto('/create-account');
  await expectAccessible(page);
  await page.getByLabel('Account number', { exact: true }).fill('100236');
  await page.getByLabel('Property zip code').fill('30301');
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Nguyen');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByLabel('Confirm password').fill('Secret#999');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();

  await page.getByLabel('Confirm password').fill('Secret#123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Casey');
  await expect(page.getByText(/account 100236\)/)).toBeVisible();
  // Payments are blocked on this account: the payment page says whom to contact.
  await page.getByRole('link', { name: 'Make a payment' }).first().click();
  await expect(page.getByText('Payments are blocked or disabled for this account. Please contact your management company.')).toBeVisible();
  await expectAccessible(page);
});

test('creates an account with a registration key; a wrong key is refused', async ({ page }) => {
  const email = uniqueEmail('keyholder');
  await page.goto('/create-account');
  await page.getByLabel('With a registration key').check();
  await expect(page.getByLabel('Account number', { exact: true })).toHaveCount(0);
  await page.getByLabel('Registration key', { exact: true }).fill('NOT-A-KEY');
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Stone');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByLabel('Confirm password').fill('Secret#123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find an account with those details.' })).toBeVisible();

  await page.getByLabel('Registration key', { exact: true }).fill('MG-REG-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/account 100237\)/)).toBeVisible();
});

test('requests an account; missing fields are named', async ({ page }) => {
  await page.goto('/request-account');
  await page.getByRole('button', { name: 'Send request' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary.getByRole('link', { name: 'Association name required' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Address is required' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('First name').fill('Morgan');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('E-mail address').fill(uniqueEmail('request'));
  await page.getByLabel('Phone (optional)').fill('abc');
  await page.getByLabel('Association name').fill('Maple Grove HOA');
  await page.getByLabel('Property address').fill('9 Birch Court, Atlanta GA 30301');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid phone number' })).toBeVisible();
  await page.getByLabel('Phone (optional)').fill('404-555-0100');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request has been sent to your management company.')).toBeVisible();
  await expectAccessible(page);
});

// It changes the password of board4@, whom no other browser test signs in as (they share one server).
test('forgot login: verify an e-mailed code, set a new password, sign in with it', async ({ page, request }) => {
  const started = Date.now() - 1000;
  await page.goto('/forgot-login');
  await expectAccessible(page);
  await page.getByLabel('E-mail address').fill('board4@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await latestCode(request, 'board4@example.com', started);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();

  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('New password').fill('Board4#2027');
  await page.getByLabel('Confirm password').fill('Board4#2027');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // One way back, not two.
  const back = page.getByRole('link', { name: 'Back to sign in' }).or(page.getByRole('button', { name: 'Back to sign in' }));
  await expect(back).toHaveCount(1);
  await expectAccessible(page);

  await back.click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail address').fill('board4@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Board4#2027');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
