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
  await expect(renamed).toBeVisible({ timeout: 5_000 });
  await expect(renamed).toHaveValue('kept@example.org');
  await expect(problems).toHaveCount(0);

  // A message of the catalogue: the page says the new words, the typed address still in the field.
  const catalogFile = join(server.root, 'schemas', 'messages', 'en.json');
  const catalog = readFileSync(catalogFile, 'utf8');
  const intro = (JSON.parse(catalog) as Record<string, string>)['login.intro'];
  writeFileSync(catalogFile, catalog.replace(JSON.stringify(intro), JSON.stringify('Saved words show at once.')));
  await expect(page.getByText('Saved words show at once.')).toBeVisible({ timeout: 5_000 });
  await expect(renamed).toHaveValue('kept@example.org');

  // A theme token: the solid button takes the theme's new brand colour, the typed address stays (the
  // themes' styles take longer to work out than a text: more time on a busy machine).
  const themeFile = join(server.root, 'themes', 'default.json');
  const theme = readFileSync(themeFile, 'utf8');
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  const background = () => signIn.evaluate((button) => getComputedStyle(button).backgroundColor);
  const before = await background();
  const solid = (JSON.parse(theme) as { tokens: { colors: { brand: Record<string, { value: string }> } } }).tokens.colors.brand['700'].value;
  writeFileSync(themeFile, theme.replace(`"value": "${solid}"`, '"value": "#000000"'));
  await expect.poll(background, { timeout: 10_000 }).toBe('rgb(0, 0, 0)');
  expect(before).not.toBe('rgb(0, 0, 0)');
  await expect(renamed).toHaveValue('kept@example.org');
  writeFileSync(themeFile, theme);
  await expect.poll(background, { timeout: 10_000 }).toBe(before);
  writeFileSync(catalogFile, catalog);
  await expect(page.getByText(intro)).toBeVisible({ timeout: 5_000 });
  await expect(renamed).toHaveValue('kept@example.org');

  // A YAML syntax error on a known line: the overlay names the file and that line.
  const lines = original.split('\n');
  const brokenLine = lines.findIndex((line) => line.startsWith('  required:')) + 1;
  lines[brokenLine - 1] = '  required: email: password';
  writeFileSync(formFile, lines.join('\n'));
  await expect(problems).toBeVisible({ timeout: 15_000 });
  await expect(problems).toContainText(`schemas/forms/login.yaml:${brokenLine}`);
  await expect(problems).toContainText('YAML');
  await expectAccessible(page);

  // Fixed: the overlay goes by itself, and the form still holds what was typed.
  writeFileSync(formFile, original);
  await expect(problems).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByLabel('E-mail address')).toHaveValue('kept@example.org');
});
