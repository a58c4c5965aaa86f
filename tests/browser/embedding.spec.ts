// The portal inside another site's page: the demo host ("Maple Grove's own website", on localhost)
// shows the portal (on 127.0.0.1, another site) with /embed.js. Chromium blocks third-party cookies
// here as it does by default, and the flag below makes sure of it; partitioned cookies still work.
import { expect, test, type Frame, type FrameLocator, type Page } from '@playwright/test';
import config, { demoHostUrl, identityProviderUrl } from '../../playwright.config.ts';
import { continueToCardEntry, enterCard, expectAccessible, fillCardDetails, homeowner, latestCode } from './helpers.ts';

const launchOptions = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--test-third-party-cookie-phaseout'] } });
// One worker for the file: a test switches the server's renewal cookie off for a while.
test.describe.configure({ mode: 'serial' });

const FRAME = 'iframe[title="Maple Grove HOA residents\' portal"]';

interface Received { origin: string; data: { v: number; type: string; id: string; payload: Record<string, unknown> } }

/** The host page with what the portal tells it recorded as it arrives (`window.__received`). */
async function openHost(page: Page): Promise<FrameLocator> {
  await page.addInitScript(() => {
    const received: unknown[] = [];
    (window as unknown as { __received: unknown[] }).__received = received;
    window.addEventListener('message', (event) => received.push({ origin: event.origin, data: event.data }));
  });
  await page.goto(demoHostUrl);
  const portal = page.frameLocator(FRAME);
  await expect.poll(() => messagesOf(page, 'ready')).toHaveLength(1);
  return portal;
}

async function messagesOf(page: Page, type: string): Promise<Received[]> {
  const all = await page.evaluate(() => (window as unknown as { __received: Received[] }).__received);
  return all.filter((message) => message.data?.type === type);
}

function portalFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname.startsWith('/embed'));
  if (!frame) throw new Error('the portal frame is not there');
  return frame;
}

/** Other tests pay the same account: a duplicate warning may come before the provider's frame. */
async function passDuplicateWarning(portal: FrameLocator) {
  const provider = portal.locator('iframe[title="Secure payment details entry"]');
  const proceed = portal.getByRole('alertdialog').getByRole('button', { name: 'Continue anyway' });
  await expect(provider.or(proceed).first()).toBeVisible();
  if (await proceed.isVisible()) await proceed.click();
  await expect(provider).toBeVisible();
}

/** The host page steers its frame, as a company's site does (embed.js `PortalEmbed.navigate`). */
async function hostNavigates(page: Page, path: string) {
  await page.evaluate((to) => (window as unknown as { PortalEmbed: { navigate(path: string): void } }).PortalEmbed.navigate(to), path);
}

