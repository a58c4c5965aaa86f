import { expect, test } from '@playwright/test';
import { expectAccessible, homeowner, signInQuickly } from './helpers.ts';

// Items with an address of their own: a homeowner request opens at /community/requests/:id, which a
// reload, a bookmark or an e-mail's link comes back to.

test('a request opens at its own address, which a reload keeps; the link back returns to the list', async ({ page }) => {
  // Several screens and accessibility scans: longer than most.
  test.setTimeout(90_000);
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/requests');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Open Streetlight out on Maple Grove Lane' }).click();
  await expect(page).toHaveURL(/\/community\/requests\/\d+$/);
  const address = page.url();
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane', level: 2 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Attachments', level: 3 })).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane', level: 2 })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Utility work order.png', level: 4 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);

  await main.getByRole('link', { name: 'Back to all requests' }).click();
  await expect(page).toHaveURL(/\/community\/requests$/);
  await expect(main.getByRole('link', { name: 'Open Replace backyard fence' })).toBeVisible();
  // The browser's Back returns to the request.
  await page.goBack();
  await expect(page).toHaveURL(address);
  await expect(main.getByRole('heading', { name: 'Streetlight out on Maple Grove Lane', level: 2 })).toBeVisible();
});

test('a request that is not there says so, with the way back to the list', async ({ page }) => {
  test.setTimeout(90_000);
  await signInQuickly(page, homeowner.email, homeowner.password);
  await page.goto('/community/requests/987654');
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectAccessible(page);
  await main.getByRole('link', { name: 'Back to all requests' }).click();
  await expect(page).toHaveURL(/\/community\/requests$/);
  await expect(main.getByRole('link', { name: 'Open Streetlight out on Maple Grove Lane' })).toBeVisible();
});
