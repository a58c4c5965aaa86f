import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// Reorganising the document library: a board member moves a document and a folder (by keyboard),
// is refused a name already taken and a permission more open than the folder above, and makes a
// folder board-only, after which a homeowner no longer sees it. Every folder is made here, so other
// specs running at the same time on the same server are not disturbed.

const board = { email: 'board@example.com', password: 'Board#2026' };

async function newFolder(main: Locator, name: string) {
  await main.getByRole('button', { name: 'New folder' }).click();
  await main.getByLabel('Folder name').fill(name);
  await main.getByRole('radio', { name: 'Owners of the association' }).check();
  await main.getByRole('button', { name: 'Create folder' }).click();
  await expect(main.getByRole('link', { name: new RegExp(`^${name} \\(`) })).toBeVisible();
}

async function uploadText(page: Page, name: string, text: string) {
  await page.getByLabel('Add a document to this folder').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name, level: 3 })).toBeVisible();
}

test('a board member moves a document and a folder, and makes a folder board-only', async ({ page, browser }) => {
  // One story over several folders with four accessibility scans: longer than most.
  test.setTimeout(150_000);
  const stamp = Date.now();
  const outer = `Archive ${stamp}`;
  const inner = `Projects ${stamp}`;
  const sub = `Drafts ${stamp}`;
  await signInQuickly(page, board.email, board.password);
  await page.goto('/community/documents');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Governing Documents/ })).toBeVisible();
  await newFolder(main, outer);
  await newFolder(main, inner);

  await main.getByRole('link', { name: new RegExp(`^${outer} \\(`) }).click();
  await expect(main.getByRole('heading', { name: outer, level: 2 })).toBeVisible();
  const outerPath = new URL(page.url()).pathname;
  await main.getByRole('link', { name: 'All folders', exact: true }).click();
  await main.getByRole('link', { name: new RegExp(`^${inner} \\(`) }).click();
  await expect(main.getByRole('heading', { name: inner, level: 2 })).toBeVisible();
  await newFolder(main, sub);
  await uploadText(page, 'Notes.txt', 'Paint colours for the clubhouse\n');

  // A document into another folder: every other folder is offered by its path.
  await main.getByRole('button', { name: 'Move Notes.txt' }).click();
  await expect(main.getByRole('heading', { name: 'Move Notes.txt', level: 2 })).toBeVisible();
  await expect(main.getByRole('radio', { name: `${inner} / ${sub}`, exact: true })).toBeVisible();
  await expect(main.getByRole('radio', { name: inner, exact: true })).toHaveCount(0);
  await main.getByRole('radio', { name: outer, exact: true }).check();
  await main.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Document moved.')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Notes.txt', level: 3 })).toHaveCount(0);

  // The same name in the target: refused with DOC004's message in the form, nothing moved.
  await uploadText(page, 'notes.TXT', 'A second copy\n');
  await main.getByRole('button', { name: 'Move notes.TXT' }).click();
  await main.getByRole('radio', { name: outer, exact: true }).check();
  await main.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(main.getByText('This name already exists, please enter a different name.')).toBeVisible();
  await expectAccessible(page);
  await main.getByRole('button', { name: 'Cancel' }).click();
  await expect(main.getByRole('heading', { name: 'notes.TXT', level: 3 })).toBeVisible();

  // The folder into another, by keyboard: neither itself nor its subfolder is offered.
  await main.getByRole('button', { name: 'Move this folder' }).click();
  await expect(main.getByRole('heading', { name: `Move ${inner}`, level: 2 })).toBeVisible();
  await expect(main.getByRole('radio', { name: inner, exact: true })).toHaveCount(0);
  await expect(main.getByRole('radio', { name: `${inner} / ${sub}`, exact: true })).toHaveCount(0);
  await expect(main.getByRole('radio', { name: 'The top of the library' })).toHaveCount(0);
  await expectAccessible(page);
  const target = main.getByRole('radio', { name: outer, exact: true });
  await target.focus();
  await page.keyboard.press('Space');
  await expect(target).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(main.getByRole('button', { name: 'Move', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Folder moved.')).toBeVisible();
  // The breadcrumb now runs through the other folder.
  await expect(main.getByRole('link', { name: outer, exact: true })).toBeVisible();
  const innerPath = new URL(page.url()).pathname;

  // The moved folder is inside the other, with its document.
  await page.goto(outerPath);
  await expect(main.getByRole('link', { name: new RegExp(`^${inner} \\(1\\)`) })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Notes.txt', level: 3 })).toBeVisible();

  // Who can see it: more open than the folder above is refused; board only is kept.
  await page.goto(innerPath);
  await main.getByRole('button', { name: 'Change who can see this folder' }).click();
  await expect(main.getByRole('radio', { name: 'Owners of the association' })).toBeChecked();
  await expect(main.getByText(/Files in the folder follow its setting/)).toBeVisible();
  await main.getByRole('radio', { name: /^Everyone/ }).check();
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(main.getByText(/A folder cannot be more open than the folder it is in/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await main.getByRole('radio', { name: 'Only the board and management' }).check();
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Who can see the folder was changed.')).toBeVisible();
  await expect(main.getByText('Only the board and management can see this folder.')).toBeVisible();

  // A homeowner of the association sees the outer folder, but no longer the one made board-only.
  const homeownerPage = await (await browser.newContext()).newPage();
  await signInQuickly(homeownerPage, homeowner.email, homeowner.password);
  await homeownerPage.goto(outerPath);
  const homeownerMain = homeownerPage.getByRole('main');
  await expect(homeownerMain.getByRole('heading', { name: outer, level: 2 })).toBeVisible();
  await expect(homeownerMain.getByRole('heading', { name: 'Notes.txt', level: 3 })).toBeVisible();
  await expect(homeownerMain.getByRole('link', { name: new RegExp(`^${inner}`) })).toHaveCount(0);
  await homeownerPage.goto(innerPath);
  await expect(homeownerMain.getByText('This folder could not be loaded.', { exact: false })).toBeVisible();

  // Tidy up: the outer folder goes with everything in it.
  await page.goto(outerPath);
  await main.getByRole('button', { name: 'Delete this folder' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Folder deleted.')).toBeVisible();
});