async function signInInFrame(portal: FrameLocator) {
  await portal.getByLabel('E-mail address').fill(homeowner.email);
  await portal.getByLabel('Password', { exact: true }).fill(homeowner.password);
  await portal.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('the host hears ready, resize and navigate from its own frame only, sizes the frame to the content, and steers it', async ({ page, baseURL }) => {
  const portal = await openHost(page);
  const portalOrigin = new URL(baseURL!).origin;
  const [ready] = await messagesOf(page, 'ready');
  expect(ready.origin).toBe(portalOrigin);
  expect(ready.data).toMatchObject({ v: 1, type: 'ready', payload: { path: '/paynow' } });
  await expect(portal.getByLabel('Account number')).toBeVisible();

  // The frame is as tall as its content: no scrollbar inside it.
  await expect.poll(async () => {
    const inner = await portalFrame(page).evaluate(() => ({ scroll: document.documentElement.scrollHeight, client: document.documentElement.clientHeight }));
    return inner.scroll - inner.client;
  }).toBeLessThanOrEqual(1);
  const height = (await messagesOf(page, 'resize')).at(-1)!.data.payload.height as number;
  const box = await page.locator(FRAME).boundingBox();
  expect(Math.abs(box!.height - height)).toBeLessThanOrEqual(1);

  // The host's navigation steers the frame; the frame's own links tell the host where it is.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(portal.getByLabel('Password', { exact: true })).toBeVisible();
  expect(new URL(portalFrame(page).url()).pathname).toBe('/embed/login');
  await expect.poll(async () => (await messagesOf(page, 'navigate')).map((m) => m.data.payload.path)).toContain('/login');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('aria-current', 'page');
  await portal.getByRole('link', { name: 'Forgot your login?' }).click();
  await expect.poll(() => new URL(portalFrame(page).url()).pathname).not.toBe('/embed/login');
  const framePath = new URL(portalFrame(page).url()).pathname;
  expect(framePath.startsWith('/embed/')).toBe(true);
  await expect.poll(async () => (await messagesOf(page, 'navigate')).at(-1)?.data.payload.path).toBe(framePath.slice('/embed'.length));

  // No message carries a token, and every one came from the portal's origin.
  const all = await page.evaluate(() => (window as unknown as { __received: Received[] }).__received);
  expect(all.every((message) => message.origin === portalOrigin)).toBe(true);
  expect(JSON.stringify(all)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

  await expectAccessible(page);
});

test('the host chooses the portal\'s theme', async ({ page }) => {
  const portal = await openHost(page);
  await expect(portal.getByLabel('Account number')).toBeVisible();
  // Maple Grove's own theme first, then the one the host's picker names.
  await expect(portal.locator('html')).toHaveAttribute('data-theme-name', 'Evergreen');
  await page.getByLabel('Portal theme').selectOption('Harbor');
  await expect(portal.locator('html')).toHaveAttribute('data-theme-name', 'Harbor');
  await expectAccessible(page);
});

test('a message from another origin than the host is ignored', async ({ page }) => {
  const portal = await openHost(page);
  await expect(portal.getByLabel('Account number')).toBeVisible();
  // A frame of no origin (data:) beside the portal sends it a well-formed navigate.
  await page.evaluate(() => {
    const intruder = document.createElement('iframe');
    intruder.title = 'Intruder';
    intruder.src = `data:text/html,<script>parent.frames[0].postMessage({v:1,type:'navigate',id:'x1',payload:{path:'/login'}},'*')</script>`;
    document.body.append(intruder);
  });
  await page.waitForTimeout(1000);
  expect(new URL(portalFrame(page).url()).pathname).toBe('/embed/paynow');
  // The same message from the host itself is obeyed.
  await hostNavigates(page, '/login');
  await expect(portal.getByLabel('Password', { exact: true })).toBeVisible();
});

test('a parent the association does not allow cannot frame the portal', async ({ page, baseURL }) => {
  await openHost(page);
  // Cedar Point allows no parent: the same host page framing Cedar Point's payment page is refused.
  const refused = page.waitForResponse((response) => response.url().includes('/embed/paynow?association=cedarpoint'));
  await page.evaluate((portal) => {
    const frame = document.createElement('iframe');
    frame.title = 'Cedar Point';
    frame.src = `${portal}/embed/paynow?association=cedarpoint`;
    document.body.append(frame);
  }, new URL(baseURL!).origin);
  const answer = await refused;
  expect(answer.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
  expect(answer.headers()['x-frame-options']).toBeUndefined();
  const cedar = page.frameLocator('iframe[title="Cedar Point"]');
  await page.waitForTimeout(500);
  await expect(cedar.getByLabel('Account number')).toHaveCount(0);
  // Maple Grove's own answer names the host.
  const maple = await page.request.get(`${new URL(baseURL!).origin}/embed/paynow?association=maplegrove`);
  expect(maple.headers()['content-security-policy']).toContain(new URL(demoHostUrl).origin);
});

test('a guest pays inside the frame, through the provider\'s own frame', async ({ page }) => {
  test.setTimeout(90_000);
  const portal = await openHost(page);
  await portal.getByLabel('Account number').fill('100234');
  await portal.getByLabel('Property zip code').fill('30301');
  await portal.getByLabel('E-mail for your receipt').fill(`embedded-${Date.now()}@example.com`);
  await portal.getByRole('button', { name: 'Find my account' }).click();
  await portal.getByLabel(/Assessments/).check();
  await portal.getByRole('button', { name: 'Next' }).click();
  await portal.getByLabel('Credit or debit card').check();
  await portal.getByRole('button', { name: 'Next' }).click();
  await portal.getByLabel('Amount', { exact: true }).fill('12');
  await portal.getByRole('button', { name: 'Review payment' }).click();
  await expect(portal.getByRole('heading', { name: 'Confirm' })).toBeVisible();
  await expectAccessible(page);
  await portal.getByRole('button', { name: 'Continue to payment details' }).click();
  await passDuplicateWarning(portal);
  await enterCard(portal, '4242 4242 4242 4242');
  await expect(portal.getByText('Thank you. Your payment has been received.')).toBeVisible();
  await expect(portal.getByRole('region', { name: 'Payment receipt' })).toContainText('•••• 4242');
  await expectAccessible(page);
});

test('an owner pays from a checkout link inside the frame', async ({ page, request }) => {
  test.setTimeout(90_000);
  const response = await request.get('/dev/express-pay-link.json?accountNumber=100234');
  const { url } = (await response.json()) as { url: string };
  const portal = await openHost(page);
  await hostNavigates(page, url);
  await expect(portal.getByRole('heading', { name: 'Pay Maple Grove HOA', level: 1 })).toBeVisible();
  expect(new URL(portalFrame(page).url()).pathname).toBe(`/embed${url}`);
  await portal.getByLabel('Credit or debit card').check();
  await portal.getByLabel('Amount', { exact: true }).fill('4.00');
  // The fee and total come in above the button as the amount is typed: read, as a payer does, before the click.
  await expect(portal.getByRole('region', { name: 'Amount, fee and total' })).toContainText('$4.12');
  await portal.getByRole('button', { name: 'Continue to payment details' }).click();
  await passDuplicateWarning(portal);
  await enterCard(portal, '4242 4242 4242 4242');
  // The confirmation page's receipt, not the moment's notice on the payment page: the frame's browser
  // refuses it web storage, so what the payment page kept must reach the next page in memory.
  await expect.poll(async () => (await messagesOf(page, 'navigate')).at(-1)?.data.payload.path).toBe(`${url}/confirmation`);
  await expect(portal.getByText('Thank you. Your payment has been received.')).toBeVisible();
  const receipt = portal.getByRole('region', { name: 'Payment confirmation details' });
  await expect(receipt).toContainText(/CP-[0-9A-Z]{8}/);
  await expect(receipt).toContainText('•••• 4242');
  await expect(receipt).toContainText('$4.00');
  await expectAccessible(page);
});

test('in a native web view the app receives each message in order through its bridge', async ({ page }) => {
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { __sent: string[] }).__sent = sent;
    (window as unknown as { ReactNativeWebView: { postMessage(text: string): void } }).ReactNativeWebView = { postMessage: (text: string) => sent.push(text) };
  });
  await page.goto('/embed/login?association=maplegrove');
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  const sentTypes = async () => (await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).map((text) => JSON.parse(text) as Received['data']);
  await expect.poll(async () => (await sentTypes()).map((message) => message.type)).toContain('resize');
  const first = await sentTypes();
  expect(first[0]).toMatchObject({ v: 1, type: 'ready', payload: { path: '/login' } });
  // The app steers the page through the function the bridge installs.
  await page.evaluate(() => (window as unknown as { __portalBridgeReceive(message: unknown): void }).__portalBridgeReceive({ v: 1, type: 'navigate', id: 'app-1', payload: { path: '/paynow' } }));
  await expect(page.getByLabel('Account number')).toBeVisible();
  await expect.poll(async () => (await sentTypes()).filter((message) => message.type === 'navigate').map((message) => message.payload.path)).toEqual(['/paynow']);
  const types = (await sentTypes()).map((message) => message.type);
  expect(types.indexOf('ready')).toBe(0);
  expect(types.lastIndexOf('ready')).toBe(0);
  await expectAccessible(page);

  // Signed in in the web view, the sign-in is kept in the page's memory, never in its storage.
  await page.evaluate(() => (window as unknown as { __portalBridgeReceive(message: unknown): void }).__portalBridgeReceive({ v: 1, type: 'navigate', id: 'app-2', payload: { path: '/login' } }));
  await page.getByLabel('E-mail address').fill(homeowner.email);
  await page.getByLabel('Password', { exact: true }).fill(homeowner.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button')).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  await expect.poll(async () => (await sentTypes()).filter((message) => message.type === 'navigate').at(-1)?.payload.path).toBe('/dashboard');
});

/** The signed-in user's menu inside the frame. */
const accountMenu = (portal: FrameLocator) => portal.getByRole('navigation', { name: 'Account' }).getByRole('button');

/** The host page, with the homeowner signed in inside its frame through the host's Sign in link. */
async function openSignedIn(page: Page): Promise<FrameLocator> {
  const portal = await openHost(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInInFrame(portal);
  await expect(accountMenu(portal)).toBeVisible();
  return portal;
}

test('signed in inside the frame: the token stays in memory, a reload keeps the sign-in through the partitioned cookie, and signing out tells the host', async ({ page }) => {
  const portal = await openSignedIn(page);
  await expect.poll(async () => (await messagesOf(page, 'navigate')).at(-1)?.data.payload.path).toBe('/dashboard');
  // Nothing of the sign-in is in the frame's storage (where the browser lets the frame have any).
  const stored = await portalFrame(page).evaluate(() => {
    try {
      return JSON.stringify({ ...localStorage, ...sessionStorage });
    } catch {
      return 'storage denied';
    }
  });
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  await expectAccessible(page);

  // The host page again, third-party cookies blocked: the frame renews its sign-in with the partitioned cookie.
  await page.reload();
  await expect.poll(() => messagesOf(page, 'ready')).toHaveLength(1);
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(accountMenu(portal)).toBeVisible();
  expect(new URL(portalFrame(page).url()).pathname).toBe('/embed/dashboard');

  await accountMenu(portal).click();
  await portal.getByRole('link', { name: 'Sign out' }).click();
  await expect.poll(() => messagesOf(page, 'signed-out')).toHaveLength(1);
  await expect(page.getByRole('status')).toHaveText("You have signed out of the residents' portal.");

  // Signed out for good: after a reload the account page asks for a sign-in, and the host hears it.
  await page.reload();
  await expect.poll(() => messagesOf(page, 'ready')).toHaveLength(1);
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(portal.getByLabel('Password', { exact: true })).toBeVisible();
  await expect.poll(() => messagesOf(page, 'sign-in-needed')).toHaveLength(1);
  await expect(page.getByRole('status')).toHaveText("Sign in to the residents' portal to continue.");
});

test('where the cookie cannot be used, the frame signs in through a window of the portal\'s own, which asks first', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const portalOrigin = new URL(baseURL!).origin;
  expect((await request.put(`${portalOrigin}/dev/embedding/renew-cookie`, { data: { enabled: false } })).ok()).toBe(true);
  try {
    const portal = await openHost(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    const opened = page.waitForEvent('popup');
    await portal.getByRole('button', { name: 'Sign in in a new window' }).click();
    await expect(portal.getByText('Finish signing in in the new window.')).toBeVisible();
    const popup = await opened;
    await expect(popup).toHaveURL(new RegExp(`^${portalOrigin}/auth/embed-handoff\\?nonce=`));
    await expect(popup.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
    await expectAccessible(popup);
    await popup.getByRole('link', { name: 'Sign in', exact: true }).click();
    await popup.getByLabel('E-mail address').fill(homeowner.email);
    await popup.getByLabel('Password', { exact: true }).fill(homeowner.password);
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Back at the window's page: it asks before signing the other page in.
    await expect(popup.getByRole('heading', { name: 'Sign in on the page you came from?' })).toBeVisible();
    await expectAccessible(popup);
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect(accountMenu(portal)).toBeVisible({ timeout: 15_000 });
    expect(new URL(portalFrame(page).url()).pathname.startsWith('/embed/')).toBe(true);

    // Without the cookie a reload forgets the frame's sign-in: it asks again.
    await page.reload();
    await expect.poll(() => messagesOf(page, 'ready')).toHaveLength(1);
    await page.getByRole('link', { name: 'My account' }).click();
    await expect(portal.getByRole('button', { name: 'Sign in in a new window' })).toBeVisible();
  } finally {
    await request.put(`${portalOrigin}/dev/embedding/renew-cookie`, { data: { enabled: true } });
  }
});

test('single sign-on from the frame goes through the window, never inside the frame', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const portalOrigin = new URL(baseURL!).origin;
  const portal = await openHost(page);
  await hostNavigates(page, '/login/summit');
  const opened = page.waitForEvent('popup');
  await portal.getByRole('button', { name: 'Sign in with Summit Community Management' }).click();
  const popup = await opened;
  // The provider's page is in the window; the frame stays on the portal.
  await expect(popup).toHaveURL(new RegExp(`^${identityProviderUrl}/interaction/`));
  expect(new URL(portalFrame(page).url()).origin).toBe(portalOrigin);
  await popup.getByLabel('E-mail').fill('board3@example.com');
  await popup.getByLabel('Password').fill('Board3#2026');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  // The first time, the portal account is proved (here with an e-mailed code), then the window asks.
  await expect(popup.getByRole('heading', { name: 'Link your portal account' })).toBeVisible();
  const asked = Date.now() - 1000;
  await popup.getByRole('button', { name: 'Email me a code instead' }).click();
  await popup.getByLabel('Verification code').fill(await latestCode(popup.request, 'board3@example.com', asked));
  await popup.getByRole('button', { name: 'Verify' }).click();
  await expect(popup.getByRole('heading', { name: 'Sign in on the page you came from?' })).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(accountMenu(portal)).toBeVisible({ timeout: 15_000 });
  await expect(accountMenu(portal)).toContainText('Quinn');
});

test('a signed-in owner pays with a new card inside the frame, through the provider\'s own frame', async ({ page }) => {
  test.setTimeout(90_000);
  const portal = await openSignedIn(page);
  // On Maple Grove's site the owner's Maple Grove home is the one selected (the owner has one at Cedar Point too).
  await expect(portal.getByText(/account 100234\)/).first()).toBeVisible();
  await hostNavigates(page, '/billing');
  await expect(portal.getByRole('heading', { name: 'Make a payment', level: 1 })).toBeVisible();
  await portal.getByLabel(/Assessments/).check();
  await portal.getByLabel('A new card').check();
  await portal.getByLabel('Today').check();
  await portal.getByLabel('Amount', { exact: true }).fill('2');
  await portal.getByRole('button', { name: 'Pay', exact: true }).click();
  await passDuplicateWarning(portal);
  await enterCard(portal, '4242 4242 4242 4242');
  await expect(portal.getByText('Thank you. Your payment has been received.')).toBeVisible();
  await expect(portal.getByRole('region', { name: 'Payment confirmation' })).toContainText('•••• 4242');
  await expectAccessible(page);
});

test('a signed-in owner pays instantly on the provider\'s page inside the frame, whose browser keeps it no storage, and comes back to the receipt', async ({ page }) => {
  test.setTimeout(90_000);
  const portal = await openSignedIn(page);
  await hostNavigates(page, '/billing/instant-payment');
  await expect(portal.getByRole('heading', { name: 'Instant card payment', level: 1 })).toBeVisible();
  // What the round trip would have kept in this tab's storage cannot be kept: the frame is denied it.
  expect(await portalFrame(page).evaluate(() => { try { sessionStorage.setItem('probe', '1'); return true; } catch { return false; } })).toBe(false);
  await portal.getByLabel(/Assessments/).check();
  await portal.getByLabel('Amount', { exact: true }).fill('2');
  await continueToCardEntry(portal);
  await fillCardDetails(portal, '4242 4242 4242 4242');
  await portal.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(portal.getByText('Thank you. Your payment has been received.')).toBeVisible();
  await expect(portal.getByRole('region', { name: 'Payment confirmation' })).toContainText('•••• 4242');
  expect(new URL(portalFrame(page).url()).pathname).toBe('/embed/billing/instant-payment');
  await expectAccessible(page);
  // Back from the provider's page, whose return address names no association, the frame still shows
  // the owner's Maple Grove home (the association its renewal was made for), not their first one.
  await hostNavigates(page, '/dashboard');
  await expect(portal.getByText(/account 100234\)/).first()).toBeVisible();
});
