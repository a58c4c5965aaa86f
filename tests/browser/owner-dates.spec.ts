import { expect, test } from '@playwright/test';
import { homeowner, signInQuickly } from './helpers.ts';

// The payment-consent page writes every date as New York's day in the portal's one format, whatever
// the reader's own time zone: an authorization agreed to at 9:35 pm Eastern on November 27 is 'on
// November 27', and the authorization's own text says 'November 30, 2026', never '2026-11-30'.
test.use({ timezoneId: 'Asia/Tokyo' });

const eastern = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' });

test('the payment-consent page dates authorizations in Eastern time, in the screens\' format', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Cedar Point' }).getAttribute('value') ?? '');
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  const answer = await page.request.get('/api/payments/Acknowledgement?accountNumber=200411', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const { acknowledgements } = (await answer.json()) as { acknowledgements: { kind: string; agreedAt: string; text: string }[] };
  const given = acknowledgements.find((item) => item.kind !== 'debitNotice' && item.text.startsWith('I authorize Cedar Point'))!;
  expect(given).toBeTruthy();

  await page.goto('/billing/payment-consent');
  const main = page.getByRole('main');
  await expect(main.getByText(`Agreed to by Jordan Rivera on ${eastern.format(Date.parse(given.agreedAt))}.`)).toBeVisible();
  const quote = main.getByText(/^“I authorize Cedar Point/);
  await expect(quote).toBeVisible();
  await expect(quote).toHaveText(/starting [A-Z][a-z]+ \d{1,2}, \d{4},/);
  await expect(quote).not.toHaveText(/\d{4}-\d{2}-\d{2}/);
});
