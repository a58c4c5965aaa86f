import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, followNavLink, homeowner, signInQuickly } from './helpers.ts';
import { layoutFaults } from './layout-checks.ts';

// MyCA, the association's assistant, as a homeowner of Maple Grove uses it: a question about the
// pool rules answered with its source, which opens at the cited page; a follow-up in the same
// conversation; a question nothing answers, offering a new request with the question filled in;
// feedback on an answer; by keyboard, and at 1280 and 390 px with axe.

test.describe.configure({ mode: 'serial' });

/** Chooses the home at Maple Grove (the demo's association with MyCA on; the homeowner's first home is at Cedar Point). */
async function chooseMapleGrove(page: Page) {
  await page.goto('/dashboard');
  const picker = page.getByRole('combobox', { name: 'Property' });
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await expect(page.getByText(/at Maple Grove HOA\./)).toBeVisible();
}

/** Asks by keyboard, as a visitor types: the question, then Enter. */
async function ask(page: Page, question: string) {
  const field = page.getByRole('textbox', { name: 'Your question' });
  await field.fill(question);
  await field.press('Enter');
}

/** The last answer of the conversation (its list item), once it has its sources or its offers. */
function lastAnswer(page: Page) {
  return page.getByRole('log', { name: 'Conversation with MyCA' }).getByRole('listitem').filter({ hasText: 'MyCA answered:' }).last();
}

test('a homeowner asks about the pool rules, opens the cited page, and follows up', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await followNavLink(page, 'Community', 'MyCA');
  await expect(page).toHaveURL(/\/community\/myca$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ask MyCA' })).toBeVisible();
  await expect(page.getByText(/MyCA answers questions about Maple Grove HOA/)).toBeVisible();
  await expectAccessible(page);

  await ask(page, 'When are the pool hours in the summer?');
  // (the first answer stays the first: a later question adds its own below)
  const answer = lastAnswer(page);
  await expect(answer).toContainText('At Maple Grove HOA:');
  await expect(answer).toContainText('9 am');
  const firstSources = page.getByRole('log', { name: 'Conversation with MyCA' }).getByRole('list', { name: 'Sources' }).first();
  const sources = answer.getByRole('list', { name: 'Sources' });
  await expect(sources).toBeVisible();
  // The question field is free again, and keeps the focus for the next question.
  await expect(page.getByRole('textbox', { name: 'Your question' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Your question' })).toHaveValue('');
  await expectAccessible(page);

  // A follow-up reads the conversation: "and on weekends?" is about the pool.
  await ask(page, 'and is a lifeguard there on weekends?');
  await expect(lastAnswer(page)).toContainText(/lifeguard/i);
  await expect(page.getByRole('log', { name: 'Conversation with MyCA' }).getByText('MyCA answered:')).toHaveCount(2);

  // A PDF source opens its preview at the cited page.
  const pdfSource = firstSources.getByRole('link', { name: /\.pdf$/ }).first();
  const href = await pdfSource.getAttribute('href');
  expect(href).toMatch(/^\/document\/\d+\/\d+\/preview\?page=\d+$/);
  await pdfSource.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pool');

  // The conversation is listed on the page, and opens again with its questions and answers.
  await page.goto('/community/myca');
  const recent = page.getByRole('list', { name: 'Your recent conversations' });
  await recent.getByRole('link', { name: 'When are the pool hours in the summer?' }).first().click();
  await expect(page).toHaveURL(/\/community\/myca\?conversation=[A-Za-z0-9_-]{22}$/);
  const log = page.getByRole('log', { name: 'Conversation with MyCA' });
  await expect(log.getByText('MyCA answered:')).toHaveCount(2);
  await expect(log).toContainText(/lifeguard/i);
});

test('a question nothing answers offers a new request with the question filled in, and takes feedback', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await page.goto('/community/myca');
  const question = 'Can I land a helicopter on my driveway?';
  await ask(page, question);
  const answer = lastAnswer(page);
  await expect(answer).toContainText('I could not find anything about that in Maple Grove HOA');
  const offer = answer.getByRole('link', { name: 'Start a new request with this question' });
  await expect(offer).toBeVisible();
  expect(await offer.getAttribute('href')).toContain(`subject=${encodeURIComponent(question)}`);
  await expect(answer.getByRole('link', { name: 'Send this question to the management company' })).toBeVisible();

  // Feedback: not helpful, with a comment, then thanks.
  await answer.getByRole('button', { name: 'Not helpful' }).click();
  await expect(answer.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
  await answer.getByRole('textbox', { name: 'What was missing or wrong? (optional)' }).fill('The parking rules cover driveways.');
  await answer.getByRole('button', { name: 'Send comment' }).click();
  await expect(answer.getByText('Thank you. The management company reads this feedback.')).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), 'no sideways scroll at 390 px').toBe(false);
  expect(await layoutFaults(page)).toEqual({ brokenWords: [], cutText: [], overlapping: [] });
  await expectAccessible(page);

  // The offer opens the new request with the question filled in.
  await offer.click();
  await expect(page).toHaveURL(/\/community\/new-request\?/);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(question);
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(question);

  // The other offer opens a new message to the management company, holding the question.
  await page.goBack();
  await page.getByRole('link', { name: 'Send this question to the management company' }).last().click();
  await expect(page).toHaveURL(/\/my\/messages\?/);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(question);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(question);
});
