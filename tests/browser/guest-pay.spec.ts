import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectBefore, uniqueEmail, enterCard } from './helpers.ts';

async function findAccount(page: Page, accountNumber: string, zip: string, email = uniqueEmail('guest')) {
  await page.getByLabel('Account number').fill(accountNumber);
  await page.getByLabel('Property zip code').fill(zip);
  await page.getByLabel('E-mail for your receipt').fill(email);
  await page.getByRole('button', { name: 'Find my account' }).click();
}


test('a guest pays a sub-ledger by card: fees shown as the amount is typed, a receipt at the end', async ({ page }) => {
  // The whole payment, through the provider's page and axe on each step: longer than most on a busy machine.
  test.setTimeout(90_000);
  await page.goto('/paynow?association=cedarpoint');
  await expect(page.getByText('Paying Cedar Point Condominiums').first()).toBeVisible();
  await expectAccessible(page);
  await findAccount(page, '200411', '33139');

  await expect(page.getByRole('heading', { name: 'Select ledger' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Step 1 of 4' })).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page);
  await page.getByLabel(/Assessments/).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Credit or debit card').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(/Assessments: current balance \$2,4\d\d\.\d\d/)).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill('5000');
  await page.getByRole('button', { name: 'Review payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The amount cannot exceed the current balance.' })).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill('20');
  // Cedar Point charges 3.5 % on cards: $0.70 on $20.00, shown before confirming.
  const quote = page.getByRole('region', { name: 'Amount, fee and total' });
  await expect(quote).toContainText('$0.70');
  await expect(quote).toContainText('$20.70');
  await expectBefore(quote, page.getByRole('button', { name: 'Review payment' }));
  await expect(quote).not.toContainText('Large payment fee');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Review payment' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your payment' })).toContainText('Assessments');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  // The provider's button says what it does: it pays the total shown beside it.
  const provider = page.frameLocator('iframe[title="Secure payment details entry"]');
  await provider.getByLabel('Card number').waitFor();
  await expect(provider.locator('#submit')).toHaveText('Pay $20.70');
  await enterCard(page, '4242 4242 4242 4242');

  await expect(page.getByText('Thank you. Your payment has been received.')).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Payment receipt' });
  await expect(receipt).toContainText(/CP-[A-Z0-9]{8}/);
  await expect(receipt).toContainText('$20.70');
  await expect(receipt).toContainText('•••• 4242');
  await expectAccessible(page);

  // Making another payment starts again at step 1, with the balance $20.00 lower.
  await page.getByRole('button', { name: 'Make another payment' }).click();
  await expect(page.getByLabel(/Assessments/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Select ledger' })).toBeVisible();
});

test('unknown accounts, blocked accounts and unconnected test associations are explained', async ({ page }) => {
  await page.goto('/paynow');
  await findAccount(page, '999999', '30301');
  await expect(page.getByRole('alert').filter({ hasText: 'Account not found' })).toBeVisible();

  await findAccount(page, '100236', '30301');
  await expect(page.getByRole('alert').filter({ hasText: 'contact your management company' })).toBeVisible();

  await findAccount(page, '300100', '10001');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  await expect(page.getByText('Test Account Detected')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm' })).toBeVisible();
});

test('a declined card leaves no payment and says why', async ({ page }) => {
  await page.goto('/paynow');
  await findAccount(page, '100234', '30301');
  await page.getByLabel(/Late fees/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Credit or debit card').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('15.00');
  await page.getByRole('button', { name: 'Review payment' }).click();
  await page.getByRole('button', { name: 'Continue to payment details' }).click();
  await enterCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm' })).toBeVisible();
});

test('over $2,000 the large payment fee is its own line, shown above the buttons before paying', async ({ page }) => {
  await page.goto('/paynow?association=cedarpoint');
  await findAccount(page, '200411', '33139');
  await page.getByLabel(/Assessments/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Credit or debit card').check();
  await page.getByRole('button', { name: 'Next' }).click();

  // $2,100.00 by card at Cedar Point: 3.5 % card fee $73.50, 1 % large payment fee $21.00.
  await page.getByLabel('Amount', { exact: true }).fill('2100');
  const quote = page.getByRole('region', { name: 'Amount, fee and total' });
  await expect(quote).toContainText('Amount$2,100.00');
  await expect(quote).toContainText('Processing fee$73.50');
  await expect(quote).toContainText('Large payment fee (payments over $2,000)$21.00');
  await expect(quote).toContainText('Total$2,194.50');
  await expectBefore(quote, page.getByRole('button', { name: 'Review payment' }));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Review payment' }).click();

  const review = page.getByRole('region', { name: 'Your payment' });
  await expect(review).toContainText('Processing fee$73.50');
  await expect(review).toContainText('Large payment fee (payments over $2,000)$21.00');
  await expect(review).toContainText('Total$2,194.50');
  await expectBefore(review, page.getByRole('button', { name: 'Continue to payment details' }));
  await expectAccessible(page);
});
