import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, latestCode } from './helpers.ts';
import { identityProviderUrl } from '../../playwright.config.ts';

// Single sign-on through Summit's identity provider: the demo provider the test server starts
// beside it (server/demo/identity-provider-start.ts), a real OpenID Connect provider with its own
// sign-in page. The first sign-in asks the owner to prove the portal account (here with a code
// e-mailed to it) before linking; signing out of the portal signs out of the provider too, so that
// the next sign-in asks for the provider's password again. axe on the portal's new screens at 1280
// and 390 px.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ssoButton = (page: Page) => page.getByRole('button', { name: 'Sign in with Summit Community Management' });

async function signInAtProvider(page: Page) {
  await expect(page).toHaveURL(new RegExp(`^${identityProviderUrl}/interaction/`));
  await page.getByLabel('E-mail').fill(homeowner.email);
  await page.getByLabel('Password').fill(homeowner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the sign-in page offers the company\'s single sign-on only where the company has one', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login/summit');
    await expect(ssoButton(page)).toBeVisible();
    await expectAccessible(page);
  }
  await page.goto('/login/lakeside');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sign in with/ })).toHaveCount(0);
});

test('first sign-in through the provider links the account with an e-mailed code; later ones sign straight in; signing out ends the provider\'s session', async ({ page }) => {
  await page.goto('/login/summit');
  await ssoButton(page).click();
  await signInAtProvider(page);

  // Back at the portal: the account must be proved once.
  await expect(page).toHaveURL(/\/auth\/sso\?/);
  await expect(page.getByRole('heading', { name: 'Link your portal account' })).toBeVisible();
  await expect(page.getByText(`confirm that the portal account ${homeowner.email} is yours`)).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // A wrong password is said beside the field; the page stays, and nothing is linked.
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Confirm and link' }).click();
  await expect(page.getByText('That password is incorrect.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sso\?/);
  const asked = Date.now() - 1000;
  await page.getByRole('button', { name: 'Email me a code instead' }).click();
  const code = await latestCode(page.request, homeowner.email, asked);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText("Linked: from now on you can sign in with your management company's sign-in.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Signing out goes through the provider's end-session address and back to Summit's sign-in page.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login\/summit$/, { timeout: 20_000 });

  // Signed out there too: the provider asks for its password again, and no link is asked for now.
  await ssoButton(page).click();
  await signInAtProvider(page);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a return to /auth/sso that is not the answer to this browser\'s sign-in is refused with a page that says so', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/auth/sso?code=made-up&state=not-a-state-of-this-browser-0123456789');
    await expect(page.getByRole('heading', { name: 'You could not be signed in' })).toBeVisible();
    await expect(page.getByText('This sign-in has expired or was already used. Please start again from the sign-in page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the sign-in page' })).toBeVisible();
    await expectAccessible(page);
  }
});
