import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signInQuickly } from './helpers.ts';

// The board's lists at Maple Grove: every screen reads its rows from the server and passes axe at
// both widths; invoices are approved and declined (a decline needs a comment; a decision already
// taken by another member is refused with the reason); a to-do item is checked off and opened again;
// a filter narrows the collections; a report's CSV download holds the rows the grid shows.

const board = { email: 'board@example.com', password: 'Board#2026', name: 'Taylor Brooks' };
const board2 = { email: 'board2@example.com', password: 'Board2#2026' };

const LISTS = [
  { path: '/board/bank-accounts', heading: 'Bank accounts', grid: 'board-bank-accounts', row: 'Operating' },
  { path: '/board/collections', heading: 'Collections', grid: 'board-collections' },
  { path: '/board/homeowners', heading: 'Homeowners', grid: 'board-homeowners' },
  { path: '/board/inspections', heading: 'Inspections', grid: 'board-inspections', row: 'Clubhouse' },
  { path: '/board/violations', heading: 'Violations', grid: 'board-violations', row: '420 Maple Grove Lane' },
  { path: '/board/invoices', heading: 'Invoices', grid: 'board-invoices', row: 'Summit Community Management' },
  { path: '/board/to-do-list', heading: 'To-do list', grid: 'board-to-do-list', row: 'Send the annual meeting notice' },
  { path: '/board/work-orders', heading: 'Work orders', grid: 'board-work-orders', row: 'Peachtree Paving' },
  { path: '/board/reports', heading: 'Reports', grid: 'board-delinquency' },
];

const grid = (page: Page, id: string) => page.locator(`[data-grid="${id}"]`);

/** The grid's rows in the DOM that hold data, in row order (the infinite model renders a window of them). */
const rowsOf = (page: Page, id: string) => grid(page, id).locator('.ag-grid-scrolling-container .ag-row:not(.ag-row-loading)');

function rowWith(page: Page, id: string, text: string): Locator {
  return rowsOf(page, id).filter({ hasText: text });
}

/** "Rows found: 1,234" above a paged grid, as a number. */
async function rowsFound(page: Page, id: string): Promise<number> {
  const line = grid(page, id).getByText(/^Rows found: /);
  await expect(line).toBeVisible();
  return Number((await line.textContent())!.replace(/\D/g, ''));
}

/** The cells of one column of the rendered rows, in row order. */
async function columnTexts(page: Page, id: string, field: string): Promise<string[]> {
  return rowsOf(page, id).evaluateAll((rows, colId) => rows
    .map((row) => ({ index: Number(row.getAttribute('row-index')), text: row.querySelector(`[col-id="${colId}"]`)?.textContent?.trim() ?? '' }))
    .sort((a, b) => a.index - b.index)
    .map((cell) => cell.text), field);
}

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (char === '"') quoted = false; else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') { record.push(field); field = ''; } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field); records.push(record); record = []; field = ''; i += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) { record.push(field); records.push(record); }
  return records;
}

const dollars = (cell: string) => Number(cell.replace(/[$,]/g, ''));

async function openBoardPage(page: Page, path: string, heading: string) {
  await signInQuickly(page, board.email, board.password);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`every board list loads its rows from the server and passes axe at ${width} px`, async ({ page }) => {
    // Ten screens, each scanned by axe: room for a busy two-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    for (const list of LISTS) {
      await openBoardPage(page, list.path, list.heading);
      await expect(rowsOf(page, list.grid).first(), list.path).toBeVisible();
      if (list.row) await expect(rowWith(page, list.grid, list.row), list.path).toHaveCount(1);
      expect(await rowsFound(page, list.grid), list.path).toBeGreaterThan(0);
      await expectAccessible(page);
    }
    // The aging report, the other of the reports page.
    // By keyboard: focus moves to the report shown, not to the page's heading both reports repeat.
    await page.getByRole('button', { name: 'Show the aging report' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Aging report' })).toBeFocused();
    await expect(rowsOf(page, 'board-aging').first()).toBeVisible();
    await expectAccessible(page);
    // The page of every board page.
    await openBoardPage(page, '/board/more-items', 'More board pages');
    for (const name of ['Homeowners', 'Collections', 'Invoices', 'To-do list', 'Reports']) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
  });
}

