import { expect, test } from '@playwright/test';

// The error rules and their texts are not part of the first load, but they do not wait for a
// failure either: they are fetched once the page has settled, so that a connection lost later is
// still told by them.
test('the error rules arrive after the page has settled, with nothing having failed', async ({ page }) => {
  const failedCalls: string[] = [];
  page.on('response', (response) => { if (response.url().includes('/api/') && !response.ok()) failedCalls.push(response.url()); });
  const rulesFetched = page.waitForResponse((response) => response.url().includes('failure-handling'), { timeout: 20_000 });
  await page.goto('/paynow');
  await expect(page.getByRole('button', { name: 'Find my account' })).toBeEnabled();
  expect((await rulesFetched).ok()).toBe(true);
  expect(failedCalls).toEqual([]);
});
