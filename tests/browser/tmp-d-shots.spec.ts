import { expect, test } from '@playwright/test';
import { homeowner, signInQuickly } from './helpers.ts';
test('shots', async ({ page }) => {
  await signInQuickly(page, homeowner.email, homeowner.password);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/community/requests');
    await page.getByRole('main').getByRole('button', { name: 'Open Replace backyard fence' }).click();
    await expect(page.getByRole('heading', { name: 'Current fence.png' })).toBeVisible();
    await page.screenshot({ path: `/tmp/h/d-open-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'View Fence plan.pdf' }).click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/h/d-dialog-${width}.png` });
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/community/new-request');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Architectural (ARC) request' }).check();
  await main.getByLabel('Subject').fill('Shot test shed');
  await main.getByLabel('Description').fill('A shed.');
  await main.getByRole('radio', { name: /Shed|Addition/ }).first().check();
  await main.getByRole('button', { name: 'Submit request' }).click();
  await expect(main.getByRole('heading', { name: 'Add files to your request' })).toBeVisible();
  await page.screenshot({ path: `/tmp/h/d-new-390.png`, fullPage: true });
});
