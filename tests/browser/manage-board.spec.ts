import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, followNavLink, sessionToken, signInQuickly } from './helpers.ts';

// An association's board in the console (/manage/associations/:associationId/board), reached from
// the console home's list. Summit's staff member sees Maple Grove's board without any change to
// make. Summit's admin adds an owner of Cedar Point (noprimary@, on no board and used by no other
// spec) to its board; signed in, that owner's next page has the Board navigation and the board's
// pages; the admin removes them again (after a confirmation) and their next page has neither.
// Axe at 1280 and 390 px.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const staff = { email: 'staff@example.com', password: 'Staff#2026' };
const owner = { email: 'noprimary@example.com', password: 'Noprimary#2026', name: 'Sam Ortiz' };

test.describe.configure({ mode: 'serial' });

const toast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });
const members = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Board members' });
const boardNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Board', exact: true });

/** The console home's link to an association's board. */
async function openBoard(page: Page, association: string) {
  await page.goto('/manage');
  await page.getByRole('main').getByRole('link', { name: association, exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/associations\/[0-9]+\/board$/);
  await expect(page.getByRole('heading', { level: 1, name: `Board of ${association}` })).toBeVisible();
}

// Whatever happens above, the owner does not stay on the board.
test.afterAll(async ({ request }) => {
  const token = await sessionToken(request, manager.email, manager.password);
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/management/Associations?search=cedar', { headers })).json()) as { rows: { id: number }[] };
  const cedar = list.rows[0].id;
  const board = (await (await request.get(`/api/management/Associations/${cedar}/Board`, { headers })).json()) as { members: { userId: number; email: string }[] };
  for (const m of board.members.filter((x) => x.email === owner.email)) await request.delete(`/api/management/Associations/${cedar}/Board/${m.userId}`, { headers });
});

test('a staff member who is not an admin sees the board only', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, staff.email, staff.password);
  await openBoard(page, 'Maple Grove HOA');
  const chair = members(page).getByRole('listitem').filter({ hasText: 'chair@example.com' });
  await expect(chair).toContainText('Chair');
  await expect(members(page).getByRole('listitem').filter({ hasText: 'board@example.com' })).toContainText('No home here');
  await expect(page.getByText('Only your company\'s admins change the board.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: /^(Remove|Make chair|End term as chair|Add to board)/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Add a board member' })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });
});

test('the admin adds an owner to the board, who then sees the board pages; removed, they no longer do', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, manager.email, manager.password);
  await openBoard(page, 'Cedar Point Condominiums');
  // The owners are offered at once; a search narrows them.
  const candidates = page.getByRole('main').getByRole('list', { name: 'People who can be added' });
  await expect(candidates.getByRole('listitem').first()).toContainText('Owns a home here');
  await page.getByLabel(/^Search people/).fill('noprimary');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(candidates.getByRole('listitem')).toHaveCount(1);
  await expect(candidates.getByRole('listitem')).toContainText(owner.email);
  await expectAccessible(page);
  await candidates.getByRole('button', { name: `Add to board: ${owner.name}` }).click();
  await expect(toast(page, 'Added to the board')).toContainText(owner.name);
  const row = members(page).getByRole('listitem').filter({ hasText: owner.email });
  await expect(row).toContainText('Owns a home here');
  await expect(row).toContainText(/On the board since/);
  await expect(candidates.getByRole('listitem')).toHaveCount(0);
  // Cedar Point has no chair: the admin may choose one (not done here, so that nothing else changes).
  await expect(row.getByRole('button', { name: `Make chair: ${owner.name}` })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The owner, in a browser of their own: the board's navigation and pages at their next page.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  try {
    await theirs.setViewportSize({ width: 1280, height: 900 });
    await signInQuickly(theirs, owner.email, owner.password);
    await expect(boardNav(theirs)).toBeVisible();
    await followNavLink(theirs, 'Board', 'Architectural requests');
    await expect(theirs).toHaveURL(/\/board\/arcs$/);
    await expect(theirs.getByRole('heading', { level: 1, name: 'Architectural requests' })).toBeVisible();

    // Removed (after a confirmation): their next page has no board.
    await row.getByRole('button', { name: `Remove from the board: ${owner.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove ${owner.name} from the board?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(toast(page, 'Removed from the board')).toContainText(owner.name);
    await expect(members(page).getByRole('listitem').filter({ hasText: owner.email })).toHaveCount(0);

    await theirs.goto('/board/arcs');
    await expect(theirs.getByRole('heading', { level: 1, name: 'These pages are for board members' })).toBeVisible();
    await expect(boardNav(theirs)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
