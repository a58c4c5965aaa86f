import { expect, test, type Page } from '@playwright/test';
import { demoHandoverLink } from '../../server/demo/handover.ts';
import { layoutFaults } from './layout-checks.ts';
import { expectAccessible, homeowner } from './helpers.ts';

// Sign-in handed over by a host: Summit's own site (here, the demo's key, whose public half the demo
// data gives Summit) sends the homeowner to /auth/jwt with a token it signed and the page to open.
// The portal signs them in and lands on that page; the same link again (used once already), a token
// no one signed and a next leaving the portal each end on a page saying why, with the way to the
// sign-in page: axe and the layout checks at 1280 and 390 px.

const refusal = (page: Page) => page.getByRole('heading', { level: 1, name: 'You could not be signed in' });

async function expectRefusalPage(page: Page, reason: string) {
  for (const [index, width] of [1280, 390].entries()) {
    await page.setViewportSize({ width, height: 844 });
    await expect(refusal(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(reason);
    await expect(page.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/login');
    await expectAccessible(page, index === 0 ? {} : { skipContrast: true });
    expect(await layoutFaults(page)).toEqual({ brokenWords: [], cutText: [], overlapping: [] });
  }
}

test('a host hands the homeowner over: signed in, on the page the host asked for; the same link again is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const link = await demoHandoverLink('', homeowner.email, '/billing');
  await page.goto(link);
  await expect(page).toHaveURL(/\/billing$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Make a payment' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeTruthy();
  // Signed in for the portal, not for this page alone: another page needs no sign-in.
  await page.goto('/my/profile-settings');
  await expect(page).toHaveURL(/\/my\/profile-settings$/);

  // The link once more (a replay, or the browser's back button): refused, and the user is told why.
  await page.goto(link);
  await expectRefusalPage(page, 'This sign-in link has already been used.');
});

test('a forged token and a next leaving the portal end on the refusal page', async ({ page }) => {
  await page.goto('/auth/jwt?company=summit&token=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImhvbWVvd25lckBleGFtcGxlLmNvbSJ9.&next=/billing');
  await expectRefusalPage(page, 'This sign-in link is not valid');
  expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();

  const link = new URL(await demoHandoverLink('http://portal.invalid', homeowner.email, '/billing'));
  link.searchParams.set('next', '//evil.example/billing');
  await page.goto(`${link.pathname}${link.search}`);
  await expectRefusalPage(page, 'The page to open after signing in must be a page of this portal.');
  await expect(page).toHaveURL(/\/auth\/jwt\?/);
});

test('a link without a token says it is incomplete', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth/jwt?company=summit');
  await expect(refusal(page)).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This sign-in link is incomplete');
  await expectAccessible(page);
});
