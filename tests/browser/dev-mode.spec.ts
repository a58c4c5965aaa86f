// Development mode (npm run dev) on a copy of the configuration: a saved form reaches the open page
// without losing what was typed, and a mistake shows over the page, by file and line, until fixed.
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

test('a saved form updates the open page in place; a mistake shows over the page until it is fixed', async ({ page }) => {
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
