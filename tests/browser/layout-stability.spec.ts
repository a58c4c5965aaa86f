import { expect, test, type Page } from '@playwright/test';
import { homeowner, signInQuickly, userMenuButton } from './helpers.ts';

// Nothing a visitor sees moves while a page loads (layout shift): the frame is drawn at its
// signed-in size while a stored session loads, the footer waits for the first screen, and a branded
// guest link shows its entry once the association's name and theme are known.

/** Holds the page's requests whose path starts with `prefix` until `release` is called; they then reach the server as sent. */
async function holdRequests(page: Page, prefix: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname.startsWith(prefix), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** From the next page loaded on: every layout shift not caused by input is kept. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts recordLayoutShifts has kept since the page loaded. */
async function layoutShiftTotal(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  return shifts.reduce((sum, value) => sum + value, 0);
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not rendered`);
  return found;
};

for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
  for (const path of ['/dashboard', '/billing']) {
    test(`${path} at ${viewport.width}px: the frame keeps its size while the session loads`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInQuickly(page, homeowner.email, homeowner.password);

      // A returning visitor: the stored session is loaded again with the page.
      const release = await holdRequests(page, '/api/');
      await page.goto(path);
      await expect(page.getByRole('status')).toBeVisible();
      // Measured at one moment: the frame rendered ahead of time may be replaced by the portal's
      // own render (the same frame) at any time meanwhile.
      const [loadingHeader, loadingMain] = await page.evaluate(() => ['header', 'main'].map((selector) => {
        const { y, height } = (document.querySelector(selector) as Element).getBoundingClientRect();
        return { y, height };
      }));
      // The signed-in items are not there yet: held places, neither shown nor reachable.
      await expect(userMenuButton(page)).toHaveCount(0);
      await expect(page.getByRole('combobox')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toBeHidden();

      release();
      await expect(userMenuButton(page)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const header = await box(page, 'header');
      expect(header.height).toBe(loadingHeader.height);
      expect((await box(page, 'main')).y).toBe(loadingMain.y);
    });
  }
}

test('a branded guest link shows its entry once the association is known, and nothing moves', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await recordLayoutShifts(page);
  const release = await holdRequests(page, '/api/guest-pay/configuration');
  await page.goto('/paynow?association=maplegrove');
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find my account' })).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: 'Find my account' })).toBeVisible();
  await expect(page.getByText(/Maple Grove HOA/)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.05);
});

for (const [path, chunks] of [['/paynow', '/assets/guest-payment'], ['/login', '/assets/login-']]) {
  test(`${path} rendered ahead of time is adopted without anything moving, however late its code arrives`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      // Each shift with what moved (the element, its box before and after), so that a failure says where.
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      type Shifted = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      const described = ({ node, previousRect, currentRect }: Shifted) => {
        const element = node instanceof Element ? node : node?.parentElement;
        const name = element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}` : 'a node';
        return `${name} "${(node?.textContent ?? '').trim().slice(0, 40)}" ${box(previousRect)} → ${box(currentRect)}`;
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as PerformanceEntry & { value: number; sources?: Shifted[] };
          shifts.push(`${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms: ${(shift.sources ?? []).map(described).join('; ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A phone's slower processor (Chromium's CPU throttling) and the code of the screen, its flow
    // and its form held back: the session starts and updates meanwhile.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const releases = [await holdRequests(page, chunks), await holdRequests(page, '/assets/FormWidget-')];
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForFunction(() => document.querySelector('[data-awaiting-code]') !== null);
    await page.waitForLoadState('load');
    for (const release of releases) release();
    await expect(page.locator('form button[type="submit"]')).toBeEnabled();
    await expect(page.locator('[data-awaiting-code]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });
}

test('a flow moves to its next view once that view\'s code is there, so nothing below it moves', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await recordLayoutShifts(page);
  // The payment form's code arrives late: the flow has its data well before.
  const release = await holdRequests(page, '/assets/FormWidget');
  // The flow's reads, asked for together: once both are in, it has moved on to the form.
  const choicesRead = Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/payments/PaymentMethod'),
    page.waitForResponse((response) => /^\/api\/payments\/Association\/\d+\/PaymentOption$/.test(new URL(response.url()).pathname)),
  ]);
  await page.goto('/billing');
  await expect(page.getByText('Loading…')).toBeVisible();
  await choicesRead;
  // Until the form's code is there the page says it is loading, with nothing of the next view shown.
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payment questions and support' })).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payment questions and support' })).toBeAttached();
  expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.05);
});

test('the dashboard shows its cards together, whichever of their lists comes last, and nothing moves', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signInQuickly(page, homeowner.email, homeowner.password);
  await recordLayoutShifts(page);
  // The payments card's recurring payment comes last, after every other list of the dashboard.
  const release = await holdRequests(page, '/api/payments/RecurringPayment');
  const futureListed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/payments/FuturePayment');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeVisible();
  await futureListed;
  const main = page.getByRole('main');
  // Laid out, unseen (and so out of the accessibility tree) until the rest is there.
  const unseenPayments = main.getByRole('region', { name: 'Payments', includeHidden: true });
  await expect(unseenPayments).toBeAttached();
  await expect(unseenPayments).toBeHidden();
  await expect(main.getByRole('status')).toBeVisible();

  release();
  await expect(main.getByRole('region', { name: 'Payments' })).toBeVisible();
  await expect(main.getByRole('status')).toHaveCount(0);
  expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.01);
});
