import { expect, test, type Locator } from '@playwright/test';

// Every focus indicator stands out at least 3:1 from the background around it (WCAG 1.4.11): the
// outline's colour, as the browser computes it, against the nearest opaque background behind the
// focused control.

interface Ring { outline: string; width: number; background: string }

/** The focused control's outline colour and width, and the colour of the page behind it. */
async function ringOf(control: Locator): Promise<Ring> {
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    let background = 'rgb(255, 255, 255)';
    // The outline is drawn around the control, over what its parents paint.
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (!/^rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent') { background = colour; break; }
    }
    return { outline: style.outlineStyle === 'none' ? 'none' : style.outlineColor, width: parseFloat(style.outlineWidth), background };
  });
}

function channels(colour: string): number[] {
  const numbers = colour.match(/[\d.]+/g)?.map(Number);
  if (!numbers || numbers.length < 3) throw new Error(`not an rgb() colour: ${colour}`);
  return numbers.slice(0, 3);
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test('the focus rings of fields and buttons stand out 3:1 from the page, at least 2px wide', async ({ page }) => {
  await page.goto('/paynow');
  const account = page.getByLabel('Account number');
  const find = page.getByRole('button', { name: 'Find my account' });
  // The page is rendered ahead of time: its controls answer once its code is there.
  await expect(find).toBeEnabled();
  // Reached by the keyboard, as the indicator is for keyboard users.
  await page.getByLabel('E-mail for your receipt').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(account).toBeFocused();
  const field = await ringOf(account);
  expect(field.outline).not.toBe('none');
  expect(field.width).toBeGreaterThanOrEqual(2);
  expect(contrast(field.outline, field.background), `field ring ${field.outline} on ${field.background}`).toBeGreaterThanOrEqual(3);

  // Focused after a key was pressed: shown as the keyboard's focus.
  await find.focus();
  await expect(find).toBeFocused();
  const button = await ringOf(find);
  expect(button.outline).not.toBe('none');
  expect(button.width).toBeGreaterThanOrEqual(2);
  expect(contrast(button.outline, button.background), `button ring ${button.outline} on ${button.background}`).toBeGreaterThanOrEqual(3);
});
