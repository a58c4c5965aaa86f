import { expect, test, type Page } from '@playwright/test';
import { homeowner, signInQuickly } from './helpers.ts';

// Every billing screen follows the Property selector at once: its lists, forms and totals are the
// newly chosen account's, and a form started for the other account starts afresh. The homeowner's
// Cedar Point account (200411) has only Assessments and a $245.00 recurring payment; the Maple
// Grove account (100234) also has Late fees.

// Cedar Point's $2,450.00, less whatever other tests running beside this one pay on it: the only
// balance in the thousands (Maple Grove's are hundreds).
const CEDAR_BALANCE = /\$2,\d{3}\.\d{2}/;

async function choose(page: Page, association: 'Cedar Point' | 'Maple Grove') {
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: association }).getAttribute('value') ?? '');
}

async function open(page: Page, path: string, heading: string) {
  await choose(page, 'Cedar Point');
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

const main = (page: Page) => page.getByRole('main');
// The form's own choices (the cards above it show the account's balances too).
const form = (page: Page) => main(page).locator('form');

test('billing screens follow the Property selector: lists, forms and totals are the chosen account\'s', async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuickly(page, homeowner.email, homeowner.password);

  // Recurring payments: the list, then the set-up form.
  await open(page, '/billing/recurring-payments', 'Recurring payments');
  await expect(main(page).getByText('$245.00 each time', { exact: true })).toBeVisible();
  await choose(page, 'Maple Grove');
  await expect(main(page).getByText('$245.00 each time', { exact: true })).toHaveCount(0);
  await choose(page, 'Cedar Point');
  await expect(main(page).getByText('$245.00 each time', { exact: true })).toBeVisible();
  await main(page).getByRole('button', { name: 'Set up a recurring payment' }).click();
  await expect(form(page).getByText(CEDAR_BALANCE)).toBeVisible();
  await choose(page, 'Maple Grove');
  await expect(form(page).getByText(CEDAR_BALANCE)).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Set up a recurring payment' }).click();
  await expect(form(page).getByText('Late fees')).toBeVisible();
  await expect(form(page).getByText(CEDAR_BALANCE)).toHaveCount(0);

  // Make a payment: the sub-ledgers offered, and an amount typed for the other account is gone.
  await open(page, '/billing', 'Make a payment');
  await expect(form(page).getByText(CEDAR_BALANCE)).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill('12.34');
  await choose(page, 'Maple Grove');
  await expect(form(page).getByText('Late fees')).toBeVisible();
  await expect(form(page).getByText(CEDAR_BALANCE)).toHaveCount(0);
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('');

  // Manage payments: a payment scheduled on Cedar Point's account ($13.57 and a 3.5 % card fee) is not listed for Maple Grove's.
  await open(page, '/billing/manage-account', 'Manage payments');
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const headers = { authorization: `Bearer ${token}` };
  const accounts = ((await (await page.request.get('/api/payments/Account', { headers })).json()) as { accounts: { accountNumber: string; subLedgerId: number; associationId: number }[] }).accounts;
  const cedar = accounts.find((account) => account.accountNumber === '200411')!;
  const methods = ((await (await page.request.get(`/api/payments/PaymentMethod?associationId=${cedar.associationId}`, { headers })).json()) as { paymentMethods: { id: number }[] }).paymentMethods;
  const now = Date.parse(((await (await page.request.get('/dev/clock')).json()) as { now: string }).now);
  const scheduledDate = new Date(now + 20 * 86_400_000).toISOString().slice(0, 10);
  const setup = await page.request.post('/api/payments/FuturePayment/Setup', {
    headers, data: { accountNumber: '200411', subLedgerId: cedar.subLedgerId, amountCents: 1357, paymentMethodId: methods[0].id, scheduledDate },
  });
  expect(setup.status()).toBe(201);
  const { futurePaymentId } = (await setup.json()) as { futurePaymentId: string };
  expect((await page.request.put(`/api/payments/FuturePayment/Setup/${futurePaymentId}/Confirm`, { headers })).status()).toBe(200);
  await page.reload();
  await expect(main(page).getByText(/: \$14\.04 from/)).toBeVisible();
  await choose(page, 'Maple Grove');
  await expect(main(page).getByRole('heading', { name: 'Scheduled one-time payments' })).toBeVisible();
  await expect(main(page).getByText(/: \$14\.04 from/)).toHaveCount(0);

  // Auto-draft: the balance that keeps the account from enrolling.
  await open(page, '/billing/auto-draft', 'Auto-draft');
  await expect(main(page).getByText(/The balance of this account is \$2,\d{3}\.\d{2}/)).toBeVisible();
  await choose(page, 'Maple Grove');
  await expect(main(page).getByText(/The balance of this account is/)).toBeVisible();
  await expect(main(page).getByText(/The balance of this account is \$2,\d{3}\.\d{2}/)).toHaveCount(0);

  // Payment consent: the authorizations given for the account.
  await open(page, '/billing/payment-consent', 'Payment consent');
  await expect(main(page).getByText(/for account 200411 \(Assessments\)/)).toBeVisible();
  await choose(page, 'Maple Grove');
  await expect(main(page).getByText(/for account 200411/)).toHaveCount(0);

  // Account overview and history: balances and transactions.
  await open(page, '/billing/account-overview', 'Account overview');
  const balances = main(page).getByRole('region', { name: 'Current balance by ledger' });
  await expect(balances.getByText(CEDAR_BALANCE)).toBeVisible();
  await choose(page, 'Maple Grove');
  await expect(balances.getByText('Late fees')).toBeVisible();
  await expect(balances.getByText(CEDAR_BALANCE)).toHaveCount(0);
  await open(page, '/billing/account-history', 'Account history');
  await expect(main(page).getByText('Annual assessment')).toBeVisible();
  await choose(page, 'Maple Grove');
  await expect(main(page).getByText('Account 100234 at Maple Grove HOA', { exact: false })).toBeVisible();
  await expect(main(page).getByText('Annual assessment')).toHaveCount(0);
});
