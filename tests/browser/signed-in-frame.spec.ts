import { expect, test, type Page } from '@playwright/test';
import { homeowner, sessionToken, userMenuButton } from './helpers.ts';

// The signed-in pages routes.yaml marks `prerender: frame` arrive as HTML with their frame in it (the
// page as it shows while a stored session loads): painted before any script has run, with nothing of
// any user in it, and replaced by the portal's own render (never adopted) once the code is there. It
// paints in the look the browser's session last showed (its inline script, before the first paint).
// A signed-out visitor still ends at the sign-in page.

const userData = ['Jordan', 'Ocean Drive', 'Cedar Point', '200411', 'homeowner@example.com'];

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Holds back every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname.endsWith('.js'), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const path of ['/dashboard', '/billing', '/community/requests', '/my/profile-settings']) {
  test(`${path} arrives as its signed-in frame with no user's data in it`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<div id="root" data-prerendered-frame="${path}">`);
    expect(html).toMatch(/<header[^>]*>/);
    expect(html).toContain('aria-label="Main navigation"');
    for (const text of userData) expect(html).not.toContain(text);
  });
}

test('signed in, /dashboard shows its frame before any script runs, then the portal renders the page over it', async ({ page, request }) => {
  const token = await sessionToken(request, homeowner.email, homeowner.password);
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript((value) => {
    localStorage.setItem('portal.token', value);
    // The header parsed from the HTML, and every layout shift from then on.
    const shifts: number[] = [];
    const seen = window as unknown as { parsedHeader: Element | null; shifts: number[] };
    seen.shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') seen.parsedHeader = document.querySelector('header');
    }, { once: true });
  }, token);
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });

  // The frame, painted from the HTML alone: the banner with the portal's name, the button opening the
  // navigation (a phone's width), the main landmark with the page loading. Nothing of the user's.
  await expect(page.getByRole('banner')).toContainText('Community Portal');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toBeAttached();
  await expect(page.locator('#root[data-prerendered-frame]')).toHaveCount(1);
  for (const text of userData) await expect(page.getByText(text)).toHaveCount(0);
  const frameHeader = await page.locator('header').boundingBox();

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeVisible();
  await expect(userMenuButton(page)).toHaveText('Jordan');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The footer is shown once the whole first screen is there (its quiet lists included).
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Rendered afresh over the frame, not adopted: no mismatch reported, the parsed header replaced,
  // in the same place and size, and nothing that was painted moved.
  const replaced = await page.evaluate(() => (window as unknown as { parsedHeader: Element | null }).parsedHeader !== document.querySelector('header'));
  expect(replaced, 'the frame is replaced by a fresh render').toBe(true);
  expect(await page.locator('header').boundingBox()).toEqual(frameHeader);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.01);
  expect(problems).toEqual([]);
});

test("a signed-in frame paints in the look the session last showed (the selected association's theme), before the portal's code runs", async ({ browser, request }) => {
  const token = await sessionToken(request, homeowner.email, homeowner.password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((value) => localStorage.setItem('portal.token', value), token);
  const first = await context.newPage();
  await first.goto('/dashboard');
  const picker = first.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).first().getAttribute('value') ?? '');
  await expect(first.locator('html')).toHaveAttribute('data-theme-name', 'Evergreen');
  await first.close();

  // The next page load, its code held back: the frame arrives in Maple Grove's theme all the same.
  const page = await context.newPage();
  const problems = collectProblems(page);
  const release = await holdScripts(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered-frame]')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('data-theme-name', 'Evergreen');
  const frameBackground = await page.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme-name', 'Evergreen');
  expect(await page.locator('header').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe(frameBackground);
  expect(problems).toEqual([]);
  await context.close();
});

test('a signed-out visitor to /dashboard sees the frame, then ends at the sign-in page', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your community portal' })).toBeVisible();
  await expect(userMenuButton(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});
