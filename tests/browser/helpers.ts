import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type Frame, type FrameLocator, type Locator, type Page, type APIRequestContext } from '@playwright/test';

export const homeowner = { email: 'homeowner@example.com', password: 'Homeowner#2026' };

/**
 * Whether every frame of the page is of the page's own origin. AxeBuilder's default scan runs axe in
 * each frame and merges the results in a blank page it opens for each scan, so that frames of other
 * origins are covered too: the blank page took about a second of the 1.5–2.5 s a scan took. Where
 * no frame is of another origin, one axe run in the page reaches every frame (axe's own frame
 * messaging, same-origin frames allowed) and checks the same rules in the same frames.
 */
function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    return url === '' || url.startsWith('about:') || new URL(url).origin === origin;
  });
}

/** axe-core's own minified build: put in a document once, run there at each width checked. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * One axe run in the page, as AxeBuilder's legacy mode does it, with axe put in each frame only when
 * the frame's document lacks it: AxeBuilder sends axe's 1.4 MB source twice per scan (about 100 ms
 * each), and the same page is scanned at three widths. Only violations are collected.
 */
async function runAxeInPage(page: Page, options: RunOptions): Promise<AxeResults> {
  const inject = async (frame: Frame) => {
    if (!await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')) await frame.evaluate(axeSource);
  };
  await inject(page.mainFrame());
  for (const frame of page.frames().filter((frame) => frame !== page.mainFrame())) {
    // A frame still loading or going away has nothing to scan yet (AxeBuilder gives each a second too).
    await Promise.race([inject(frame), new Promise((resolve) => setTimeout(resolve, 1000))]).catch(() => undefined);
  }
  return page.evaluate((runOptions) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } })
    .axe.run(document, runOptions), { ...options, resultTypes: ['violations' as const] });
}

/**
 * Fails on serious or critical accessibility violations of the current page (`skipContrast`: where
 * the same page's colours were measured already, at another width).
 */
export async function expectAccessible(page: Page, { skipContrast = false }: { skipContrast?: boolean } = {}) {
  // Colours in the middle of a transition (a button just pressed) are neither the old nor the new
  // ones: the scan waits for running transitions and animations to end (endless ones are skipped).
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined))));
  const results = framesShareOrigin(page)
    ? await runAxeInPage(page, skipContrast ? { rules: { 'color-contrast': { enabled: false } } } : {})
    : await (skipContrast ? new AxeBuilder({ page }).disableRules(['color-contrast']) : new AxeBuilder({ page })).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')})`)).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The newest code mailed to an address, read from the development outbox. */
export async function latestCode(request: APIRequestContext, email: string, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const response = await request.get('/dev/mailbox.json');
    const mails = (await response.json()) as { to: string; subject: string; text: string; createdAt: string }[];
    const mail = mails.find((m) => m.to === email && Date.parse(m.createdAt) >= after);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Where the portal is: the page itself, or a frame of another site's page holding it. */
type Scope = Page | FrameLocator;

/** Fills the sandbox provider's card fields where they are shown (its nested frame's content, or its whole-page entry). */
export async function fillCardDetails(scope: Scope, number: string, name = 'Pat Payer') {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await scope.getByLabel('Security code (CVC)').fill('123');
  await scope.getByLabel('Name on card').fill(name);
}

/**
 * Fills the sandbox provider's hosted card entry (in its frame, inside the portal's page or frame)
 * and sends it: its button pays the payment's total ("Pay $20.70"), or saves the card where nothing
 * is charged yet.
 */
export async function enterCard(scope: Scope, number: string, name = 'Pat Payer') {
  const frame = scope.frameLocator('iframe[title="Secure payment details entry"]');
  await fillCardDetails(frame, number, name);
  await frame.getByRole('button', { name: /^(Pay \$[\d,]+\.\d\d|Save card)$/ }).click();
}

/**
 * The instant payment's Continue to card entry, up to the provider's whole-page entry. Other specs
 * pay the same account, so a duplicate warning may come up first: the owner continues.
 */
export async function continueToCardEntry(scope: Scope) {
  await scope.getByRole('button', { name: 'Continue to card entry' }).click();
  const proceed = scope.getByRole('button', { name: 'Continue anyway' });
  const onProvider = scope.getByRole('heading', { name: 'Enter your card' });
  await expect(proceed.or(onProvider)).toBeVisible();
  if (await proceed.isVisible()) await proceed.click();
  await expect(onProvider).toBeVisible();
}

const sessions = new Map<string, string>();

/**
 * Signs in for tests that need a session but do not test signing in: the first call in a worker
 * signs in through the page, later ones reuse that token (as a returning browser would), which keeps
 * the suite within the server's sign-in rate limit. An expired token falls back to the page.
 */
export async function signInQuickly(page: Page, email: string, password: string) {
  const token = sessions.get(email);
  if (token) {
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('portal.token', value), token);
    await page.goto('/dashboard');
    try {
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
      return;
    } catch {
      sessions.delete(email);
      await page.evaluate(() => localStorage.removeItem('portal.token'));
    }
  }
  await signIn(page, email, password);
  sessions.set(email, (await page.evaluate(() => localStorage.getItem('portal.token'))) ?? '');
}

/**
 * A session token for a test that sets its browser up before any page script runs: the one
 * signInQuickly keeps for the address while the server still accepts it, else one signed in once
 * through the API and kept the same way (within the server's sign-in rate limit).
 */
export async function sessionToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const kept = sessions.get(email);
  if (kept && (await request.get('/api/users/HomeSettings', { headers: { authorization: `Bearer ${kept}` } })).ok()) return kept;
  const answer = await request.post('/api/users/Users/Authenticate', { data: { email, password } });
  expect(answer.status()).toBe(200);
  const { token } = await answer.json() as { token: string };
  sessions.set(email, token);
  return token;
}

/** `first` comes before `second` both in the document (reading order) and on the screen (above it). */
export async function expectBefore(first: Locator, second: Locator) {
  const handle = await second.elementHandle();
  expect(await first.evaluate((a, b) => Boolean(b && a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING), handle)).toBe(true);
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(a && b && a.y + a.height <= b.y).toBe(true);
}

/** Follows a link of a group of the frame's navigation: opens the group, then its link. */
export async function followNavLink(page: Page, group: string, link: string) {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('button', { name: group, exact: true }).click();
  await navigation.getByRole('link', { name: link, exact: true }).click();
}

/** Follows a link of the signed-in user's menu (the button naming them at the top right). */
export async function followUserMenuLink(page: Page, link: string | RegExp) {
  const account = page.getByRole('navigation', { name: 'Account' });
  await account.getByRole('button').click();
  await account.getByRole('link', { name: link }).click();
}

/** The signed-in user's menu button (it names the user). */
export function userMenuButton(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Account' }).getByRole('button');
}
