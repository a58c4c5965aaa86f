import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ViteDevServer } from 'vite';
import { listFormFiles, readFormFile } from '../../engine/build/form-files.ts';
import { flatMessages } from '../../engine/build/message-split.ts';
import { projectRoot as root, startDevServer } from './dev-server.ts';
import { expectAccessible } from './helpers.ts';

// The configuration gallery exists only in development: these tests start Vite's development server
// on the project themselves (the portal's API is not needed: the gallery reads the configuration only).
let server: ViteDevServer;
let base = '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  ({ server, base } = await startDevServer('vite-studio-cache'));
});

test.afterAll(async () => {
  await server?.close();
});

test('the studio links its three parts and passes axe', async ({ page }) => {
  await page.goto(`${base}/studio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible({ timeout: 60_000 });
  const main = page.getByRole('main');
  for (const part of ['Routes', 'Forms', 'Flows']) await expect(main.getByRole('link', { name: part })).toBeVisible();
  await expectAccessible(page);
  // Keyboard: the parts are reached by Tab and opened by Enter.
  await main.getByRole('link', { name: 'Routes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Routes' })).toBeVisible();
  // The new page's content has the focus, as after a page load.
  await expect(page.getByRole('main')).toBeFocused();
});

test('the routes list every route with its screen file and a link to the live page', async ({ page }) => {
  await page.goto(`${base}/studio/routes`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
  expect(await table.getByRole('row').count()).toBeGreaterThan(10);
  const withScreen = table.getByRole('row').filter({ has: page.getByText(/^schemas\/screens\/.+\.yaml$/) }).first();
  const link = withScreen.getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\//);
  await expectAccessible(page);
});

test('a form alone: two widths in frames, a theme picker, sample values and messages as one types', async ({ page }) => {
  await page.goto(`${base}/studio/forms`);
  const firstForm = page.getByRole('main').getByRole('listitem').first().getByRole('link');
  await expect(firstForm).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);

  // A form with an e-mail field whose format has a message of its own: the sampler gives it a valid
  // address, and typing a wrong one shows the product's text.
  const catalog = flatMessages(JSON.parse(readFileSync(resolve(root, 'schemas', 'messages', 'en.json'), 'utf8')) as Record<string, unknown>);
  const form = listFormFiles(resolve(root, 'schemas', 'forms')).map(readFormFile).find((candidate) => Object.entries(candidate.schema.properties ?? {})
    .some(([name, property]) => typeof property === 'object' && property.format === 'email' && candidate.messages?.[`${name}.format`]));
  const id = form?.id;
  const field = Object.entries(form?.schema.properties ?? {}).find(([name]) => form?.messages?.[`${name}.format`])?.[0] ?? '';
  const message = catalog[form?.messages?.[`${field}.format`] ?? ''];
  expect(message).toBeTruthy();
  expect(id).not.toBeNull();
  await page.goto(`${base}/studio/forms/${id}`);
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(2);
  expect(await frames.evaluateAll((elements) => elements.map((frame) => Math.round(frame.getBoundingClientRect().width)))).toEqual([390, 1280]);
  const themes = await page.getByLabel('Theme').locator('option').allTextContents();
  expect(themes.length).toBeGreaterThan(1);

  const narrow = page.frameLocator('iframe').first();
  const email = narrow.locator('input[type="email"]').first();
  await expect(email).toHaveValue(/@/, { timeout: 60_000 });
  await email.fill('not an address');
  // The product's own message, shown while typing, without a submit.
  await expect(narrow.locator('[id$="__error"]').first()).toContainText(message);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // Another theme: the frames show the form in it. Each frame loads the whole portal again, which
  // takes as long as the first load above when the machine is busy.
  await page.getByLabel('Theme').selectOption({ index: 1 });
  await expect(page.locator('iframe').first()).toHaveAttribute('src', new RegExp(`theme=${encodeURIComponent(themes[1])}$`));
  await expect(page.frameLocator('iframe').first().locator('html')).toHaveAttribute('data-theme-name', themes[1], { timeout: 60_000 });
});

test('a flow drawn from its machine, with its transitions in words and the views of each state', async ({ page }) => {
  await page.goto(`${base}/studio/flows`);
  const links = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(links.first()).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  // The machine with the most views on screens is a good one to look at: any with a flow widget will do.
  const names = await links.allTextContents();
  let shown = false;
  for (const name of names) {
    await page.goto(`${base}/studio/flows/${name}`);
    await expect(page.getByRole('heading', { level: 1, name: `Flow ${name}` })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('img', { name: /^States and transitions of/ })).toBeVisible();
    expect(await page.locator('svg rect').count()).toBeGreaterThan(1);
    await expect(page.getByRole('heading', { level: 2, name: 'States and transitions' })).toBeVisible();
    if (await page.getByText(/^Shown by: .+, view \d+/).count() > 0) {
      shown = true;
      break;
    }
  }
  expect(shown).toBe(true);
  await expect(page.getByText(/→/).first()).toBeVisible();
  await expectAccessible(page);
});
