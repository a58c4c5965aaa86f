// Development mode (npm run dev) on a copy of the configuration: a saved form, message or theme token
// reaches the open page without losing what was typed, and a mistake shows over the page, by file
// and line, until fixed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startDevServer, type DevServer } from '../support/dev-server.ts';
import { expectAccessible } from './helpers.ts';

let server: DevServer;

// One server for the file, started for it alone (its own port, its own copy, its own database).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startDevServer();
});

test.afterAll(async () => {
  await server?.stop();
});

// What the development server printed (its checks) and what the page logged (Vite's hot updates)
// say why an update did not come: the whole goes with the failure's files, their lines about
// updates and checks into the run's output (the report shows only the start of an attachment).
const pageLog: string[] = [];
test.beforeEach(({ page }) => {
  page.on('console', (message) => { pageLog.push(`${new Date().toISOString()} ${message.type()}: ${message.text()}`); });
});
test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('development server output', { body: server.output(), contentType: 'text/plain' });
  await testInfo.attach('page console', { body: `${page.url()}\n${pageLog.join('\n')}`, contentType: 'text/plain' });
  const aboutUpdates = (lines: string[]) => lines.filter((line) => /vite|hmr|configuration|problem|error/i.test(line)).slice(-40);
  console.error(['development server:', ...aboutUpdates(server.output().split('\n')), 'page:', ...aboutUpdates(pageLog)].join('\n'));
});

/**
 * How long a saved file may take to reach the page. About a second on a quiet machine; each save
 * also starts the configuration check in another thread, and a full test run on a slow two-core
 * machine has waited more than five seconds for one. The test asserts that it comes, not how fast.
 */
const UPDATE = { timeout: 20_000 };

test('a saved form, message or theme token updates the open page in place; a mistake shows over the page until it is fixed', async ({ page }) => {
  const formFile = join(server.root, 'schemas', 'forms', 'login.yaml');
  const original = readFileSync(formFile, 'utf8');
  const problems = page.getByRole('alert').filter({ hasText: 'The configuration has' });

  // The first visit may have the development server prepare the libraries and reload once.
  await page.goto(`${server.url}/login`);
  await expect(page.getByLabel('E-mail address')).toBeVisible({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  await page.goto(`${server.url}/login`);
  const email = page.getByLabel('E-mail address');
  await expect(email).toBeVisible({ timeout: 60_000 });
  await email.fill('kept@example.org');

  // Another label for the field: the page shows it, with the typed address still in the field.
  writeFileSync(formFile, original.replace('title: fields.email', 'title: fields.accountNumber'));
  const renamed = page.getByLabel('Account number', { exact: true });
  await expect(renamed).toBeVisible(UPDATE);
  await expect(renamed).toHaveValue('kept@example.org');
  await expect(problems).toHaveCount(0);

  // A message of the catalogue: the page says the new words, the typed address still in the field.
  const catalogFile = join(server.root, 'schemas', 'messages', 'en.json');
  const catalog = readFileSync(catalogFile, 'utf8');
  const intro = (JSON.parse(catalog) as Record<string, string>)['login.intro'];
  writeFileSync(catalogFile, catalog.replace(JSON.stringify(intro), JSON.stringify('Saved words show at once.')));
  await expect(page.getByText('Saved words show at once.')).toBeVisible(UPDATE);
  await expect(renamed).toHaveValue('kept@example.org');

  // A theme token: the solid button takes the theme's new brand colour, the typed address stays.
  const themeFile = join(server.root, 'themes', 'default.json');
  const theme = readFileSync(themeFile, 'utf8');
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  const background = () => signIn.evaluate((button) => getComputedStyle(button).backgroundColor);
  const before = await background();
  const solid = (JSON.parse(theme) as { tokens: { colors: { brand: Record<string, { value: string }> } } }).tokens.colors.brand['700'].value;
  writeFileSync(themeFile, theme.replace(`"value": "${solid}"`, '"value": "#000000"'));
  await expect.poll(background, UPDATE).toBe('rgb(0, 0, 0)');
  expect(before).not.toBe('rgb(0, 0, 0)');
  await expect(renamed).toHaveValue('kept@example.org');
  writeFileSync(themeFile, theme);
  await expect.poll(background, UPDATE).toBe(before);
  writeFileSync(catalogFile, catalog);
  await expect(page.getByText(intro)).toBeVisible(UPDATE);
  await expect(renamed).toHaveValue('kept@example.org');

  // A YAML syntax error on a known line: the overlay names the file and that line.
  const lines = original.split('\n');
  const brokenLine = lines.findIndex((line) => line.startsWith('  required:')) + 1;
  lines[brokenLine - 1] = '  required: email: password';
  writeFileSync(formFile, lines.join('\n'));
  await expect(problems).toBeVisible(UPDATE);
  await expect(problems).toContainText(`schemas/forms/login.yaml:${brokenLine}`);
  await expect(problems).toContainText('YAML');
  await expectAccessible(page);

  // Fixed: the overlay goes by itself, and the form still holds what was typed.
  writeFileSync(formFile, original);
  await expect(problems).toHaveCount(0, UPDATE);
  await expect(page.getByLabel('E-mail address')).toHaveValue('kept@example.org');
});
