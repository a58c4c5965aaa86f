import { expect, test, type Page } from '@playwright/test';
import { homeowner, signInQuickly } from './helpers.ts';

/** Console messages of the grid library (errors such as a missing module, #200). */
function gridConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/AG Grid/i.test(message.text())) messages.push(`${message.type()}: ${message.text()}`);
  });
  return messages;
}

async function openHistory(page: Page) {
  await signInQuickly(page, homeowner.email, homeowner.password);
  const picker = page.getByLabel('Property');
  await picker.selectOption(await picker.locator('option', { hasText: 'Maple Grove' }).getAttribute('value') ?? '');
  await page.goto('/billing/account-history');
  await expect(page.locator('[data-grid="account-history"] .ag-row').first()).toBeVisible();
}

/** The visible header texts, each checked to be shown in full: not cut by its column, its column inside the grid. */
async function visibleHeaders(page: Page): Promise<string[]> {
  return page.locator('[data-grid="account-history"] .ag-header-cell').evaluateAll((cells) => cells
    .filter((cell) => (cell as HTMLElement).offsetWidth > 0)
    .map((cell) => {
      const text = cell.querySelector('.ag-header-cell-text') as HTMLElement;
      const grid = cell.closest('.ag-root-wrapper') as HTMLElement;
      const inside = cell.getBoundingClientRect().right <= grid.getBoundingClientRect().right + 1;
      return text.scrollWidth <= text.clientWidth + 1 && inside ? text.textContent ?? '' : `cut: ${text.textContent}`;
    }));
}

/** Whether the amount column's cells and header hold their text against the right edge. */
async function amountsRightAligned(page: Page): Promise<boolean[]> {
  const grid = page.locator('[data-grid="account-history"]');
  const header = await grid.locator('.ag-header-cell[col-id="amountCents"] .ag-header-cell-label').evaluate((el) => getComputedStyle(el).flexDirection === 'row-reverse');
  const cells = await grid.locator('.ag-cell[col-id="amountCents"]').evaluateAll((els) => els.map((el) => getComputedStyle(el).textAlign === 'right'));
  return [header, ...cells];
}

for (const { width, columns } of [
  { width: 390, columns: ['Date', 'Description', 'Amount'] },
  { width: 1280, columns: ['Date', 'Type', 'Description', 'Amount', 'Balance', 'Payment method', 'Status', 'Confirmation number'] },
]) {
  test(`the account history at ${width} px shows its columns in full with amounts on the right, without grid errors`, async ({ page }) => {
    const messages = gridConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await openHistory(page);
    expect(await visibleHeaders(page)).toEqual(columns);
    const aligned = await amountsRightAligned(page);
    expect(aligned.length).toBeGreaterThan(1);
    expect(aligned.every(Boolean)).toBe(true);
    expect(messages).toEqual([]);
  });
}
