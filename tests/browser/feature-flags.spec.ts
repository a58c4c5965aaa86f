import { expect, test } from '@playwright/test';
import { flagsOffBaseUrl } from '../../playwright.config.ts';

test.use({ baseURL: flagsOffBaseUrl });

test('built with the flags off, the public layout is gone and the rest still works', async ({ page }) => {
  await page.goto('/public');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  await page.goto('/public/community/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  await page.goto('/community/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
});
