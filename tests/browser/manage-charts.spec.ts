import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInQuickly } from './helpers.ts';

// The console home's charts (/manage): Summit's admin sees the balance past due by age of each
// association owing something, and the company's collections and sign-ups over the last 12 months,
// each drawn and, for screen readers, in a table of the same figures (the API's, formatted).
// Axe at 1280 and 390 px; at 390 px the charts fit the width of the phone.

const manager = { email: 'manager@example.com', password: 'Manager#2026' };

const CHARTS = [
  { card: 'Past due by age', table: 'Balance past due by age, for the associations owing the most' },
  { card: 'Collections', table: 'Payments received by month, the last 12 months' },
  { card: 'Sign-ups', table: 'Owners who signed up by month, the last 12 months' },
];

/** The rows of a chart's table (its text alternative), each as its cells' texts. */
function tableRows(page: Page, name: string): Promise<string[][]> {
  return page.getByRole('table', { name }).locator('tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
}

async function expectChartsDrawn(page: Page) {
  for (const { card, table } of CHARTS) {
    const section = page.getByRole('region', { name: card });
    await expect(section.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 30_000 });
    // The drawing is hidden from screen readers, who read the table instead.
    await expect(page.getByRole('table', { name: table })).toBeAttached();
  }
}

test('Summit\'s admin sees the console home\'s charts, with their figures in tables for screen readers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInQuickly(page, manager.email, manager.password);
  const token = await page.evaluate(() => localStorage.getItem('portal.token'));
  await page.goto('/manage');
  // The charting code comes with this page alone, on its first visit: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Management console' })).toBeVisible({ timeout: 30_000 });
  await expectChartsDrawn(page);

  // The aging table: one row per association owing something, its four buckets as money.
  const aging = await (await page.request.get('/api/management/Charts/Aging', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(aging.associations.length).toBeGreaterThan(0);
  const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
  expect(await tableRows(page, CHARTS[0].table)).toEqual([
    ['Association', '0–30 days', '31–60 days', '61–90 days', 'Over 90 days'],
    ...aging.associations.map((a: Record<string, number | string>) => [a.name, ...['days0to30Cents', 'days31to60Cents', 'days61to90Cents', 'over90Cents'].map((k) => money(Number(a[k])))]),
  ]);
  await expect(page.getByText(`${money(aging.totals.totalCents)} past due at ${aging.pastDueAssociations} associations`)).toBeVisible();

  // The aging chart follows the list's search: only the associations searched for.
  const searched = await (await page.request.get('/api/management/Charts/Aging?search=cedar', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(searched.associations.length).toBeLessThan(aging.associations.length);
  await page.getByLabel('Search associations').fill('cedar');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => tableRows(page, CHARTS[0].table)).toEqual([
    ['Association', '0–30 days', '31–60 days', '61–90 days', 'Over 90 days'],
    ...searched.associations.map((a: Record<string, number | string>) => [a.name, ...['days0to30Cents', 'days31to60Cents', 'days61to90Cents', 'over90Cents'].map((k) => money(Number(a[k])))]),
  ]);
  await page.getByLabel('Search associations').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => tableRows(page, CHARTS[0].table)).toHaveLength(aging.associations.length + 1);

  // Collections and sign-ups: the 12 months, oldest first, as the server counts them.
  const months = (await (await page.request.get('/api/management/Charts/Months', { headers: { authorization: `Bearer ${token}` } })).json()).months;
  expect(months).toHaveLength(12);
  const monthName = (m: string) => new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-01T12:00:00Z`));
  expect(await tableRows(page, CHARTS[1].table)).toEqual([['Month', 'Received'], ...months.map((m: { month: string; collectedCents: number }) => [monthName(m.month), money(m.collectedCents)])]);
  expect(await tableRows(page, CHARTS[2].table)).toEqual([['Month', 'Owners signed up'], ...months.map((m: { month: string; signUps: number }) => [monthName(m.month), String(m.signUps)])]);
  await page.screenshot({ path: '.tmp/manage-charts-1280.png', fullPage: true });
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectChartsDrawn(page);
  // Each chart fits the phone's width: nothing wider than the page.
  for (const { card } of CHARTS) {
    const box = await page.getByRole('region', { name: card }).locator('svg.recharts-surface').first().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/manage-charts-390.png', fullPage: true });
  await expectAccessible(page, { skipContrast: true });
});
