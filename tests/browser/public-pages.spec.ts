import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers.ts';

// The public pages of an association (/public?association=CODE): each keeps the association, names
// it with its logo in the frame, and leads back to its home.

const home = '/public?association=maplegrove';

/** The frame names Maple Grove with its logo, and every link to a public page carries the association. */
async function expectMapleGroveFrame(page: Page) {
  const header = page.getByRole('banner');
  await expect(header).toContainText('Maple Grove HOA');
  await expect(header).not.toContainText('Community Portal');
  await expect(header.locator('img')).toHaveAttribute('src', '/brand/maplegrove-logo.svg');
  await expect(page.getByRole('contentinfo')).toContainText('Maple Grove HOA');
  const publicLinks = await page.locator('a[href^="/public"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(publicLinks.length).toBeGreaterThan(0);
  for (const href of publicLinks) expect(href).toMatch(/[?&]association=maplegrove(&|$)/);
}

test('every public page keeps its association: the frame names it, links carry it, Home returns to its home', async ({ page }) => {
  test.setTimeout(120_000);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const main = page.getByRole('main');
  await page.goto(home);
  await expect(main.getByRole('heading', { name: 'Welcome to Maple Grove HOA', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', home);
  // The association's banner heads the page: its logo and name, and what a visitor comes to do.
  const banner = main.locator('.engine-banner');
  await expect(banner.getByRole('heading', { name: 'Welcome to Maple Grove HOA', level: 1 })).toBeVisible();
  await expect(banner.getByRole('img', { name: 'Maple Grove HOA logo' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Pay as a guest' })).toHaveAttribute('href', '/public/paynow?association=maplegrove');
  await expect(banner.getByRole('link', { name: 'Resident sign in' })).toBeVisible();
  // Below it, what the public pages offer, as cards.
  for (const title of ['Community documents', 'Events and meetings', 'Questions']) {
    await expect(main.getByRole('region', { name: title })).toBeVisible();
  }
  await expectMapleGroveFrame(page);
  await expectAccessible(page);

  // Help and FAQ, from the frame; each leads back home.
  for (const [link, heading, path] of [['Help', 'Help', '/public/community/help'], ['FAQ', 'Frequently asked questions', '/public/community/faq']] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(`${path}?association=maplegrove`);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectMapleGroveFrame(page);
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(home);
    await expect(main.getByRole('heading', { name: 'Welcome to Maple Grove HOA', level: 1 })).toBeVisible();
  }

  // Documents and calendar, from the home page's own links.
  for (const [link, heading, path] of [['Documents', 'Maple Grove HOA: documents', '/public/community/documents'], ['Calendar', 'Maple Grove HOA calendar', '/public/community/calendar']] as const) {
    await main.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(`${path}?association=maplegrove`);
    await expect(main.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectMapleGroveFrame(page);
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(home);
  }

  // The same at a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await nav.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL('/public/community/help?association=maplegrove');
  await expectMapleGroveFrame(page);
  await expectAccessible(page);
});

test('without an association the public home names none and its links carry none', async ({ page }) => {
  await page.goto('/public');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Welcome to our community');
  await expect(page.getByRole('main').getByRole('link', { name: 'Documents', exact: true })).toHaveAttribute('href', '/public/community/documents');
  await expect(page.getByRole('banner')).toContainText('Community Portal');
});
