import { expect, test } from '@playwright/test';
import { expectAccessible, homeowner, sessionToken, signInQuickly } from './helpers.ts';

// The help centre: Summit's admin sets its address (the helpCentreUrl setting). The homeowner's Help
// page then offers it; opening it opens a new tab at that address with a portal token asked for at
// that moment (`portalToken`, added after the address's own query), a tab cut off from the portal.
// The token redeems once, naming the homeowner, and a second redeem is refused. The help centre is
// another site: the browser is given a stand-in page for it. Without the setting there is no link.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const HELP_CENTRE = 'https://help.example.org/start?lang=en';
const REDEEM = '/api/users/Users/Authenticate/PortalToken/Redeem';

test.describe.configure({ mode: 'serial' });

test('opening the help centre opens a new tab at its address with a portal token that redeems once', async ({ page, context, request }) => {
  const headers = { authorization: `Bearer ${await sessionToken(request, manager.email, manager.password)}` };
  const set = await request.put('/api/settings/Company/helpCentreUrl', { headers, data: { value: HELP_CENTRE } });
  expect(set.status(), await set.text()).toBe(200);
  try {
    await context.route('https://help.example.org/**', (route) => route.fulfill({
      status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Help centre</title><h1>Help centre</h1></html>',
    }));
    await signInQuickly(page, homeowner.email, homeowner.password);
    await page.goto('/community/help');
    await expect(page.getByText("Your management company's help centre answers more questions.", { exact: false })).toBeVisible();
    const opening = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open the help centre (new tab)' }).click();
    const tab = await opening;
    await tab.waitForURL(/portalToken=/);
    const url = new URL(tab.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://help.example.org/start');
    expect(url.searchParams.get('lang')).toBe('en');
    const token = url.searchParams.get('portalToken');
    expect(token).toBeTruthy();
    // The help centre cannot reach back into the portal's page.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await expect(page.getByRole('alert')).toHaveCount(0);

    const first = await request.post(REDEEM, { data: { token } });
    expect(first.status(), await first.text()).toBe(200);
    expect(await first.json()).toMatchObject({ email: homeowner.email, firstName: 'Jordan', lastName: 'Rivera', companyCode: 'summit', actor: null });
    const second = await request.post(REDEEM, { data: { token } });
    expect(second.status()).toBe(410);
    expect(await second.json()).toMatchObject({ errorCode: 'PTK001' });
    await tab.close();
    await expectAccessible(page);
  } finally {
    await request.delete('/api/settings/Company/helpCentreUrl', { headers });
  }
});

test('the company\'s own site (embedded single sign-on address) opens the same way, with a token of its own', async ({ page, context, request }) => {
  const headers = { authorization: `Bearer ${await sessionToken(request, manager.email, manager.password)}` };
  const set = await request.put('/api/settings/Company/embeddedSsoUrl', { headers, data: { value: 'https://residents.example.org/' } });
  expect(set.status(), await set.text()).toBe(200);
  try {
    await context.route('https://residents.example.org/**', (route) => route.fulfill({
      status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Residents</title><h1>Residents</h1></html>',
    }));
    await signInQuickly(page, homeowner.email, homeowner.password);
    await page.goto('/community/help');
    const opening = context.waitForEvent('page');
    await page.getByRole('button', { name: "Open your management company's site (new tab)" }).click();
    const tab = await opening;
    await tab.waitForURL(/portalToken=/);
    const token = new URL(tab.url()).searchParams.get('portalToken');
    const first = await request.post(REDEEM, { data: { token } });
    expect(first.status(), await first.text()).toBe(200);
    expect(await first.json()).toMatchObject({ email: homeowner.email });
    await tab.close();
    await expectAccessible(page);
  } finally {
    await request.delete('/api/settings/Company/embeddedSsoUrl', { headers });
  }
});

test('without a help centre the Help page offers none, and no portal token is asked for', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/Users/Authenticate/PortalToken')) asked.push(request.url());
  });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open the help centre (new tab)' })).toHaveCount(0);
  expect(asked).toEqual([]);
});
