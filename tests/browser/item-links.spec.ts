import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// Items with an address of their own: a homeowner request opens at /community/requests/:id, which a
// reload, a bookmark or an e-mail's link comes back to.

test('a request opens at its own address, which a reload keeps; the link back returns to the list', async ({ page }) => {
  // Several screens and accessibility scans: longer than most.
  test.setTimeout(90_000);
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/requests');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Open Streetlight out on Maple Grove Lane' }).click();
  await expect(page).toHaveURL(/\/community\/requests\/\d+$/);
  const address = page.url();
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane', level: 2 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Attachments', level: 3 })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane', level: 2 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Utility work order.png', level: 4 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);

  await main.getByRole('link', { name: 'Back to all requests' }).click();
  await expect(page).toHaveURL(/\/community\/requests$/);
  await expect(main.getByRole('link', { name: 'Open Replace backyard fence' })).toBeVisible();
  // The browser's Back returns to the request.
  await page.goBack();
  await expect(page).toHaveURL(address);
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane', level: 2 })).toBeVisible();
});

test('a request that is not there says so, with the way back to the list', async ({ page }) => {
  test.setTimeout(90_000);
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/requests/987654');
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectAccessible(page);
  await main.getByRole('link', { name: 'Back to all requests' }).click();
  await expect(page).toHaveURL(/\/community\/requests$/);
  await expect(main.getByRole('link', { name: 'Open Streetlight out on Maple Grove Lane' })).toBeVisible();
});

const manager = { email: 'manager@example.com', password: 'Manager#2026' };

/** The link of the newest mail to `to` whose subject has `about`, read from the development outbox. */
async function mailedLink(request: APIRequestContext, to: string, about: string): Promise<string> {
  let link: string | undefined;
  await expect.poll(async () => {
    const mails = (await (await request.get('/dev/mailbox.json')).json()) as { to: string; subject: string; text: string }[];
    link = mails.find((m) => m.to === to && m.subject.includes(about))?.text.match(/in the portal: (\S+)/)?.[1];
    return link;
  }).toBeTruthy();
  return link!;
}

test("a signed-out homeowner follows the e-mail's link, signs in and lands on the request, its property selected", async ({ browser, baseURL }) => {
  // Two people, a mail and an accessibility scan: longer than most.
  test.setTimeout(120_000);
  const staff = await (await browser.newContext()).newPage();
  await signInQuickly(staff, manager.email, manager.password);
  await staff.goto('/community/requests');
  await staff.getByRole('link', { name: 'Open Streetlight out on Maple Grove Lane' }).click();
  await staff.getByLabel('Your reply').fill('The utility has the streetlight on its list for Monday.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Reply sent.')).toBeVisible();

  const link = await mailedLink(staff.request, homeowner.email, 'Streetlight out on Maple Grove Lane');
  // Absolute, on the portal's own address (PUBLIC_URL's default), to the request with its account.
  expect(link).toMatch(new RegExp(`^${baseURL}/community/requests/\\d+\\?accountNumber=100234$`));
  const target = link.slice(baseURL!.length);

  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page).toHaveURL(`${baseURL}/login?returnTo=${encodeURIComponent(target)}`);
  await page.getByLabel('E-mail address').fill(homeowner.email);
  await page.getByLabel('Password', { exact: true }).fill(homeowner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(link);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane', level: 2 })).toBeVisible();
  await expect(main).toContainText('The utility has the streetlight on its list for Monday.');
  // The request's property (Maple Grove, account 100234) is the one selected, not the first one.
  await expect(page.getByLabel('Property').locator('option:checked')).toHaveText(/Maple Grove HOA/);
  await expectAccessible(page);
});

test('signing in never leaves the portal: a return address elsewhere goes to the dashboard', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  for (const elsewhere of ['//evil.example/phish', 'https://evil.example/phish', '/\\evil.example/phish', 'javascript:alert(1)']) {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`/login?returnTo=${encodeURIComponent(elsewhere)}`);
    await page.getByLabel('E-mail address').fill(homeowner.email);
    await page.getByLabel('Password', { exact: true }).fill(homeowner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page, elsewhere).toHaveURL(`${baseURL}/dashboard`);
    await page.context().close();
  }
});
