import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// Files attached to homeowner requests: added after submitting a new request and on the open
// request, listed with who added them, downloaded, PDFs and pictures shown in the page; management
// sees the homeowner's files on the same screen. Requests that get files are made by the test.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
// A 1×1 PNG, made here so that the test needs no file of its own.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Notes in the page whether an upload's progress (its bar and "Uploading… n%") was ever shown. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { progressSeen?: boolean };
    seen.progressSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('progress') && /Uploading… \d+%/.test(document.body.textContent ?? '')) seen.progressSeen = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function openRequest(page: Page, subject: string) {
  await page.goto('/community/requests');
  await page.getByRole('main').getByRole('link', { name: `Open ${subject}` }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: subject, level: 2 })).toBeVisible();
}

test('a homeowner attaches a picture to a new request and downloads it; a text named .pdf is refused; management sees the file', async ({ page, browser }) => {
  // Two people, several screens and uploads: longer than most.
  test.setTimeout(90_000);
  const subject = `Broken mailbox post ${Date.now()}`;
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/new-request');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'General request' }).check();
  await main.getByLabel('Subject').fill(subject);
  await main.getByLabel('Description').fill('The mailbox post at the corner is leaning after the storm.');
  await main.getByRole('button', { name: 'Submit request' }).click();

  // The confirmation offers to attach files; a general request has no word about the board.
  await expect(main.getByRole('heading', { name: 'Add files to your request', level: 2 })).toBeVisible();
  await expect(main.getByText(`“${subject}” has been sent to management.`, { exact: false })).toBeVisible();
  await expect(main.getByText(/help the board review/)).toHaveCount(0);
  await expect(main.getByText('No files attached yet.')).toBeVisible();
  const chooser = main.getByLabel('Attach a file to your request');

  // A text file named .pdf: the server's message beside the upload, and nothing is attached.
  await chooser.setInputFiles({ name: 'estimate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Not a PDF at all, only text.\n') });
  await main.getByRole('button', { name: 'Attach file' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'This file is not what its name says' })).toBeVisible();
  await expect(chooser).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText('No files attached yet.')).toBeVisible();

  // A picture: its progress while it is sent, then the list shows it.
  await watchProgress(page);
  await chooser.setInputFiles({ name: 'mailbox.png', mimeType: 'image/png', buffer: PNG });
  await main.getByRole('button', { name: 'Attach file' }).click();
  await expect(page.getByText('File attached.')).toBeVisible();
  await expect(main.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveText([`mailbox.png (${PNG.length} bytes)`]);
  expect(await page.evaluate(() => (window as unknown as { progressSeen?: boolean }).progressSeen)).toBe(true);
  await main.getByRole('button', { name: 'Done' }).click();
  // Done opens the new request on its own page.
  await expect(page).toHaveURL(/\/community\/requests\/\d+$/);
  await expect(main.getByRole('heading', { name: subject, level: 2 })).toBeVisible();

  // On the open request: listed with who added it, and downloaded under its name.
  await openRequest(page, subject);
  const attachments = main.getByRole('list', { name: 'Attachments' });
  const picture = attachments.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'mailbox.png', level: 4 }) });
  await expect(picture).toContainText(/\d+ bytes, added .+ by /);
  const download = page.waitForEvent('download');
  await picture.getByRole('button', { name: 'Download mailbox.png' }).click();
  expect((await download).suggestedFilename()).toBe('mailbox.png');
  await expect(picture.getByRole('button', { name: 'View mailbox.png' })).toBeVisible();

  // Management opens the same request and sees the homeowner's file.
  const staff = await (await browser.newContext()).newPage();
  await signInQuickly(staff, manager.email, manager.password);
  await openRequest(staff, subject);
  const staffList = staff.getByRole('main').getByRole('list', { name: 'Attachments' });
  await expect(staffList.getByRole('heading', { name: 'mailbox.png', level: 4 })).toBeVisible();
  await expect(staffList.getByRole('listitem')).toHaveCount(1);
  await expect(staffList).not.toContainText('by management');
});

test('the demo fence request: its plan and photo in the page, a failed list with Try again, accessible at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  const main = page.getByRole('main');

  // The list cannot be read: the request stays usable, the list says so with its Error ID.
  let failing = true;
  await page.route('**/HomeownerRequests/*/Attachments', async (route) => {
    if (!failing || route.request().method() !== 'GET') return route.continue();
    return route.fulfill({ status: 404, contentType: 'application/problem+json', body: JSON.stringify({ status: 404, title: 'Not Found', detail: 'Request not found', errorCode: 'HRQ404', errorId: 'E2E-ATTACH-1' }) });
  });
  await openRequest(page, 'Replace backyard fence');
  const failed = main.getByRole('alert').filter({ hasText: 'The attachments could not be loaded.' });
  await expect(failed).toContainText('Error ID: E2E-ATTACH-1');
  await expect(main.getByRole('heading', { name: 'Replies', level: 3 })).toBeVisible();
  await expect(main.getByLabel('Attach a file to this request')).toBeEnabled();
  failing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  const attachments = main.getByRole('list', { name: 'Attachments' });
  await expect(attachments.getByRole('heading', { level: 4 })).toHaveText(['Fence plan.pdf', 'Current fence.png']);
  await expect(failed).toHaveCount(0);
  await expectAccessible(page);

  // The plan in the browser's PDF viewer, in a dialog; Escape closes it and focus returns.
  const viewPlan = attachments.getByRole('button', { name: 'View Fence plan.pdf' });
  await viewPlan.click();
  const dialog = page.getByRole('alertdialog', { name: 'Fence plan.pdf' });
  await expect(dialog.locator('iframe[title="Fence plan.pdf"]')).toBeVisible();
  expect(await dialog.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(viewPlan).toBeFocused();

  // The photo as a picture, at phone width, opened and closed by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  const viewPhoto = attachments.getByRole('button', { name: 'View Current fence.png' });
  await viewPhoto.focus();
  await page.keyboard.press('Enter');
  const photo = page.getByRole('alertdialog', { name: 'Current fence.png' });
  await expect(photo.getByRole('img', { name: 'Current fence.png' })).toBeVisible();
  await expectAccessible(page);
  await watchForUnnamedDialogs(page);
  await photo.getByRole('button', { name: 'Close' }).press('Enter');
  await expect(page.locator('[role="alertdialog"]')).toHaveCount(0);
  expect(await unnamedDialogsSeen(page), 'the window keeps its name while it animates away').toEqual([]);
  await expectAccessible(page);
});

/** Notes every moment a dialog on the page has no name, for as long as it is on the page. */
async function watchForUnnamedDialogs(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { unnamedDialogs: string[] }).unnamedDialogs = seen;
    const look = () => {
      for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
        const label = dialog.getAttribute('aria-labelledby');
        const name = (dialog.getAttribute('aria-label') ?? (label ? document.getElementById(label)?.textContent : '') ?? '').trim();
        if (!name) seen.push(dialog.outerHTML.slice(0, 120));
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function unnamedDialogsSeen(page: Page) {
  return page.evaluate(() => (window as unknown as { unnamedDialogs: string[] }).unnamedDialogs);
}
