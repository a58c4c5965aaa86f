import { expect, test } from '@playwright/test';
import { flagsOffBaseUrl } from '../../playwright.config.ts';

test.use({ baseURL: flagsOffBaseUrl });

test('built with the flags off, the public layout is gone and the rest still works', async ({ page }) => {
  // Addresses of a layout this build left out are no pages: 404, and the app renders not-found.
  expect((await page.goto('/public'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  expect((await page.goto('/public/community/faq'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  expect((await page.goto('/community/faq'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
});
