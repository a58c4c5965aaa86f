import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// Content pages: Summit's admin writes a company page in the console (/manage/pages) whose text has
// a <script> tag and a link, after the server refuses a javascript: link under the text field; the
// preview shows the tag as text. The homeowner opens /custom/<key> (and the legacy Custom_v2/<key>):
// the tag shows as text, no dialog ever opens, and the link works. An unknown key is the not-found
// page, answered 404 by the server. Axe at 1280 and 390 px on the console screen and on the page.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
// Its own key each run: the data directory may be shared with an earlier run.
const key = `rules-${Date.now().toString(36)}`;
const title = 'Clubhouse rules';
const script = '<script>alert(1)</script>';

test.describe.configure({ mode: 'serial' });

/** Fails the test on any dialog the page opens (an alert a script would raise). */
function refuseDialogs(page: Page, opened: string[]) {
  page.on('dialog', async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
}

test('the admin writes a page in the console with a live preview; a javascript: link is refused', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const opened: string[] = [];
  refuseDialogs(page, opened);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, manager.email, manager.password);
  await page.goto('/manage');
  await page.getByRole('main').getByRole('link', { name: 'Pages', exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/pages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New page' }).click();
  await expect(page.getByRole('radio', { name: "The company's (every association)" })).toBeChecked();
  await page.getByLabel(/^Key/).fill(key);
  await page.getByLabel(/^Title/).fill(title);
  const body = page.getByLabel(/^Text \(Markdown\)/);
  await body.fill(`Quiet hours after 10 pm. ${script}\n\n[Bad link](javascript:alert(2))`);
  // The preview follows the text: the tag as text, the refused link as its words alone.
  const preview = page.getByRole('region', { name: 'Preview of the page' });
  await expect(preview).toContainText(script);
  await expect(preview.getByRole('link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByRole('main').getByText(/Links and images may only go to http, https or mailto addresses; "javascript:alert\(2\)" is not one/).first()).toBeVisible();
  await expect(body).toHaveAttribute('aria-invalid', 'true');

  await body.fill(`Quiet hours after 10 pm. ${script}\n\nRead the [privacy policy](${baseURL}/privacy-policy).`);
  await expect(preview.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', `${baseURL}/privacy-policy`);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Page saved' })).toContainText(title);
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: `/custom/${key}` });
  await expect(row).toContainText("For every association (the company's page)");
  await expect(row.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });
  expect(opened).toEqual([]);
});

test('the homeowner reads the page: the script tag is text, no dialog opens, the link works', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const opened: string[] = [];
  refuseDialogs(page, opened);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  expect((await page.goto(`/custom/${key}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(script);
  await expect(main.locator('script')).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, { skipContrast: true });

  const link = main.getByRole('link', { name: 'privacy policy' });
  await expect(link).toHaveAttribute('href', `${baseURL}/privacy-policy`);
  await link.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);

  // The legacy address arrives at the same page; an unknown key is the not-found page.
  await page.goto(`/Custom_v2/${key}`);
  await expect(page).toHaveURL(new RegExp(`/custom/${key}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The server answers 404 for a key no association has, and the app shows not-found.
  expect((await page.goto('/custom/no-such-page-here'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  expect(opened).toEqual([]);
});
