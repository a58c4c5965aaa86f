import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// The dashboard's payments widget: the selected account's balances and what is scheduled to pay
// it (scheduled one-time payments, the next recurring payment, the next auto-draft), each shown
// only when there is one, with the way to pay.

async function selectProperty(page: Page, association: string, accountNumber: string) {
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: association }).getAttribute('value') ?? '');
  await expect(page.getByText(new RegExp(`account ${accountNumber}\\) at ${association}`))).toBeVisible();
}

test('the payments widget shows the balance and the next recurring payment, on a phone too', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  await selectProperty(page, 'Cedar Point Condominiums', '200411');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Payments', level: 2 })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Balance' })).toContainText('Assessments');
  // The demo's recurring payment at Cedar Point, due in the next days.
  // It names its account and association, not only the part of the account it pays.
  await expect(main.getByRole('region', { name: 'Next recurring payment' })).toContainText('Assessments, account 200411 at Cedar Point Condominiums');
  await expect(main.getByRole('region', { name: 'Next auto-draft' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', '/billing');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main.getByRole('region', { name: 'Next recurring payment' })).toBeVisible();
  await expectAccessible(page);
});

test('an account enrolled in auto-draft shows its next draft; nothing scheduled shows nothing', async ({ page }) => {
  await signInQuickly(page, 'autopay@example.com', 'Autopay#2026');
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Next auto-draft' })).toContainText(/^Next auto-draftAccount 100238 at \S/);
  await expect(main.getByRole('region', { name: 'Balance' })).toContainText('$0.00');
  await expect(main.getByRole('region', { name: 'Scheduled payments' })).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Next recurring payment' })).toHaveCount(0);
  await expectAccessible(page);
});

test("a signed-in page asks for the session's data while the portal's code is still on its way, and asks once", async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  });
  // The portal's code (its largest chunk, start-*.js) is held back until the session's data has been asked for.
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => { await held; await route.continue(); });
  const summary = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/payments/Account');
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await summary;
  release();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balance' })).toBeVisible();
  // Each of the session's first calls was made once: the portal took up the answers rather than asking again.
  for (const call of ['GET /api/payments/Account', 'GET /api/users/HomeSettings']) {
    expect(calls.filter((made) => made === call), call).toHaveLength(1);
  }
  expect(calls.filter((made) => /^GET \/api\/users\/Users\/\d+$/.test(made))).toHaveLength(1);
  // No portal token is asked for on page load: only as the address needing one opens (help-centre.spec.ts).
  expect(calls.filter((made) => made.includes('/Users/Authenticate/PortalToken'))).toEqual([]);
});


test('the widgets are cards in three columns at 1280 px, two at 900 and one on a phone', async ({ page }) => {
  await signInQuickly(page, 'board@example.com', 'Board#2026');
  const main = page.getByRole('main');
  const tasks = main.getByRole('region', { name: 'Board actions' });
  const votes = main.getByRole('region', { name: 'Architectural requests awaiting your vote' });
  const columnCount = () => main.locator('.engine-columns').first().evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  for (const [width, columns] of [[1280, 3], [900, 2], [390, 1]] as const) {
    await page.setViewportSize({ width, height: 844 });
    await expect(votes).toBeVisible();
    expect(await columnCount(), `columns at ${width} px`).toBe(columns);
    const [first, second] = [await tasks.boundingBox(), await votes.boundingBox()];
    if (columns > 1) expect(second!.y, `side by side at ${width} px`).toBe(first!.y);
    else expect(second!.y, 'one under the other on a phone').toBeGreaterThanOrEqual(first!.y + first!.height);
  }
});

test('unread conversations and recent requests are links to their pages, each with its count or its status as a badge', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const main = page.getByRole('main');
  // Other tests read the demo's conversations: whichever is first still has its count.
  const conversation = main.getByRole('region', { name: 'Unread messages' }).getByRole('listitem').first();
  await expect(conversation.locator('.engine-status-badge')).toHaveText(/^\d+ unread$/);
  await expect(conversation.getByRole('link')).toHaveAttribute('href', /^\/my\/messages\/\d+$/);
  const requests = main.getByRole('region', { name: 'Requests and reservations, last 30 days' });
  const party = requests.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Birthday party', exact: true }) });
  const status = party.locator('.engine-status-badge');
  await expect(status).toHaveText('Tentative');
  await expect(status).toHaveAttribute('data-tone', 'warning');
  await expectAccessible(page);
  await party.getByRole('link').click();
  await expect(page).toHaveURL(/\/community\/requests\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Birthday party' }).first()).toBeVisible();
});