test('invoices awaiting approval are approved and declined with a comment; a decision already taken is refused', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBoardPage(page, '/board/invoices', 'Invoices');
  const id = 'board-invoices';
  const brightline = rowWith(page, id, 'Brightline Electric');
  await expect(brightline.locator('[col-id="status"]')).toHaveText('Awaiting approval');

  // Another board member has the list open from before the decision.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(other, board2.email, board2.password);
  await other.goto('/board/invoices');
  await expect(rowWith(other, id, 'Brightline Electric').locator('[col-id="status"]')).toHaveText('Awaiting approval');

  // Approved, with the invoice's vendor and amount in the window; the comment is optional.
  await page.getByRole('button', { name: 'Approve the invoice of Brightline Electric' }).click();
  const approving = page.getByRole('alertdialog', { name: 'Approve the invoice of Brightline Electric' });
  await expect(approving).toContainText('$489.00');
  await expectAccessible(page);
  await approving.getByRole('button', { name: 'Approve invoice' }).click();
  await expect(page.getByText('Invoice approved. Your decision was recorded.')).toBeVisible();
  await expect(approving).toBeHidden();
  await expect(brightline.locator('[col-id="status"]')).toHaveText('Approved');
  await expect(brightline.locator('[col-id="decidedBy"]')).toHaveText(board.name);
  await expect(brightline.getByRole('button')).toHaveCount(0);

  // The other member's decision on the same invoice is refused with the reason, in the window.
  await other.getByRole('button', { name: 'Decline the invoice of Brightline Electric' }).click();
  const late = other.getByRole('alertdialog', { name: 'Decline the invoice of Brightline Electric' });
  await late.getByLabel(/^Why is it declined\?/).fill('Too expensive.');
  await late.getByRole('button', { name: 'Decline invoice' }).click();
  await expect(late.getByText('This invoice was already approved.')).toBeVisible();
  // The window now only says so: no decision can be sent from it; the list behind shows the approval.
  await expect(late.getByRole('button', { name: 'Decline invoice' })).toHaveCount(0);
  await expect(late.getByLabel(/^Why is it declined\?/)).toHaveCount(0);
  await expectAccessible(other);
  await late.getByRole('button', { name: 'Cancel' }).click();
  await expect(late).toBeHidden();
  await expect(rowWith(other, id, 'Brightline Electric').locator('[col-id="status"]')).toHaveText('Approved');
  await otherContext.close();

  // Declining needs a comment: the error is next to the field and in the summary; nothing is sent.
  const greenscape = rowWith(page, id, 'GreenScape Landscaping');
  await page.getByRole('button', { name: 'Decline the invoice of GreenScape Landscaping' }).click();
  const declining = page.getByRole('alertdialog', { name: 'Decline the invoice of GreenScape Landscaping' });
  await expect(declining).toContainText('$1,850.00');
  await declining.getByRole('button', { name: 'Decline invoice' }).click();
  await expect(declining.getByText('Say why the invoice is declined.')).toHaveCount(2);
  await expectAccessible(page);
  await expect(greenscape.locator('[col-id="status"]')).toHaveText('Awaiting approval');
  await declining.getByLabel(/^Why is it declined\?/).fill('The grounds were not mowed this month.');
  await declining.getByRole('button', { name: 'Decline invoice' }).click();
  await expect(page.getByText('Invoice declined. Your decision was recorded.')).toBeVisible();
  await expect(declining).toBeHidden();
  await expect(greenscape.locator('[col-id="status"]')).toHaveText('Declined');
  await expect(greenscape.locator('[col-id="comment"]')).toHaveText('The grounds were not mowed this month.');
  await expect(greenscape.getByRole('button')).toHaveCount(0);
});

test('by keyboard, Enter on a cell of buttons moves into them, Tab goes from one to the next, Enter presses it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBoardPage(page, '/board/invoices', 'Invoices');
  const row = rowWith(page, 'board-invoices', 'AquaClear Pools');
  await expect(row.getByRole('button')).toHaveCount(2);
  // The keyboard reaches the cell first (ag-grid's own focus), as from an arrow key or Tab.
  const cell = row.locator('.ag-cell[col-id="decision"]');
  await cell.evaluate((element: HTMLElement) => element.focus());
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'Approve the invoice of AquaClear Pools' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: 'Decline the invoice of AquaClear Pools' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Escape');
  await expect(cell).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const approving = page.getByRole('alertdialog', { name: 'Approve the invoice of AquaClear Pools' });
  await expect(approving).toBeVisible();
  await approving.getByRole('button', { name: 'Cancel' }).click();
  await expect(approving).toBeHidden();
});

test('at 390 px every aging row keeps its account number, the Columns chooser offers every column, and an empty report says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBoardPage(page, '/board/reports', 'Reports');

  // An empty report (here: filtered to no account) says that it is empty, in the grid's place.
  const delinquency = grid(page, 'board-delinquency');
  await expect(rowsOf(page, 'board-delinquency').first()).toBeVisible();
  await delinquency.locator('.ag-header-cell[col-id="accountNumber"] .ag-header-cell-filter-button').click();
  await page.locator('.ag-filter input[type="text"]:visible').first().fill('no such account');
  await page.keyboard.press('Escape');
  await expect(delinquency.getByText('No account is 30 days or more past due.')).toBeVisible();

  await page.getByRole('button', { name: 'Show the aging report' }).click();
  const aging = grid(page, 'board-aging');
  await expect(rowsOf(page, 'board-aging').first()).toBeVisible();
  // The grid draws a row's cells after the row itself, and again when its columns are fitted.
  await expect.poll(async () => (await columnTexts(page, 'board-aging', 'accountNumber')).filter((account) => account === '').length).toBe(0);
  const accounts = await columnTexts(page, 'board-aging', 'accountNumber');
  expect(accounts.length).toBeGreaterThan(0);
  expect(new Set(accounts).size).toBe(accounts.length);

  await aging.getByRole('button', { name: 'Columns' }).click();
  const offered = await aging.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent?.trim()));
  expect(offered).toEqual(['Account', 'Owner', 'Current (0-29 days)', '30-59 days', '60-89 days', '90+ days', 'Total']);
  // A column the width leaves out shows once chosen.
  await expect(aging.locator('.ag-header-cell[col-id="days60Cents"]')).toHaveCount(0);
  await aging.getByRole('checkbox', { name: '60-89 days' }).check();
  await expect(aging.locator('.ag-header-cell[col-id="days60Cents"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page);
});

