import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// The board's widgets on the dashboard: what waits for a board member (counts, each linking to its
// board page) and the architectural requests awaiting their vote, approved or declined in place.
// A homeowner who is not on the board sees neither, and the page does not even ask for them.
const board = { email: 'board@example.com', password: 'Board#2026' };
// A Maple Grove resident no other browser test signs in as: the requests made here are theirs.
const applicant = { email: 'grace.wallace@example.com', password: 'Resident#2026', account: '100246', name: 'Grace Wallace' };

interface TaskOverview { arcAwaitingMyVote: number; invoicesAwaitingApproval: number; violationsOpen: number; toDosOpen: number }

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

async function mapleGroveId(page: Page): Promise<number> {
  const settings = await apiGet<{ userSettings: { associations: { id: number; code: string }[] } }>(page, '/api/users/HomeSettings');
  return settings.userSettings.associations.find((a) => a.code === 'maplegrove')!.id;
}

/** The applicant submits an architectural request (through the API, in a browser of their own). */
async function submitRequest(browser: Browser, subject: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, applicant.email, applicant.password);
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const created = await page.request.post('/api/action-items/HomeownerRequests', {
    headers: { authorization: `Bearer ${token}` },
    data: { accountNumber: applicant.account, kind: 'architectural', architecturalType: 'other', subject, description: 'A cedar mailbox post to match the fence.' },
  });
  expect(created.status()).toBe(201);
  await context.close();
}

const countLinks = (page: Page) => ({
  arcs: page.getByRole('main').getByRole('link', { name: /^Architectural requests awaiting your vote: \d+$/ }),
  invoices: page.getByRole('main').getByRole('link', { name: /^Invoices awaiting approval: \d+$/ }),
  violations: page.getByRole('main').getByRole('link', { name: /^Open violations: \d+$/ }),
  toDos: page.getByRole('main').getByRole('link', { name: /^Open to-do items: \d+$/ }),
});

// One after the other: the second test's vote would change the first one's counts.
test.describe.configure({ mode: 'default' });

const awaitingList = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Architectural requests awaiting your vote' });

