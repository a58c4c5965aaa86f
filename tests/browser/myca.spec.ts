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

test('a question nothing answers offers a new request with the question and the conversation filled in, and takes feedback', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await page.goto('/community/myca');
  await ask(page, 'When are the quiet hours?');
  await expect(lastAnswer(page)).toContainText('10 pm');
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
  // The conversation so far, then the question nothing answered.
  await expect(page.getByRole('textbox', { name: 'Description' }))
    .toHaveValue(/^You asked: When are the quiet hours\?\nMyCA answered: At Maple Grove HOA: .*10 pm.*\n\nYou asked: Can I land a helicopter on my driveway\?$/s);

  // The other offer opens a new message to the management company, holding the question.
  await page.goBack();
  await page.getByRole('link', { name: 'Send this question to the management company' }).last().click();
  await expect(page).toHaveURL(/\/my\/messages\?/);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(question);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(/\n\nYou asked: Can I land a helicopter on my driveway\?$/);
});

/** The side panel MyCA opens in over the page, named as the frame's button is. */
const panel = (page: Page) => page.getByRole('dialog', { name: 'Ask MyCA' });

test('MyCA opens beside any signed-in page in a side panel, keeps its conversation, and closes as a source is followed', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await page.goto('/billing/account-history');
  const opener = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Ask MyCA' });
  // Last in the navigation's one row: the frame stays within 120 px.
  await expect(opener).toBeVisible();
  const tops = await page.getByRole('navigation', { name: 'Main navigation' }).locator(':is(a, button):visible')
    .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(120);
  // By keyboard: the button takes the focus and Enter opens the panel, with the question field in it.
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText(/Questions about Maple Grove HOA/)).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Your question' }).fill('When are the pool hours in the summer?');
  await panel(page).getByRole('textbox', { name: 'Your question' }).press('Enter');
  await expect(lastAnswer(page)).toContainText(/pool/i);
  await expect(lastAnswer(page).getByRole('list', { name: 'Sources' })).toBeVisible();
  // The page under it keeps its own title.
  await expect(page).toHaveTitle(/^Account history/);
  await expectAccessible(page);

  // Escape closes it and gives the focus back to its button; opened again, the conversation is there.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(panel(page).getByText('You asked: When are the pool hours in the summer?')).toBeVisible();
  await expect(lastAnswer(page).getByRole('list', { name: 'Sources' })).toBeVisible();

  // A source followed: the panel closes and the page shows the source.
  const source = lastAnswer(page).getByRole('list', { name: 'Sources' }).getByRole('link').first();
  const href = await source.getAttribute('href');
  await source.click();
  await expect(panel(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
});

test('on a phone, MyCA\'s panel opens from the navigation panel and fits the screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await chooseMapleGrove(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Ask MyCA' }).click();
  await expect(panel(page)).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Your question' }).fill('is there a lifeguard at the pool on weekends?');
  await panel(page).getByRole('button', { name: 'Ask' }).click();
  await expect(lastAnswer(page)).toContainText(/lifeguard/i);
  const box = await panel(page).boundingBox();
  expect(box && box.width <= 390, 'the panel is no wider than the screen').toBe(true);
  expect(await layoutFaults(page)).toEqual({ brokenWords: [], cutText: [], overlapping: [] });
  await expectAccessible(page);
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(panel(page)).toBeHidden();
});

test('a visitor of the public page asks MyCA, which answers from the public material only', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/public?association=maplegrove');
  await page.getByRole('button', { name: 'Ask MyCA' }).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText(/Questions about Maple Grove HOA, answered from what it publishes/)).toBeVisible();
  const field = panel(page).getByRole('textbox', { name: 'Your question' });
  await field.fill('When are the pool hours in the summer?');
  await field.press('Enter');
  await expect(lastAnswer(page)).toContainText(/pool/i);
  await expect(lastAnswer(page).getByRole('list', { name: 'Sources' })).toBeVisible();
  await expectAccessible(page);
  // The budget is for owners: a visitor gets nothing of it.
  await field.fill('how much money will we have saved for big repairs by the end of the year?');
  await field.press('Enter');
  await expect(page.getByRole('log', { name: 'Conversation with MyCA' }).getByText('MyCA answered:')).toHaveCount(2);
  await expect(lastAnswer(page)).not.toContainText('$212,000');
  await expect(lastAnswer(page).getByRole('link', { name: /Annual Budget/ })).toHaveCount(0);

  // Where MyCA is off (Cedar Point), the public page offers none.
  await page.goto('/public?association=cedarpoint');
  await expect(page.getByRole('heading', { level: 1, name: /Cedar Point/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask MyCA' })).toHaveCount(0);
});

test('the management company reads the owners\' feedback on MyCA\'s answers, per association, in the console', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, 'staff@example.com', 'Staff#2026');
  await page.goto('/manage');
  await page.getByRole('main').getByRole('link', { name: 'Maple Grove HOA', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Board of Maple Grove HOA' })).toBeVisible();
  await page.getByRole('link', { name: 'What owners said of MyCA\'s answers' }).click();
  await expect(page).toHaveURL(/\/manage\/associations\/[0-9]+\/myca-feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: 'What owners said of MyCA\'s answers' })).toBeVisible();
  // The homeowner's feedback above: not helpful, with their comment, under the question it answered.
  const entry = page.getByRole('list', { name: 'Answers with feedback' }).getByRole('listitem')
    .filter({ hasText: 'Asked: Can I land a helicopter on my driveway?' }).first();
  await expect(entry).toContainText('Not helpful');
  await expect(entry).toContainText('Their comment: The parking rules cover driveways.');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), 'no sideways scroll at 390 px').toBe(false);
  await expectAccessible(page);
});
