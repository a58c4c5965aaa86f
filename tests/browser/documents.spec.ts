import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// The document library: a board member makes a folder, uploads (with progress), is refused a
// disguised file, an oversized one and a name already taken, previews, and deletes the folder with
// its files; a homeowner never finds a board-only document.

const board = { email: 'board@example.com', password: 'Board#2026' };

/** A one-page PDF whose text holds `words` (enough of the format for readers and for the server's check). */
function pdf(words: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${words}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${object}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Add a document to this folder').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
}

test('a board member makes a folder, uploads with progress, renames, previews and deletes it', async ({ page }) => {
  // One story from an empty folder to its deletion, with five accessibility scans: longer than most.
  test.setTimeout(120_000);
  await signInQuickly(page, board.email, board.password);
  await page.goto('/community/documents');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Governing Documents/ })).toBeVisible();
  await expectAccessible(page);

  const folder = `Landscaping ${Date.now()}`;
  await main.getByRole('button', { name: 'New folder' }).click();
  await main.getByLabel('Folder name').fill(folder);
  await main.getByRole('radio', { name: 'Owners of the association' }).check();
  await main.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByText('Folder created.')).toBeVisible();
  await main.getByRole('link', { name: new RegExp(`^${folder}`) }).click();
  await expect(main.getByRole('heading', { name: folder, level: 2 })).toBeVisible();
  await expect(main.getByText('Owners of the association can see this folder.')).toBeVisible();
  // The new folder is empty: the page says so, and offers the way back to the library.
  const empty = main.locator('.engine-empty-state');
  await expect(empty).toContainText('This folder is empty. Go back to all folders to find documents elsewhere, or search the library above.');
  await expect(empty.getByRole('link', { name: 'Back to all folders' })).toBeVisible();
  await expect(empty.locator('svg')).toHaveAttribute('aria-hidden', 'true');
  // The breadcrumb: the library, then this folder last, as text.
  const crumbs = main.getByRole('list', { name: 'Folders above this one' });
  await expect(crumbs.getByRole('listitem').last()).toHaveText(folder);
  await expect(crumbs.getByRole('link')).toHaveCount(0);

  // Nothing chosen, a text disguised as a PDF, a file over the limit: each refused with its message.
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(main.getByText('Choose a file to upload.')).toBeVisible();
  await upload(page, { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all, just text') });
  await expect(main.getByRole('alert').filter({ hasText: /cannot be uploaded|not allowed|type/i })).toBeVisible();
  await upload(page, { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(26 * 1024 * 1024, 1) });
  await expect(main.getByText('The file is too large. The maximum size is 25 MB.')).toBeVisible();

  // Progress is shown while the file is sent.
  await page.evaluate(() => {
    const seen = window as unknown as { progressSeen?: boolean };
    new MutationObserver(() => { if (document.querySelector('progress')) seen.progressSeen = true; }).observe(document.body, { childList: true, subtree: true });
  });
  await upload(page, { name: 'Mowing schedule.pdf', mimeType: 'application/pdf', buffer: pdf('Mowing on Tuesdays, hedges in May') });
  await expect(page.getByText('Document uploaded.')).toBeVisible();
  await expect(empty).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { progressSeen?: boolean }).progressSeen)).toBe(true);
  await upload(page, { name: 'Contractors.txt', mimeType: 'text/plain', buffer: Buffer.from('Green Thumb Landscaping, 404-555-0100\n') });
  await expect(main.getByRole('heading', { name: 'Contractors.txt', level: 3 })).toBeVisible();

  // A name already taken in the folder.
  await main.getByRole('button', { name: 'Rename Contractors.txt' }).click();
  await main.getByLabel('New name').fill('mowing SCHEDULE.pdf');
  await main.getByRole('button', { name: 'Save name' }).click();
  await expect(main.getByText('This name already exists, please enter a different name.')).toBeVisible();
  await main.getByLabel('New name').fill('Approved contractors.txt');
  await main.getByRole('button', { name: 'Save name' }).click();
  await expect(main.getByRole('heading', { name: 'Approved contractors.txt', level: 3 })).toBeVisible();
  await expectAccessible(page);

  // The PDF in the page.
  await main.getByRole('link', { name: 'Preview Mowing schedule.pdf' }).click();
  await expect(page).toHaveURL(/\/document\/\d+\/\d+\/preview$/);
  await expect(page.getByRole('heading', { name: 'Mowing schedule.pdf', level: 1 })).toBeVisible();
  await expect(page.locator('iframe[title="Mowing schedule.pdf"]')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to the folder' }).click();

  // Deleting the folder deletes what is in it.
  await main.getByRole('button', { name: 'Delete this folder' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${folder} will be deleted with every folder and document in it.`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Folder deleted.')).toBeVisible();
  await expect(main.getByRole('link', { name: /^Governing Documents/ })).toBeVisible();
  await expect(main.getByRole('link', { name: new RegExp(`^${folder}`) })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test('a homeowner never finds a board-only document; the board does', async ({ browser }) => {
  // Two people signed in, searches and folders each: longer than most on a busy machine.
  test.setTimeout(90_000);
  const page = await (await browser.newContext()).newPage();
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/documents');
  const main = page.getByRole('main');
  // Cedar Point (the homeowner's selected property) has shared no documents: the page says what to do.
  const empty = main.locator('.engine-empty-state');
  await expect(empty).toContainText('Your association has not shared any documents yet. If you need one, ask the management company.');
  await expect(empty.getByRole('link', { name: 'Send a message' })).toBeVisible();
  await expectAccessible(page);
  // Maple Grove's library by its address.
  await page.goto('/Homeowner_v2/Documents');
  await expect(page).toHaveURL(/\/community\/documents$/);
  const mapleGrove = await page.evaluate(async () => {
    const response = await fetch('/api/users/HomeSettings', { headers: { authorization: `Bearer ${localStorage.getItem('portal.token')}` } });
    const settings = await response.json() as { userSettings: { associations: { id: number; name: string }[] } };
    return settings.userSettings.associations.find((a) => a.name === 'Maple Grove HOA')?.id;
  });
  await page.goto(`/community/documents/a/${mapleGrove}/f`);
  await expect(main.getByRole('link', { name: /^Financials/ })).toBeVisible();
  await expect(main.getByRole('link', { name: /^Board Only/ })).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'Manage this library' })).toHaveCount(0);
  await main.getByLabel('Search documents').fill('quorum-eucalyptus');
  await main.getByRole('button', { name: 'Search' }).click();
  await expect(main.getByText('No documents match.')).toBeVisible();
  await main.getByLabel('Search documents').fill('budget');
  await main.getByRole('button', { name: 'Search' }).click();
  await expect(main.getByRole('heading', { name: /Annual Budget 2026/, level: 3 })).toBeVisible();
  await expectAccessible(page);

  // A picture in the page.
  await page.goto(`/community/documents/a/${mapleGrove}/f`);
  await main.getByRole('link', { name: /^Community Photos/ }).click();
  await main.getByRole('link', { name: /^Preview Entrance Sign/ }).click();
  await expect(page.getByRole('img', { name: /Entrance Sign/ })).toBeVisible();

  const boardPage = await (await browser.newContext()).newPage();
  await signInQuickly(boardPage, board.email, board.password);
  await boardPage.goto('/community/documents');
  await boardPage.getByLabel('Search documents').fill('quorum-eucalyptus');
  await boardPage.getByRole('button', { name: 'Search' }).click();
  await expect(boardPage.getByRole('heading', { name: /Board Minutes/, level: 3 })).toBeVisible();
  await expect(boardPage.getByText(/In Board Only/)).toBeVisible();
});

test('the public page offers the public folders without signing in, and nothing else', async ({ page }) => {
  await page.goto('/public?association=maplegrove');
  // The page arrives rendered ahead of time, without the address's association; its link to the
  // documents names it once the page's code runs.
  const documents = page.getByRole('link', { name: 'Documents', exact: true });
  await expect(documents).toHaveAttribute('href', '/public/community/documents?association=maplegrove');
  await documents.click();
  await expect(page).toHaveURL(/\/public\/community\/documents\?association=maplegrove$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Maple Grove HOA: documents', level: 1 })).toBeVisible();
  await expect(main.getByRole('link', { name: /^Community Photos/ })).toBeVisible();
  await expect(main.getByRole('link', { name: /^Financials/ })).toHaveCount(0);
  await expect(main.getByRole('link', { name: /^Board Only/ })).toHaveCount(0);
  await expectAccessible(page);
  await main.getByRole('link', { name: /^Governing Documents/ }).click();
  await expect(main.getByRole('heading', { name: 'Governing Documents', level: 2 })).toBeVisible();
  // The page header's trail: all folders (the public library, keeping the association), then this folder.
  const trail = main.getByRole('navigation', { name: 'Folder path' });
  await expect(trail.getByRole('link', { name: 'All folders' })).toHaveAttribute('href', '/public/community/documents?association=maplegrove');
  await expect(trail.getByRole('listitem').last()).toHaveText('Governing Documents');
  await expect(trail.locator('[aria-current="page"]')).toHaveText('Governing Documents');
  await expect(main.getByRole('heading', { name: /Community Rules and Regulations/, level: 3 })).toBeVisible();
  await main.getByRole('link', { name: /^Preview Community Rules/ }).click();
  await expect(page.locator('iframe[title^="Community Rules"]')).toBeVisible();
  // The way back is to the public folder, not into the residents' library behind a sign-in.
  await main.getByRole('link', { name: 'Back to the folder' }).click();
  await expect(page).toHaveURL(/\/public\/community\/documents\/\d+\?association=maplegrove$/);
  await expect(main.getByRole('heading', { name: 'Governing Documents', level: 2 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test('a document row names its file once, with its kind\'s icon, size and date; its buttons say what they do', async ({ page }) => {
  // Three accessibility scans of a folder with every manager's button.
  test.setTimeout(120_000);
  await signInQuickly(page, board.email, board.password);
  await page.goto('/community/documents');
  const main = page.getByRole('main');
  // Each folder has a folder's icon, hidden from assistive technology (its name says it is a folder).
  const folderRow = main.getByRole('list', { name: 'Folders' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Financials/ }) });
  await expect(folderRow.locator('svg.lucide-folder')).toHaveAttribute('aria-hidden', 'true');
  await main.getByRole('link', { name: /^Financials/ }).click();
  const heading = main.getByRole('heading', { level: 3, name: /^Annual Budget 2026/ });
  await expect(heading).toBeVisible();
  const name = (await heading.innerText()).trim();
  // The name leads to the document.
  await expect(heading.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/document\/\d+\/\d+\/preview$/);
  const row = main.getByRole('list', { name: 'Documents in this folder' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  // A PDF's icon, decorative; its size as people read it and the day it was added.
  await expect(row.locator('.engine-icon')).toHaveAttribute('aria-hidden', 'true');
  await expect(row.locator('.engine-icon svg')).toHaveClass(/lucide-file-text/);
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB|bytes), added [A-Z][a-z]+ \d{1,2}, \d{4}/);
  for (const [role, action] of [['button', 'Download'], ['link', 'Preview'], ['button', 'Rename'], ['button', 'Duplicate'], ['button', 'Move'], ['button', 'Delete']] as const) {
    await expect(row.getByRole(role, { name: `${action} ${name}`, exact: true })).toHaveText(action);
  }
  expect((await row.innerText()).split(name).length - 1).toBe(1);
  // The breadcrumb: the library's link, then this folder last, as text.
  const crumbs = main.getByRole('list', { name: 'Folders above this one' });
  await expect(crumbs.getByRole('listitem').last()).toHaveText('Financials');
  await expect(crumbs.getByRole('link')).toHaveCount(0);
  await expect(crumbs.locator('svg')).toHaveAttribute('aria-hidden', 'true');

  // On a wide screen the row's buttons are on one line.
  await page.setViewportSize({ width: 1280, height: 900 });
  const middles = await row.locator('button, a').filter({ hasText: /^(Download|Preview|Rename|Duplicate|Move|Delete)$/ }).evaluateAll(
    (controls) => controls.map((control) => { const { top, height } = control.getBoundingClientRect(); return Math.round(top + height / 2); }),
  );
  expect(middles).toHaveLength(6);
  expect(new Set(middles).size).toBe(1);
  await expectAccessible(page);
  await page.setViewportSize({ width: 900, height: 900 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
});
