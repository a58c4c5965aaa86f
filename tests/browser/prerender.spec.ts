import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner } from './helpers.ts';

// The public pages routes.yaml marks `prerender: true` arrive as HTML with their first view in it,
// and the browser adopts that markup (hydrates it) without a mismatch: no console error or warning,
// the same elements before and after, and the controls work once the code runs.
const pages = [
  { path: '/login', heading: 'Sign in to your community portal', field: 'E-mail address', button: 'Sign in' },
  { path: '/paynow', heading: 'Make a payment', field: 'Account number', button: 'Find my account' },
  { path: '/public', heading: /./, field: null, button: null },
  { path: '/public/paynow', heading: 'Make a payment', field: 'Account number', button: 'Find my account' },
];

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Records every <style> element taken out of the document. Moving one, even to where it was, drops
 * its style sheet and adds it back, which makes the browser style the whole page again.
 */
async function recordStyleMoves(page: Page) {
  await page.addInitScript(() => {
    const moved: string[] = [];
    (window as unknown as { movedStyles: string[] }).movedStyles = moved;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) if (node.nodeName === 'STYLE') moved.push((node as Element).getAttribute('data-emotion') ?? '(no name)');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Remembers the first heading as parsed from the HTML, before any script of the page runs. */
async function rememberParsedHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('h1');
    });
  });
}

for (const spec of pages) {
  test(`${spec.path} arrives rendered and is hydrated without a mismatch`, async ({ page, request }) => {
    const html = await (await request.get(spec.path)).text();
    expect(html).toContain(`data-prerendered="${spec.path}"`);
    // (its text in the heading itself or in the heading's span, as a card's title has it)
    expect(html).toMatch(/<h1[^>]*>(?:<span[^>]*>)?[^<]+<\/(?:span|h1)>/);
    if (spec.button) {
      // Until the code runs, the form's controls are inert (no native submit, no lost keystroke),
      // and the button is marked so that it is not dimmed and undimmed a moment later.
      expect(html).toMatch(new RegExp(`<button type="submit"[^>]*disabled=""[^>]*data-awaiting-code=""[^>]*>${spec.button}<`));
      expect(html).toMatch(/<input[^>]*readonly=""/i);
    }

    const problems = collectProblems(page);
    await rememberParsedHeading(page);
    await recordStyleMoves(page);
    await page.goto(spec.path);
    await expect(page.getByRole('heading', { level: 1, name: spec.heading })).toBeVisible();
    if (spec.field && spec.button) {
      const field = page.getByLabel(spec.field, { exact: true });
      await field.fill('12345');
      await expect(field).toHaveValue('12345');
      await expect(page.getByRole('button', { name: spec.button, exact: true })).toBeEnabled();
    }
    await page.waitForLoadState('networkidle');
    const adopted = await page.evaluate(() => (window as unknown as { parsedHeading: Element | null }).parsedHeading === document.querySelector('h1'));
    expect(adopted, 'the heading parsed from the HTML is the one on screen (hydrated, not replaced)').toBe(true);
    // The styles of the page's system (reset, base styles, every token's variable) are those that
    // came with the HTML, not made and inserted again: one element holds the token variables.
    const globals = await page.evaluate(() => Array.from(document.querySelectorAll('style'))
      .filter((style) => Array.from(style.sheet?.cssRules ?? []).some((rule) => rule.cssText.includes('--chakra-colors-gray-500:')))
      .map((style) => style.textContent?.length ?? 0));
    expect(globals).toHaveLength(1);
    expect(globals[0], 'the element parsed from the HTML, its text kept').toBeGreaterThan(10_000);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-gray-500'))).not.toBe('');
    // Taking the page's styles over leaves their elements where the HTML put them.
    expect(await page.evaluate(() => (window as unknown as { movedStyles: string[] }).movedStyles)).toEqual([]);
    expect(problems).toEqual([]);
    await expectAccessible(page);
  });
}

test('before the code runs, a page rendered ahead of time shows its buttons inert but not dimmed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const spec of pages.filter((one) => one.button)) {
    await page.goto(spec.path);
    const button = page.getByRole('button', { name: spec.button!, exact: true });
    await expect(button).toBeDisabled();
    // Dimmed now, it would be undimmed a moment later, when the code has run: a flash of every button.
    expect(await button.evaluate((element) => getComputedStyle(element).opacity), spec.path).toBe('1');
  }
  await context.close();
});

test('a page rendered ahead of time fetches the code only once its first paint is on screen', async ({ page }) => {
  // A script requested before the paint is presented is often evaluated before it, holding the
  // page's text back; the entry's own chunk and its styles are all the paint may wait for.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const scripts = performance.getEntriesByType('resource')
      .map((resource) => ({ path: new URL(resource.name).pathname, startTime: resource.startTime }))
      .filter((resource) => resource.path.endsWith('.js'));
    return { paint, scripts };
  });
  expect(timings.paint, 'the browser reports the first contentful paint').not.toBeNull();
  // The entry's own chunk is parsed from the HTML; every later one is the portal's code.
  const [entryChunk, ...portalCode] = timings.scripts.sort((a, b) => a.startTime - b.startTime);
  expect(entryChunk?.path).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(portalCode.length).toBeGreaterThan(0);
  expect(portalCode[0]!.startTime, `${portalCode[0]!.path} requested after the paint at ${timings.paint} ms`).toBeGreaterThanOrEqual(timings.paint!);
});

test('a browser that is signed in renders the page afresh instead of adopting the signed-out markup', async ({ page, request }) => {
  const answer = await request.post('/api/users/Users/Authenticate', { data: { email: homeowner.email, password: homeowner.password } });
  expect(answer.status()).toBe(200);
  const { token } = await answer.json() as { token: string };
  const problems = collectProblems(page);
  await page.addInitScript((value) => localStorage.setItem('portal.token', value), token);
  await page.goto('/login');
  // Signed in, the sign-in page sends the visitor home; no hydration mismatch is reported on the way.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a page shows its icons drawn in its markup and keeps them; a page that shows none never fetches the icons', async ({ page, request }) => {
  // The chunk of virtual:engine-icons (`_virtual_engine-icons-<hash>.js`).
  const iconModule = /\/(?:_virtual_engine-)?icons-[\w-]+\.js$/;
  const fetched: string[] = [];
  page.on('request', (sent) => { if (iconModule.test(new URL(sent.url()).pathname)) fetched.push(sent.url()); });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(fetched, 'the sign-in page shows no icon').toEqual([]);

  const html = await (await request.get('/public')).text();
  const drawn = html.match(/<svg[^>]*class="[^"]*lucide/g)?.length ?? 0;
  expect(drawn, 'the public page has icons drawn in its markup').toBeGreaterThan(0);
  const problems = collectProblems(page);
  await page.goto('/public');
  // (on a busy machine the network can go quiet while the page's start still runs, before it asks for the icons)
  await expect.poll(() => fetched, { message: 'adopting the public page fetched its icons' }).toHaveLength(1);
  await page.waitForLoadState('networkidle');
  expect(fetched, 'adopting the public page fetched its icons once').toHaveLength(1);
  await expect(page.locator('svg.lucide')).toHaveCount(drawn);
  expect(problems).toEqual([]);
});
