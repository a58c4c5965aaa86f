import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { enterCard, followNavLink, homeowner, signIn, signInQuickly, uniqueEmail, userMenuButton } from './helpers.ts';

// Focus is never dropped on the page's body: after a wizard's step, an action's answer or another
// page, it is on what introduces the new content (its heading, or its confirmation), and the
// portal's live region names it.

const announcer = (page: Page) => page.locator('#page-announcer');

/** Focus is on `target` (not on the page's body) and the live region names it. */
async function expectFocusMovedTo(page: Page, target: Locator, name: string | RegExp) {
  await expect(target).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  await expect(announcer(page)).toHaveAttribute('data-said', name);
}

test('the guest payment wizard moves focus to each new step and to the confirmation, and names them', async ({ page }) => {
  test.setTimeout(90_000);
  // A Maple Grove home no other browser test pays on (a payment today on the same sub-ledger would
  // make another test's payment ask whether it is a duplicate).
  await page.goto('/paynow?association=maplegrove');
  await expect(page.getByText(/Paying Maple Grove/).first()).toBeVisible();
  await page.getByLabel('Account number').fill('101043');
  await page.getByLabel('Property zip code').fill('30301');
  await page.getByLabel('E-mail for your receipt').fill(uniqueEmail('focus'));
  await page.getByLabel('E-mail for your receipt').press('Enter');

  const step = (name: string) => page.getByRole('heading', { name, exact: true, level: 2 });
  await expectFocusMovedTo(page, step('Select ledger'), 'Select ledger');
  await page.getByLabel(/Assessments/).check();
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expectFocusMovedTo(page, step('Payment method'), 'Payment method');
  await page.getByLabel('Credit or debit card').check();
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expectFocusMovedTo(page, step('Payment amount'), 'Payment amount');
  await page.getByLabel('Amount', { exact: true }).fill('5');
  // Maple Grove charges 2.95 % on cards: $0.15 on $5.00.
  await expect(page.getByRole('region', { name: 'Amount, fee and total' })).toContainText('$5.15');
  await page.getByRole('button', { name: 'Review payment' }).press('Enter');
  await expectFocusMovedTo(page, step('Confirm'), 'Confirm');
  await page.getByRole('button', { name: 'Continue to payment details' }).press('Enter');
  await expectFocusMovedTo(page, step('Enter your payment details'), 'Enter your payment details');
  await enterCard(page, '4242 4242 4242 4242');
  const thanks = page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you. Your payment has been received.' });
  await expectFocusMovedTo(page, thanks, 'Thank you. Your payment has been received.');
});

test('signing in moves focus to the new page\'s heading and names it', async ({ page }) => {
  await signIn(page, 'omar.haddad@example.com', 'Resident#2026');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Welcome, Omar/);
  await expectFocusMovedTo(page, heading, /^Welcome, Omar/);
});

test('a visitor who moves focus while the next page is still arriving keeps it there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  // The directory's code held back: the page changes, its heading comes later.
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname.startsWith('/assets/directory-'), async (route) => { await released; await route.continue(); });
  await followNavLink(page, 'Community', 'Directory');
  await expect(page).toHaveURL(/\/community\/directory$/);
  await userMenuButton(page).focus();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
  // Given time to move it, which it would have done at once.
  await page.waitForTimeout(300);
  await expect(userMenuButton(page)).toBeFocused();
});

test('a submitted request moves focus to what comes next and names it', async ({ page }) => {
  await signInQuickly(page, 'sofia.alvarez@example.com', 'Resident#2026');
  await page.goto('/community/new-request');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'General request' }).check();
  await main.getByLabel('Subject').fill(`Gate squeaks ${Date.now()}`);
  await main.getByLabel('Description').fill('The pool gate squeaks loudly.');
  await main.getByRole('button', { name: 'Submit request' }).press('Enter');
  await expectFocusMovedTo(page, main.getByRole('heading', { name: 'Add files to your request', level: 2 }), 'Add files to your request');
});

async function submitArc(browser: Browser, subject: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, 'grace.wallace@example.com', 'Resident#2026');
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const created = await page.request.post('/api/action-items/HomeownerRequests', {
    headers: { authorization: `Bearer ${token}` },
    data: { accountNumber: '100246', kind: 'architectural', architecturalType: 'other', subject, description: 'A bird bath by the porch.' },
  });
  expect(created.status()).toBe(201);
  await context.close();
}

test('a board vote recorded in place leaves focus on the list\'s heading, named', async ({ page, browser }) => {
  const subject = `Bird bath ${Date.now()}`;
  await submitArc(browser, subject);
  await signInQuickly(page, 'board@example.com', 'Board#2026');
  const main = page.getByRole('main');
  const mine = main.getByRole('list', { name: 'Architectural requests awaiting your vote' }).getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: subject, exact: true }) });
  await mine.getByRole('button', { name: `Approve ${subject}` }).press('Enter');
  const approving = page.getByRole('alertdialog', { name: `Approve “${subject}”` });
  await approving.getByRole('button', { name: 'Record my approval' }).press('Enter');
  await expect(mine).toHaveCount(0);
  await expectFocusMovedTo(page, main.getByRole('heading', { name: 'Architectural requests awaiting your vote', level: 2 }), 'Architectural requests awaiting your vote');
});

test('a document preview takes focus to its heading, and Tab leaves the document\'s frame', async ({ page }) => {
  await signInQuickly(page, 'board@example.com', 'Board#2026');
  await page.goto('/community/documents');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: /^Governing Documents/ }).click();
  await main.getByRole('link', { name: 'Preview Community Rules and Regulations.pdf' }).press('Enter');
  const heading = page.getByRole('heading', { name: 'Community Rules and Regulations.pdf', level: 1 });
  await expectFocusMovedTo(page, heading, 'Community Rules and Regulations.pdf');
  const frame = page.locator('iframe[title="Community Rules and Regulations.pdf"]');
  await expect(frame).toBeVisible();
  // The browser's document viewer keeps the keyboard once inside it: Tab passes the frame by.
  const download = main.getByRole('button', { name: /^Download/ }).or(main.getByRole('link', { name: /^Download/ }));
  await download.focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
});
