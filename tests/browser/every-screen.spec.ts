import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';
import { layoutFaults } from './layout-checks.ts';

// Every screen at the widths the portal is designed for (a phone, 900 and 1280 px): no serious or
// critical accessibility violation, no sideways scroll, and nothing that reaches past the right edge
// of the window outside a part that scrolls or clips on purpose (a grid's own scrolling area); no
// word broken inside itself, no text cut short out of reach, nothing drawn over anything else
// (layout-checks.ts, each screen's findings at each width listed together).

const board = { email: 'board@example.com', password: 'Board#2026' };
const manager = { email: 'manager@example.com', password: 'Manager#2026' };
const WIDTHS = [{ width: 1280, height: 800 }, { width: 900, height: 800 }, { width: 390, height: 844 }];

const visitorPages = [
  '/login', '/forgot-login', '/create-account', '/request-account', '/paynow', '/privacy-policy',
  '/terms-of-service', '/community/help', '/community/faq', '/not-found', '/server-error',
  '/public', '/public/paynow', '/public/community/calendar', '/public/community/documents',
  // An invitation's link (the form shows whatever the token; the server judges it on submit).
  '/staff-invitation/an-invitation-token-of-forty-three-characters',
  // Mimic mode's hand-over with a code no one was given: refused, with the way back to the console.
  '/mimic/a-handover-code-no-one-was-given',
  // A sign-in handed over by a host with a token no one signed: refused, with the way to sign in.
  '/auth/jwt?company=summit&token=a-token-no-host-signed',
  // Single sign-on: the company's sign-in page offering its provider, and a return no sign-in of
  // this browser asked for (refused, with the way to sign in).
  '/login/summit',
  '/auth/sso?code=a-code-no-provider-gave&state=a-state-no-sign-in-began',
  // The portal's own window a framed page opens to sign in, signed out: the way to sign in.
  '/auth/embed-handoff?nonce=a-nonce-no-frame-chose-forty-three-characte',
];
const homeownerPages = [
  '/dashboard', '/billing', '/billing/manage-account', '/billing/recurring-payments', '/billing/payment-consent',
  '/billing/support', '/billing/account-overview', '/billing/account-history', '/billing/auto-draft',
  '/billing/instant-payment', '/community/calendar', '/community/directory', '/community/requests',
  '/community/new-request', '/community/documents', '/community/myca', '/my/profile-settings', '/my/messages',
  // Not management staff: the page saying the console is for them.
  '/manage',
];
const boardPages = [
  '/board/arcs', '/board/bank-accounts', '/board/collections', '/board/homeowners', '/board/inspections',
  '/board/violations', '/board/invoices', '/board/more-items', '/board/reports', '/board/to-do-list', '/board/work-orders',
];

/** Waits until the screen has its heading and nothing on it is loading any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-busy], [aria-busy="true"]')).toHaveCount(0);
}

/** What reaches past the window's right edge, outside any part that scrolls or clips it. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth + 1;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return box.width > 0 && box.right > limit && style.visibility !== 'hidden' && style.position !== 'fixed' && !clipped(element);
      })
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(element.getBoundingClientRect().right)}`);
  });
}

/**
 * The checks at each width, the screen laid out again at each (as a window resized). Colours do not
 * depend on the width: their contrast is measured at the first.
 */
