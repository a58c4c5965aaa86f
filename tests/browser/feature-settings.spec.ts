import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signIn, signInQuickly } from './helpers.ts';

// A feature switched off in the console takes effect on the residents' next page load, with no
// rebuild or restart: Summit's admin switches Messages off for Maple Grove in /manage/settings; the
// homeowner's next page load has no Messages in its navigation, the dashboard drops its Unread
// messages card, and /my/messages shows the not-found page. The admin switches it back (the
// browser tests share one server: nothing is left off, even when a step fails). axe on each page.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };

const grid = (page: Page) => page.locator('[data-grid="manage-settings"]');
// The Messages feature's row (not the Messages pages' one).
const messagesRow = (page: Page) => grid(page).locator('.ag-row').filter({ hasText: 'Messages' }).filter({ hasNotText: 'Messages pages' });

async function openMapleGrove(page: Page) {
  await page.goto('/manage/settings');
  await page.getByRole('link', { name: 'Maple Grove HOA' }).click();
  await expect(page.getByRole('heading', { name: 'Maple Grove HOA: association settings' })).toBeVisible();
}

async function setMessages(page: Page, value: 'false' | null) {
  await openMapleGrove(page);
  await messagesRow(page).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  if (value === null) {
    await dialog.getByRole('button', { name: 'Return to inherited' }).click();
  } else {
    // A yes/no key is chosen, not typed.
    await dialog.getByRole('radio', { name: value === 'false' ? 'Off' : 'On' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
  }
  await expect(dialog).toBeHidden();
}

/** Returns Maple Grove's messages setting to inherited through the API, whatever state a failed step left. */
async function restore(browser: Browser) {
  const context = await browser.newContext();
  const request = context.request;
  const headers = await signedInHeaders(request, manager);
  const associations = (await (await request.get('/api/management/Associations?startRow=0&endRow=100', { headers })).json()) as { rows: { id: number; name: string }[] };
  const maple = associations.rows.find((a) => a.name === 'Maple Grove HOA');
  if (maple) await request.delete(`/api/settings/Associations/${maple.id}/messages`, { headers });
  await context.close();
}

async function signedInHeaders(request: APIRequestContext, who: { email: string; password: string }) {
  const signedIn = await request.post('/api/users/Users/Authenticate', { data: who });
  const { token } = (await signedIn.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Leaves the homeowner a reply from management they have not opened at Maple Grove, so that the
 * dashboard's unread messages card has something to show whatever other tests have read.
 */
async function leaveUnreadReply(browser: Browser): Promise<string> {
  // Its own subject, so that a retry finds its thread and not an earlier run's.
  const subject = `Guest parking passes ${Date.now().toString(36)}`;
  const context = await browser.newContext();
  const request = context.request;
  const owner = await signedInHeaders(request, homeowner);
  const staff = await signedInHeaders(request, manager);
  const associations = (await (await request.get('/api/management/Associations?startRow=0&endRow=100', { headers: staff })).json()) as { rows: { id: number; name: string }[] };
  const maple = associations.rows.find((a) => a.name === 'Maple Grove HOA');
  expect(maple, 'Maple Grove HOA in the demo data').toBeTruthy();
  const created = await request.post('/api/users/Messages', { headers: owner, data: { associationId: maple!.id, subject, body: 'Where do I pick up guest parking passes?' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const replied = await request.post(`/api/users/Messages/${id}/Reply`, { headers: staff, data: { body: 'At the clubhouse office.' } });
  expect(replied.ok()).toBe(true);
  await context.close();
  return subject;
}

async function chooseMapleGrove(page: Page) {
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).first().getAttribute('value') ?? '');
}

// Two users, the console's grid and axe four times: more than the default time on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 360_000 });

test.afterAll(async ({ browser }) => {
  await restore(browser);
});

test('a feature switched off for an association leaves its residents\' navigation, dashboard and routes on the next page load', async ({ browser }) => {
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();

  // Before: the homeowner at Maple Grove sees Messages and the unread messages card.
  const subject = await leaveUnreadReply(browser);
  await signInQuickly(owner, homeowner.email, homeowner.password);
  await chooseMapleGrove(owner);
  await owner.goto('/dashboard');
  await expect(owner.getByRole('heading', { name: 'Unread messages' })).toBeVisible();
  await owner.getByRole('button', { name: 'Community' }).click();
  await expect(owner.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await owner.keyboard.press('Escape');

  // The admin switches Messages off for Maple Grove.
  await signIn(admin, manager.email, manager.password);
  await setMessages(admin, 'false');
  await expect(messagesRow(admin)).toContainText('Association');
  await expectAccessible(admin);

  // The homeowner's next page load: no Messages link, no unread messages card, no messages page.
  await owner.reload();
  await expect(owner.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Unread messages' })).toHaveCount(0);
  await owner.getByRole('button', { name: 'Community' }).click();
  await expect(owner.getByRole('link', { name: 'Documents', exact: true })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Messages', exact: true })).toHaveCount(0);
  await owner.keyboard.press('Escape');
  await expectAccessible(owner);
  await owner.goto('/my/messages');
  await expect(owner.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
  await expectAccessible(owner);

  // Back on: the next page load shows Messages again.
  await setMessages(admin, null);
  await expect(messagesRow(admin)).not.toContainText('Association');
  await owner.goto('/dashboard');
  await expect(owner.getByRole('heading', { name: 'Unread messages' })).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Unread messages' }).getByRole('listitem')
    .filter({ has: owner.getByRole('link', { name: subject, exact: true }) })).toContainText('1 unread');
  await owner.goto('/my/messages');
  await expect(owner.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
});