test('a to-do item checked off shows who and when, and can be opened again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBoardPage(page, '/board/to-do-list', 'To-do list');
  const id = 'board-to-do-list';
  const title = 'Plan the community picnic';
  const item = rowWith(page, id, title);
  await expect(item.locator('[col-id="done"]')).toHaveText('No');
  await page.getByRole('button', { name: `Mark done: ${title}` }).click();
  await expect(page.getByText('Checked off.')).toBeVisible();
  await expect(item.locator('[col-id="done"]')).toHaveText('Yes');
  await expect(item.locator('[col-id="doneBy"]')).toHaveText(board.name);
  // The day at the association (the demo associations are in New York), as the list shows it.
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' });
  await expect(item.locator('[col-id="doneAt"]')).toContainText(today);
  // Opened again: who and when are cleared (leaving the demo list as it was).
  await page.getByRole('button', { name: `Reopen: ${title}` }).click();
  await expect(page.getByText('Opened again.')).toBeVisible();
  await expect(item.locator('[col-id="done"]')).toHaveText('No');
  await expect(item.locator('[col-id="doneBy"]')).toHaveText('');
});

test('a balance filter on collections narrows the rows to the accounts owing more than $100', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBoardPage(page, '/board/collections', 'Collections');
  const id = 'board-collections';
  await expect(rowsOf(page, id).first()).toBeVisible();
  const before = await rowsFound(page, id);

  // Balance greater than $100 (typed in dollars; the server filters cents).
  await grid(page, id).locator('.ag-header-cell[col-id="balanceCents"] .ag-header-cell-filter-button').click();
  const filter = page.locator('.ag-filter');
  await filter.getByRole('combobox').first().click();
  await page.getByRole('option', { name: 'Greater than' }).click();
  await filter.getByRole('textbox').or(filter.getByRole('spinbutton')).first().fill('100');
  await expect.poll(() => rowsFound(page, id)).toBeLessThan(before);
  await page.keyboard.press('Escape');
  const after = await rowsFound(page, id);
  expect(after).toBeGreaterThan(0);
  const balances = (await columnTexts(page, id, 'balanceCents')).map(dollars);
  expect(balances.length).toBeGreaterThan(0);
  expect(balances.every((dollarsOwed) => dollarsOwed > 100)).toBe(true);
});

/**
 * Presses a grid's Download CSV and returns the file. An export that fails shows its message in the
 * grid and never downloads: the test then fails with that message instead of waiting out its time.
 */
async function downloadCsv(page: Page, id: string): Promise<Download> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  download.catch(() => {}); // the message may win the race below
  await grid(page, id).getByRole('button', { name: 'Download CSV' }).click();
  const message = grid(page, id).getByRole('alert').first();
  const failed = message.waitFor({ timeout: 60_000 }).then(async () => {
    throw new Error(`the ${id} export failed: ${await message.textContent()}`);
  }, () => new Promise<never>(() => {}));
  failed.catch(() => {}); // a message after the download is not this export's
  return Promise.race([download, failed]);
}

test('the reports download as CSV files whose rows match the grid', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBoardPage(page, '/board/reports', 'Reports');
  for (const report of [
    { id: 'board-delinquency', header: ['Account', 'Owner', 'Address', 'Balance', 'Days past due', 'Stage', 'Oldest unpaid charge'], amount: 'balanceCents', money: 3 },
    { id: 'board-aging', header: ['Account', 'Owner', 'Current (0-29 days)', '30-59 days', '60-89 days', '90+ days', 'Total'], amount: 'totalCents', money: 6 },
  ]) {
    if (report.id === 'board-aging') await page.getByRole('button', { name: 'Show the aging report' }).click();
    await expect(rowsOf(page, report.id).first()).toBeVisible();
    const total = await rowsFound(page, report.id);
    const download = await downloadCsv(page, report.id);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const records = parseCsv(await readFile((await download.path())!, 'utf8'));
    // The visible columns, in order, under their titles; every matching row, in the grid's order.
    expect(records[0]).toEqual(report.header);
    const rows = records.slice(1);
    expect(rows).toHaveLength(total);
    const accounts = await columnTexts(page, report.id, 'accountNumber');
    const owners = await columnTexts(page, report.id, 'owner');
    const amounts = (await columnTexts(page, report.id, report.amount)).map(dollars);
    expect(accounts.length).toBeGreaterThan(0);
    expect(rows.slice(0, accounts.length).map((row) => row[0])).toEqual(accounts);
    expect(rows.slice(0, owners.length).map((row) => row[1])).toEqual(owners);
    expect(rows.slice(0, amounts.length).map((row) => Number(row[report.money]))).toEqual(amounts);
  }
});