async function checkAtEveryWidth(page: Page, path: string) {
  // (a page rendered ahead of time shows its heading before its code and styles have all arrived)
  await page.waitForLoadState('networkidle');
  for (const [index, viewport] of WIDTHS.entries()) {
    await page.setViewportSize(viewport);
    await settled(page);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, `${path} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await overflowing(page), `${path} at ${viewport.width} px`).toEqual([]);
    const faults = await layoutFaults(page);
    expect.soft(faults.brokenWords, `${path} at ${viewport.width} px: words broken inside`).toEqual([]);
    expect.soft(faults.cutText, `${path} at ${viewport.width} px: text cut`).toEqual([]);
    expect.soft(faults.overlapping, `${path} at ${viewport.width} px: overlapping`).toEqual([]);
    await expectAccessible(page, index === 0 ? {} : { skipContrast: true });
  }
}

/** The pages in groups of about `size`, so that two browsers share them and each signs in once. */
function groups(paths: string[], size: number): string[][] {
  const count = Math.ceil(paths.length / size);
  return Array.from({ length: count }, (_, index) => paths.filter((_, at) => at % count === index));
}

for (const paths of groups(visitorPages, 8)) {
  test(`for a visitor, ${paths.join(', ')}: accessible, nothing past the edge at 1280, 900 and 390 px`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const path of paths) {
      await page.goto(path);
      await checkAtEveryWidth(page, path);
    }
  });
}

for (const paths of groups(homeownerPages, 9)) {
  test(`for a homeowner, ${paths.join(', ')}: accessible, nothing past the edge at 1280, 900 and 390 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInQuickly(page, homeowner.email, homeowner.password);
    for (const path of paths) {
      await page.goto(path);
      await checkAtEveryWidth(page, path);
    }
  });
}

for (const paths of groups(boardPages, 6)) {
  test(`for a board member, ${paths.join(', ')}: accessible, nothing past the edge at 1280, 900 and 390 px`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInQuickly(page, board.email, board.password);
    for (const path of paths) {
      await page.goto(path);
      await checkAtEveryWidth(page, path);
    }
  });
}

test('for management staff, /manage, /manage/staff and /manage/pages: accessible, nothing past the edge at 1280, 900 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signInQuickly(page, manager.email, manager.password);
  for (const path of ['/manage', '/manage/staff', '/manage/pages']) {
    await page.goto(path);
    await checkAtEveryWidth(page, path);
  }
});

test('for management staff, the console\'s /manage/settings: accessible, nothing past the edge at 1280, 900 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signInQuickly(page, manager.email, manager.password);
  await page.goto('/manage/settings');
  await checkAtEveryWidth(page, '/manage/settings');
});

test('for a company admin, the console\'s /manage/audit: accessible, nothing past the edge at 1280, 900 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signInQuickly(page, manager.email, manager.password);
  await page.goto('/manage/audit');
  await checkAtEveryWidth(page, '/manage/audit');
});

test('for management staff, an association\'s board in the console: accessible, nothing past the edge at 1280, 900 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signInQuickly(page, manager.email, manager.password);
  await page.goto('/manage');
  await page.getByRole('main').getByRole('link', { name: 'Maple Grove HOA', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Board of Maple Grove HOA' })).toBeVisible();
  await checkAtEveryWidth(page, new URL(page.url()).pathname);
});

test('the pages of one item (a request, a message, an architectural request) at 1280, 900 and 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signInQuickly(page, homeowner.email, homeowner.password);
  for (const [list, item] of [['/community/requests', /^\/community\/requests\/\d+/], ['/my/messages', /^\/my\/messages\/\d+/]] as const) {
    await page.goto(list);
    await settled(page);
    const href = await page.locator('main a[href]').evaluateAll((links, pattern) => links
      .map((link) => link.getAttribute('href') ?? '').find((target) => new RegExp(pattern).test(target)), item.source);
    expect(href, `a link to an item from ${list}`).toBeTruthy();
    await page.goto(href!);
    await checkAtEveryWidth(page, href!);
  }
  await page.evaluate(() => localStorage.removeItem('portal.token'));
  await signInQuickly(page, board.email, board.password);
  await page.goto('/board/arcs');
  await settled(page);
  const arc = page.locator('main a[href^="/board/arcs/"]').first();
  await expect(arc).toBeVisible();
  const href = (await arc.getAttribute('href'))!;
  await page.goto(href);
  await checkAtEveryWidth(page, href);
});
