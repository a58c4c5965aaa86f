import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, expectBefore, enterCard } from './helpers.ts';

/** A fresh checkout link (a portal path, /epay/link/<token>) from the development route. */
async function expressLink(request: APIRequestContext, accountNumber = '100234'): Promise<string> {
  const response = await request.get(`/dev/express-pay-link.json?accountNumber=${accountNumber}`);
  expect(response.ok()).toBe(true);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/epay\/link\/[^/]+$/);
  return url;
}


/** Another test may have paid the same sub-ledger moments ago: the duplicate warning is then expected. */
async function passDuplicateWarning(page: Page) {
  const frame = page.locator('iframe[title="Secure payment details entry"]');
  const dialog = page.getByRole('alertdialog');
  await expect(frame.or(dialog).first()).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Continue anyway' }).click();
  await expect(frame).toBeVisible();
}

test('an owner pays $10.00 by card from a checkout link and sees the confirmation', async ({ page, request }) => {
  const link = await expressLink(request);
  await page.goto(link);

  await expect(page.getByRole('heading', { name: 'Pay Maple Grove HOA', level: 1 })).toBeVisible();
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account).toContainText('100234');
  await expect(account).toContainText(/Current balance\s*\$[0-9,]+\.[0-9]{2}/);
  await expectAccessible(page);

  // The amount is checked against the balance before anything is sent.
  await page.getByLabel('Credit or debit card').check();
  await page.getByLabel('Amount', { exact: true }).fill('999999');
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The amount cannot exceed the current balance.' })).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The amount must be greater than $0.' })).toBeVisible();

  // Maple Grove charges 2.95 % on cards: $0.30 on $10.00, shown as the amount is typed.
  await page.getByLabel('Amount', { exact: true }).fill('10.00');
  const quote = page.getByRole('region', { name: 'Amount, fee and total' });
  await expect(quote).toContainText('$10.00');
  await expect(quote).toContainText('$0.30');
  await expect(quote).toContainText('$10.30');
  await expectBefore(quote, page.getByRole('button', { name: 'Continue to payment details' }));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to payment details' }).click();

  await passDuplicateWarning(page);
  await expect(page.getByRole('region', { name: 'Your payment' })).toContainText('$10.30');
  await enterCard(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(new RegExp(`${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/confirmation$`));
  await expect(page.getByText('Thank you. Your payment has been received.')).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Payment confirmation details' });
  await expect(receipt).toContainText(/CP-[0-9A-Z]{8}/);
  // The payment's day at the association (the demo associations are in New York), not in UTC.
  await expect(receipt).toContainText(new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' }).format(new Date()));
  await expect(receipt).toContainText('Credit or debit card');
  await expect(receipt).toContainText('•••• 4242');
  await expect(receipt).toContainText('$10.00');
  await expect(receipt).toContainText('$0.30');
  await expect(receipt).toContainText('$10.30');
  await expectAccessible(page);

  // Shown again after a reload, from this browser session.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Payment confirmation details' })).toContainText(/CP-[0-9A-Z]{8}/);

  // Another payment starts afresh on the payment page.
  await page.getByRole('button', { name: 'Make another payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/epay/link/[^/]+$`));
  await expect(page.getByLabel('Amount', { exact: true })).toBeVisible();
});

test('the fee and total have their room before the amount is typed: the button below stays where it is', async ({ page, request }) => {
  await page.goto(await expressLink(request));
  const quote = page.getByRole('region', { name: 'Amount, fee and total' });
  const next = page.getByRole('button', { name: 'Continue to payment details' });
  await page.getByLabel('Credit or debit card').check();
  await expect(quote).toBeVisible();
  const buttonAt = (await next.boundingBox())!.y;
  await page.getByLabel('Amount', { exact: true }).fill('10.00');
  await expect(quote).toContainText('$10.30');
  expect((await next.boundingBox())!.y).toBe(buttonAt);
});

test('a tampered checkout link shows a clear error page', async ({ page, request }) => {
  const link = await expressLink(request);
  const token = link.slice('/epay/link/'.length);
  const at = Math.floor(token.length / 2);
  const changed = token[at] === 'A' ? 'B' : 'A';
  await page.goto(`/epay/link/${token.slice(0, at)}${changed}${token.slice(at + 1)}`);

  await expect(page.getByRole('heading', { name: 'Payment link not valid', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This payment link is invalid or has expired.' })).toBeVisible();
  await expect(page).toHaveURL(/\/epay\/link\//);
  await expect(page.getByLabel('Amount', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test('the confirmation route without a payment in this session says so', async ({ page, request }) => {
  const link = await expressLink(request);
  await page.goto(`${link}/confirmation`);
  await expect(page.getByText('There is no confirmed payment to show for this link in this browser session.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Go to the payment page' }).click();
  await expect(page.getByRole('heading', { name: 'Pay Maple Grove HOA', level: 1 })).toBeVisible();
});

test('a declined card says why and lets the payer try again', async ({ page, request }) => {
  await page.goto(await expressLink(request, '100234'));
  await page.getByLabel('Credit or debit card').check();
  await page.getByLabel('Amount', { exact: true }).fill('5.00');
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  await passDuplicateWarning(page);
  await enterCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByLabel('Amount', { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/\/confirmation$/);
});
