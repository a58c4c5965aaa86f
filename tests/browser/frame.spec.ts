import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// The portal's frame: the brand bar (brand, property, the user's menu) and one row of navigation,
// whose groups open a list of their pages (a disclosure, by mouse and keyboard); on a narrow screen
// the navigation opens from a Menu button as a panel.

const board = { email: 'board@example.com', password: 'Board#2026' };
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const userMenu = (page: Page) => accountNav(page).getByRole('button', { name: 'Jordan' });

test('at 1280 px the frame is at most 120 px tall, its navigation on one row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await expect(userMenu(page)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Property' })).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(120);
  const controls = mainNav(page).locator(':is(a, button):visible');
  await expect(controls).toHaveCount(3);
  const tops = await controls.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (const group of ['Billing', 'Community']) await expect(mainNav(page).getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'false');
});

test('each group opens by keyboard: Enter opens, the arrows move, Escape closes back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  for (const [group, first, second] of [['Billing', 'Make a payment', 'Account overview'], ['Community', 'Requests', 'Messages']] as const) {
    const button = mainNav(page).getByRole('button', { name: group });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(list).toBeVisible();
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('link', { name: first })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('link', { name: second, exact: true })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(list.getByRole('link', { name: first })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  }
  // Space opens too; tabbing away or a click elsewhere closes.
  const billing = mainNav(page).getByRole('button', { name: 'Billing' });
  await billing.focus();
  await page.keyboard.press('Space');
  await expect(billing).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  await expect(billing).toHaveAttribute('aria-expanded', 'false');
  await billing.click();
  await expect(billing).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(billing).toHaveAttribute('aria-expanded', 'false');
  // A link followed from a group's list closes it.
  await billing.click();
  await mainNav(page).getByRole('link', { name: 'Account history' }).click();
  await expect(page).toHaveURL(/\/billing\/account-history$/);
  await expect(billing).toHaveAttribute('aria-expanded', 'false');
});

test('the page shown is marked: its link as the current page, its group as holding it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/billing/account-history');
  const billing = mainNav(page).getByRole('button', { name: 'Billing' });
  await expect(billing).toHaveAttribute('aria-current', 'true');
  await expect(mainNav(page).getByRole('button', { name: 'Community' })).not.toHaveAttribute('aria-current', /.*/);
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', /.*/);
  await billing.click();
  await expect(mainNav(page).getByRole('link', { name: 'Account history' })).toHaveAttribute('aria-current', 'page');
  await expect(mainNav(page).getByRole('link', { name: 'Make a payment' })).not.toHaveAttribute('aria-current', /.*/);
});

test('the user menu names the user, counts the unread messages and signs out', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The count is the one the server gave the portal: other tests leave and read the demo homeowner's
  // messages meanwhile, so a count read apart from the portal's own request can differ from it.
  let unread: number | null = null;
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/users/Messages' || url.searchParams.get('unread') !== 'true' || !response.ok()) return;
    unread = ((await response.json()) as { threads: unknown[] }).threads.length;
  });
  await signInQuickly(page, homeowner.email, homeowner.password);
  const menu = userMenu(page);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  await expect(async () => {
    expect(unread, 'the portal asked for the unread threads').not.toBeNull();
    await expect(list.getByRole('link')).toHaveText(['Profile settings', unread! > 0 ? `Messages (${unread} unread)` : 'Messages', 'Sign out'], { timeout: 1000 });
  }).toPass();
  await list.getByRole('link', { name: 'Profile settings' }).click();
  await expect(page).toHaveURL(/\/my\/profile-settings$/);
  await menu.click();
  await list.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(accountNav(page).getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jordan' })).toHaveCount(0);
});

test('the Board group is there for a board member only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await expect(mainNav(page).getByRole('button', { name: 'Community' })).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: 'Board' })).toHaveCount(0);

  await page.evaluate(() => localStorage.removeItem('portal.token'));
  await signInQuickly(page, board.email, board.password);
  const group = mainNav(page).getByRole('button', { name: 'Board' });
  // By keyboard as the others: Enter opens, the arrows move, Escape closes back to its button.
  await group.focus();
  await page.keyboard.press('Enter');
  const list = page.locator(`#${await group.getAttribute('aria-controls')}`);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('link').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(group).toBeFocused();
  await group.click();
  for (const name of ['Architectural requests', 'Invoices', 'Violations', 'To-do list', 'Reports']) {
    await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible();
  }
  await mainNav(page).getByRole('link', { name: 'To-do list' }).click();
  await expect(page).toHaveURL(/\/board\/to-do-list$/);
  await expect(group).toHaveAttribute('aria-current', 'true');
});

test('the user menu works by keyboard: Enter opens, the arrows move, Escape closes back to it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  const menu = userMenu(page);
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('link', { name: 'Profile settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('link', { name: /^Messages/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
});

test('under 900 px the navigation opens from the Menu button as a panel that keeps focus and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await expect(mainNav(page)).toBeHidden();
  const opener = page.getByRole('button', { name: 'Menu' });
  await opener.click();
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account overview' })).toBeVisible();
  // Tab goes round the panel's own controls.
  const controls = await panel.locator('a[href], button').count();
  for (let i = 0; i < controls + 2; i += 1) {
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
  // A link followed closes it.
  await opener.click();
  await panel.getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/community\/documents$/);
  await expect(panel).toBeHidden();
});

test('the frame passes the accessibility scan with a menu open, at 390, 900 and 1280 px', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await userMenu(page).click();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  for (const width of [900, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const community = mainNav(page).getByRole('button', { name: 'Community' });
    await community.click();
    await expect(community).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(community).toHaveAttribute('aria-expanded', 'false');
  }
});
