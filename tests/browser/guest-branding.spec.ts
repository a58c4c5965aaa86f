import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, uniqueEmail } from './helpers.ts';

// The guest payment page is branded (association name and theme) for the account being paid, or
// for the association its link names until an account is found; never for an earlier one.

async function findAccount(page: Page, accountNumber: string, zip: string) {
  await page.getByLabel('Account number').fill(accountNumber);
  await page.getByLabel('Property zip code').fill(zip);
  await page.getByLabel('E-mail for your receipt').fill(uniqueEmail('brand'));
  await page.getByRole('button', { name: 'Find my account' }).click();
}

const frameColour = (page: Page) => page.locator('header').first().evaluate((el) => getComputedStyle(el).backgroundColor);

/** The frame colour of the default theme, as an unbranded guest page shows it in a fresh browser. */
async function defaultColour(page: Page) {
  await page.goto('/paynow');
  await expect(page.getByRole('button', { name: 'Find my account' })).toBeVisible();
  return frameColour(page);
}

const unknownMessage = 'We don\'t recognise the association code “nosuch” in this link.';

test('branding follows the account being paid, and is dropped with it', async ({ page }) => {
  const plain = await defaultColour(page);

  // Demoville cannot take payments ('Test Account Detected'); the guest then starts again.
  await findAccount(page, '300100', '10001');
  await expect(page.getByText('Account 300100 at Demoville Test HOA')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  await expect(page.getByText('Test Account Detected')).toBeVisible();
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Not your account? Start again' }).click();

  await expect(page.getByRole('button', { name: 'Find my account' })).toBeVisible();
  await expect(page.getByText('Demoville')).toHaveCount(0);

  await findAccount(page, '100234', '30301');
  await expect(page.getByText('Account 100234 at Maple Grove HOA')).toBeVisible();
  await expect(page.getByText('Demoville')).toHaveCount(0);
  await expect.poll(() => frameColour(page)).not.toBe(plain);

  // Not this account either: neither its name nor its theme stays.
  await page.getByRole('button', { name: 'Not your account? Start again' }).click();
  await expect(page.getByRole('button', { name: 'Find my account' })).toBeVisible();
  await expect(page.getByText('Maple Grove')).toHaveCount(0);
  await expect.poll(() => frameColour(page)).toBe(plain);
  // The page arrives rendered ahead of time; this browser has been here, so the portal renders it
  // afresh once its code runs (the button is enabled then) and the frame is replaced.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Find my account' })).toBeEnabled();
  await expect(page.getByText('Maple Grove')).toHaveCount(0);
  await expect.poll(() => frameColour(page)).toBe(plain);
});

test('a link naming an unknown association says so, unbranded, and the guest can still pay', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const plain = await defaultColour(page);
  await page.goto('/paynow?association=nosuch');
  await expect(page.getByRole('status').filter({ hasText: unknownMessage })).toBeVisible();
  await expect(page.getByText(/^Paying /)).toHaveCount(0);
  expect(await frameColour(page)).toBe(plain);
  await expectAccessible(page);

  // The unknown code does not hold the account back: it is not sent.
  await findAccount(page, '100234', '30301');
  await expect(page.getByText('Account 100234 at Maple Grove HOA')).toBeVisible();
  await context.close();
});

test('an unknown association after a branded visit drops the earlier brand', async ({ page }) => {
  const plain = await defaultColour(page);
  await page.goto('/paynow?association=maplegrove');
  await expect(page.getByText('Paying Maple Grove HOA')).toBeVisible();
  await expect.poll(() => frameColour(page)).not.toBe(plain);

  await page.goto('/paynow?association=nosuch');
  await expect(page.getByRole('status').filter({ hasText: unknownMessage })).toBeVisible();
  await expect(page.getByText('Maple Grove')).toHaveCount(0);
  await expect.poll(() => frameColour(page)).toBe(plain);

  // A known association after it brands the page again, without the message.
  await page.goto('/paynow?association=cedarpoint');
  await expect(page.getByText('Paying Cedar Point Condominiums')).toBeVisible();
  await expect(page.getByText(unknownMessage)).toHaveCount(0);
  await expect.poll(() => frameColour(page)).not.toBe(plain);
});

test('a link naming an association arrives in its theme, and asks for the association once, before the page’s code has come', async ({ page }) => {
  const plain = await defaultColour(page);
  const asked: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/api/guest-pay/configuration')) asked.push(request.url()); });
  // The page as it arrives, before any of its scripts runs: already in the association's colours.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/paynow?association=maplegrove');
  await expect(page.getByRole('heading', { level: 1, name: 'Make a payment' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme-name', 'Evergreen');
  expect(await frameColour(page)).not.toBe(plain);
  await page.unroute('**/assets/*.js');

  // With its code: the same look throughout (never the default theme in between), the association
  // named, one request for it.
  await page.addInitScript(() => {
    const seen: (string | null)[] = [];
    (window as unknown as { themesSeen: typeof seen }).themesSeen = seen;
    new MutationObserver(() => seen.push(document.documentElement.getAttribute('data-theme-name')))
      .observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme-name'] });
  });
  await page.goto('/paynow?association=maplegrove');
  await expect(page.getByText('Paying Maple Grove HOA')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme-name', 'Evergreen');
  expect(await page.evaluate(() => (window as unknown as { themesSeen: (string | null)[] }).themesSeen.filter((name) => name !== 'Evergreen'))).toEqual([]);
  expect(asked).toEqual([expect.stringMatching(/\/api\/guest-pay\/configuration\?associationCode=maplegrove$/)]);
});
