import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers.ts';

test('help, FAQ, privacy policy and terms come from the schemas and pass axe', async ({ page }) => {
  for (const [path, heading] of [
    ['/community/help', 'Help'], ['/community/faq', 'Frequently asked questions'],
    ['/privacy-policy', 'Privacy policy'], ['/terms-of-service', 'Terms of service'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectAccessible(page);
  }
});

test('unknown addresses show not found; the server error page has its text', async ({ page }) => {
  // The server answers 404 too (the page is still the app, which renders not-found).
  expect((await page.goto('/no/such/page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  await expectAccessible(page);
  // A content page's key no association has is no page either (tests/browser/manage-pages.spec.ts has the pages that are).
  expect((await page.goto('/custom/ChangeAddress'))?.status()).toBe(404);
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/server-error');
  await expect(page.getByText('We apologize. There was an error from the server. You might need to try again later.')).toBeVisible();
  await expectAccessible(page);
});

test('legacy addresses redirect with a 301, keeping the rest of the path and the query', async ({ request, page }) => {
  const cases: [string, string][] = [
    ['/Homeowner_v2/MakePayment?ref=mail', '/billing?ref=mail'],
    ['/home_v2/login', '/login'],
    ['/Homeowner_v2/Messages/42', '/my/messages/42'],
    ['/Homeowner_v2/Messages', '/community/requests'],
    ['/Board_v2/ActionItems_ARC', '/board/arcs'],
    ['/Payments_v2/Help', '/community/help'],
    ['/Custom_v2/annual-meeting', '/custom/annual-meeting'],
    ['/embed/Home_v2/SignUp?x=1', '/embed/create-account?x=1'],
  ];
  for (const [from, to] of cases) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(to);
  }
  await page.goto('/Home_v2/ForgotPassword');
  await expect(page).toHaveURL(/\/forgot-login$/);
});

test('under /embed every link keeps the prefix', async ({ page }) => {
  await page.goto('/embed/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your community portal');
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/embed/create-account');
  await page.getByRole('link', { name: 'Forgot your login?' }).click();
  await expect(page).toHaveURL(/\/embed\/forgot-login$/);
  await expectAccessible(page);
});

test('the public layout is on in the demo build', async ({ page }) => {
  await page.goto('/public');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to our community');
  await expect(page.getByRole('link', { name: 'FAQs' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Documents', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calendar', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/public/login');
  await expect(page).toHaveURL(/\/public$/);
});

test('the keyboard reaches the skip link first and the form in order', async ({ page }) => {
  await page.goto('/login');
  // The page arrives rendered ahead of time; its fields take input once its code has run.
  await expect(page.getByLabel('E-mail address')).toBeEditable();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel('E-mail address').focus();
  await page.keyboard.type('homeowner@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('Homeowner#2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});
