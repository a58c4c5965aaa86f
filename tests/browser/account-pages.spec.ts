import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly, followNavLink } from './helpers.ts';

/** Signs in and selects Maple Grove (account 100234) with the frame's property picker. */
async function signInToMapleGrove(page: Page) {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  const mapleOption = picker.locator('option', { hasText: 'Maple Grove' });
  await picker.selectOption(await mapleOption.getAttribute('value') ?? '');
  await expect(page.getByText(/account 100234\) at Maple Grove HOA/)).toBeVisible();
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true })
    .or(page.locator('[data-scope="toast"][data-part="title"]', { hasText: text }));
}

test('account overview: balance per ledger of the selected property and the charges due soon', async ({ page }) => {
  await signInToMapleGrove(page);
  await followNavLink(page, 'Billing', 'Account overview');
  await expect(page).toHaveURL(/\/billing\/account-overview$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account overview');
  await expect(page.getByText('Account 100234 at Maple Grove HOA, 412 Maple Grove Lane.')).toBeVisible();
  // The page's main action, in its header beside the heading.
  await expect(page.getByRole('main').getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', '/billing');

  const balances = page.getByRole('region', { name: 'Current balance by ledger' });
  await expect(balances.locator('dt')).toHaveText(['Assessments', 'Late fees']);
  await expect(balances.locator('dd')).toHaveText(['$200.00', '$45.00']);
  // The account at a glance, in cards above: its balances, the next payment, automatic payments.
  const balanceCard = page.getByRole('region', { name: 'Balance', exact: true });
  await expect(balanceCard.getByRole('region', { name: 'Balance of this account by ledger' }).locator('dd')).toHaveText(['$200.00', '$45.00']);
  await expect(page.getByRole('region', { name: 'Next scheduled payment' }).locator('dt')).toHaveText(['Date', 'Total']);
  const autopay = page.getByRole('region', { name: 'Automatic payments' });
  await expect(autopay.locator('.engine-status-badge')).toHaveText(/^(On|Off)$/);
  await expect(autopay.locator('dt')).toHaveText(['Next recurring payment', 'Next auto-draft']);

  const charges = page.getByRole('grid', { name: 'Charges due in the next 25 days' });
  await expect(charges).toBeVisible();
  await expect(charges.getByRole('columnheader', { name: 'Due date' })).toBeVisible();
  // The demo schedules one Maple Grove assessment in 10 days and the next in 40: only the first is due within 25 days.
  const chargeRows = charges.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(chargeRows).toHaveCount(1);
  await expect(chargeRows.first()).toContainText('Monthly assessment');
  await expect(chargeRows.first()).toContainText('$200.00');
  await expectAccessible(page);

  // Another property shows only its own account.
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Cedar Point' }).getAttribute('value') ?? '');
  await expect(balances.locator('dt')).toHaveText(['Assessments']);
  await expect(balances.locator('dd')).toHaveText(['$2,450.00']);
});

test('account history: the ledger of the selected account, newest first, amounts and status formatted', async ({ page }) => {
  await signInToMapleGrove(page);
  await page.goto('/billing/account-history');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account history');
  const grid = page.getByRole('grid', { name: 'Transactions, newest first' });
  await expect(grid).toBeVisible();
  for (const header of ['Date', 'Type', 'Description', 'Amount', 'Balance', 'Status']) {
    await expect(grid.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await expect(grid.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(rows).toHaveCount(4);
  // Newest first: the late fee (10 days ago), then the assessment (30), the payment (100), the first assessment (120).
  await expect(rows.nth(0)).toContainText('Late fee');
  await expect(rows.nth(0)).toContainText('$45.00');
  await expect(rows.nth(2)).toContainText('Payment, thank you');
  await expect(rows.nth(2)).toContainText('-$200.00');
  await expect(rows.nth(3)).toContainText('Quarterly assessment');
  await expectAccessible(page);
});

test('grid layouts are saved, restored and reset with toasts', async ({ page }) => {
  await signInToMapleGrove(page);
  await page.goto('/billing/account-history');
  const grid = page.getByRole('grid', { name: 'Transactions, newest first' });
  const amountHeader = grid.getByRole('columnheader', { name: 'Amount' });
  const dateHeader = grid.getByRole('columnheader', { name: 'Date' });
  await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');

  // Sort by amount and save: the layout is kept in local storage.
  await amountHeader.locator('.ag-header-cell-label').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Save layout' }).click();
  await expect(toast(page, 'Grid settings saved.')).toBeVisible();
  // Kept per user: the key names the grid and the signed-in user.
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal.grid.account-history')));
  expect(keys).toEqual([expect.stringMatching(/^portal\.grid\.account-history\.user\.\d+$/)]);
  expect(await page.evaluate((key) => localStorage.getItem(key), keys[0])).toContain('"amountCents"');

  // A reload comes back with the saved layout.
  await page.reload();
  await expect(grid.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');

  // Change it, then restore the saved one.
  await grid.getByRole('columnheader', { name: 'Description' }).locator('.ag-header-cell-label').click();
  await expect(grid.getByRole('columnheader', { name: 'Amount' })).not.toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Restore layout' }).click();
  await expect(toast(page, 'Grid settings restored.')).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');

  // Reset: the default layout (newest first) and nothing saved.
  await page.getByRole('button', { name: 'Reset layout' }).click();
  await expect(toast(page, 'Grid reset to default settings.')).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
  expect(await page.evaluate((key) => localStorage.getItem(key), keys[0])).toBeNull();
  await expectAccessible(page);
});

test('payment help and support page has the timing texts', async ({ page }) => {
  await signInToMapleGrove(page);
  await followNavLink(page, 'Billing', 'Payment help');
  await expect(page).toHaveURL(/\/billing\/support$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment help and support');
  const main = page.getByRole('main');
  await expect(main).toContainText('3-5 business days');
  await expect(main).toContainText('within minutes');
  await expect(main).toContainText('2-4 business days after the authorized date');
  await expect(main).toContainText('can be changed or cancelled on the Manage payments page until 8:00pm Eastern Time the day before it is due');
  // Only what the portal does: it has no recurring payments or auto-draft yet.
  await expect(main).not.toContainText(/recurring|auto-draft/i);
  await expectAccessible(page);
});

test('the sign-in page does not load the data grid', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  await page.goto('/login');
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((text) => text.includes('ag-grid') || text.includes('AgGridReact'))).toBe(false);
});