test('a board member sees what waits for the board, as the server counts it, with links to the board pages; axe at 1280 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, board.email, board.password);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Board actions' })).toBeVisible();
  const links = countLinks(page);
  const associationId = await mapleGroveId(page);
  // Other browser tests may vote or submit requests meanwhile: the page and the server are compared
  // at one moment, reading the page again if something changed in between.
  await expect(async () => {
    await page.reload();
    await expect(links.arcs).toBeVisible();
    const overview = await apiGet<TaskOverview>(page, `/api/action-items/BoardMember/BoardMemberTaskOverview?associationId=${associationId}`);
    await expect(links.arcs).toHaveText(`Architectural requests awaiting your vote: ${overview.arcAwaitingMyVote}`, { timeout: 2000 });
    await expect(links.invoices).toHaveText(`Invoices awaiting approval: ${overview.invoicesAwaitingApproval}`, { timeout: 2000 });
    await expect(links.violations).toHaveText(`Open violations: ${overview.violationsOpen}`, { timeout: 2000 });
    await expect(links.toDos).toHaveText(`Open to-do items: ${overview.toDosOpen}`, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(links.arcs).toHaveAttribute('href', '/board/arcs');
  await expect(links.invoices).toHaveAttribute('href', '/board/invoices');
  await expect(links.violations).toHaveAttribute('href', '/board/violations');
  await expect(links.toDos).toHaveAttribute('href', '/board/to-do-list');

  // The requests awaiting the member's vote: the overdue storage shed says so in words.
  const list = awaitingList(page);
  const shed = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Backyard storage shed', exact: true }) });
  await expect(shed).toContainText('Marcus Johnson, 506 Maple Grove Lane, Atlanta, GA 30301');
  await expect(shed).toContainText(/Overdue: the board's answer was due [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(shed.getByRole('link', { name: 'Open Backyard storage shed' })).toHaveAttribute('href', /^\/board\/arcs\/\d+$/);
  await expect(shed.getByRole('button', { name: 'Approve Backyard storage shed' })).toBeVisible();
  const fence = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Replace backyard fence', exact: true }) });
  await expect(fence).toContainText(/Due [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(fence).not.toContainText('Overdue');
  expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(shed.getByRole('button', { name: 'Decline Backyard storage shed' })).toBeVisible();
  await expectAccessible(page);
});

test('a request approved in place leaves the list and lowers the count; a decline needs a comment', async ({ page, browser }) => {
  const subject = `Cedar mailbox post ${Date.now()}`;
  await submitRequest(browser, subject);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, board.email, board.password);
  const list = awaitingList(page);
  const mine = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject, exact: true }) });
  await expect(mine).toContainText(`${applicant.name}, 512 Maple Grove Lane, Atlanta, GA 30301`);
  const arcs = countLinks(page).arcs;
  await expect(arcs).toBeVisible();
  const before = Number((await arcs.textContent())?.match(/(\d+)$/)?.[1]);
  expect(before).toBeGreaterThan(0);

  // Declining says why: without a comment the form refuses, next to the field and in its summary.
  await mine.getByRole('button', { name: `Decline ${subject}` }).click();
  const declining = page.getByRole('alertdialog', { name: `Decline “${subject}”` });
  await expect(declining).toBeVisible();
  await expect(declining.getByRole('region', { name: 'The request' })).toContainText(applicant.name);
  await declining.getByRole('button', { name: 'Record my decline' }).click();
  await expect(declining.getByText('Say why you decline the request.')).toHaveCount(2);
  await expect(declining.getByLabel(/^Reason for declining/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await declining.getByRole('button', { name: 'Cancel' }).click();
  await expect(declining).toHaveCount(0);
  await expect(mine).toBeVisible();

  // Approving, with a comment: recorded, said so, and the request leaves the list.
  await mine.getByRole('button', { name: `Approve ${subject}` }).click();
  const approving = page.getByRole('alertdialog', { name: `Approve “${subject}”` });
  await approving.getByLabel(/^Comment \(optional\)/).fill('Matches the fence; fine with me.');
  await approving.getByRole('button', { name: 'Record my approval' }).click();
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Your approval was recorded.' })).toContainText(subject);
  await expect(approving).toHaveCount(0);
  await expect(mine).toHaveCount(0);
  await expect(arcs).toHaveText(`Architectural requests awaiting your vote: ${before - 1}`);

  // The server has the vote with its comment.
  const associationId = await mapleGroveId(page);
  const overview = await apiGet<TaskOverview>(page, `/api/action-items/BoardMember/BoardMemberTaskOverview?associationId=${associationId}`);
  expect(overview.arcAwaitingMyVote).toBe(before - 1);
  const filter = encodeURIComponent(JSON.stringify({ subject: { type: 'equals', filter: subject } }));
  const { rows } = await apiGet<{ rows: { id: number; myVote: string | null; approveVotes: number }[] }>(page, `/api/action-items/Board/ArcRequests?associationId=${associationId}&filter=${filter}`);
  expect(rows).toEqual([expect.objectContaining({ myVote: 'approve', approveVotes: 1 })]);
  const detail = await apiGet<{ history: { action: string; vote: string; comment: string | null }[] }>(page, `/api/action-items/Board/ArcRequests/${rows[0].id}`);
  expect(detail.history).toEqual([expect.objectContaining({ action: 'vote', vote: 'approve', comment: 'Matches the fence; fine with me.' })]);
});

test('a homeowner who is not on the board sees no board widgets, and the page asks the server for none', async ({ page }) => {
  const boardReads: string[] = [];
  page.on('request', (request) => {
    if (/\/BoardMember\/|\/Board\/ArcRequests/.test(request.url())) boardReads.push(request.url());
  });
  await signInQuickly(page, homeowner.email, homeowner.password);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
  // The homeowner's own lists have loaded: the board's would have by now.
  await expect(main.getByRole('heading', { level: 2, name: 'Unread messages' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Board actions' })).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'Architectural requests awaiting your vote' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: /awaiting your vote/ })).toHaveCount(0);
  expect(boardReads).toEqual([]);
});
