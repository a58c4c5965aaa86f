import { expect, test } from '@playwright/test';
import { layoutFaults } from './layout-checks.ts';

// The layout checks every screen is put through find what they are meant to find, and no more.

const page390 = { width: 390, height: 844 };

test('a word squeezed into too narrow a box is found broken; words that break where lines may are not', async ({ page }) => {
  await page.setViewportSize(page390);
  await page.setContent(`
    <body style="margin:0;font:18px/1.3 sans-serif">
      <div style="display:flex;gap:8px;width:390px">
        <div style="flex:0 1 70px;min-width:0;overflow-wrap:anywhere">Community Portal</div>
        <div style="flex:1 0 auto">Sign in</div>
      </div>
      <p style="width:120px">A pre-authorized payment and/or a short line of words</p>
      <p style="width:120px;overflow-wrap:anywhere">homeowner.with.a.long.name@example.com</p>
      <p style="width:60px;overflow-wrap:anywhere"><code>ABCDEFGHIJKLMNOP</code></p>
      <p data-allow-break style="width:60px;overflow-wrap:anywhere">ABCDEFGHIJKLMNOP</p>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:normal">Only for screen readers</span>
    </body>`);
  const faults = await layoutFaults(page);
  expect(faults.brokenWords).toHaveLength(1);
  expect(faults.brokenWords[0]).toMatch(/^"Comm\w*\|\w*ty" in div "Community Portal"/);
  expect(faults.cutText).toEqual([]);
  expect(faults.overlapping).toEqual([]);
});

test('text cut short is found unless its full text is offered beside it', async ({ page }) => {
  await page.setViewportSize(page390);
  await page.setContent(`
    <body style="margin:0;font:16px/1.5 sans-serif">
      <div style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">A long name of a thing</div>
      <div style="width:100px;overflow:hidden;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2">A longer text, clamped to its first two lines of the four it needs</div>
      <div style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis" title="Another long name of a thing">Another long name of a thing</div>
      <div style="width:100px;overflow-x:auto;white-space:nowrap">A long line that scrolls sideways</div>
      <div style="width:100px;height:24px;overflow:hidden;position:relative"><span style="position:absolute;left:-200px">Slid away</span>Short</div>
      <div style="width:100px;height:24px;overflow:hidden"><p style="margin:0">Shown</p><p style="margin:0">Hidden below</p></div>
      <div style="width:100px;height:24px;overflow:hidden"><p style="margin:0">Shown</p><p style="margin:0;transform:translateY(100px)">Moved away</p></div>
    </body>`);
  const faults = await layoutFaults(page);
  expect(faults.cutText).toHaveLength(3);
  expect(faults.cutText[0]).toMatch(/^"A long name of a thing" in div, cut by div/);
  expect(faults.cutText[1]).toMatch(/^"A longer text, clamped/);
  expect(faults.cutText[2]).toMatch(/^"Hidden below" in p, cut by div/);
  expect(faults.brokenWords).toEqual([]);
  expect(faults.overlapping).toEqual([]);
});

test('controls and text drawn over each other are found; layers on purpose and tight lines are not', async ({ page }) => {
  await page.setViewportSize(page390);
  await page.setContent(`
    <body style="margin:0;font:16px/1.5 sans-serif">
      <div style="position:relative;height:48px">
        <button style="position:absolute;left:0;top:8px;width:120px">First</button>
        <button style="position:absolute;left:110px;top:8px;width:120px">Second</button>
      </div>
      <div style="position:relative;height:48px">
        <label for="amount">Amount to pay</label>
        <span style="position:absolute;left:20px;top:0">Due</span>
      </div>
      <div style="position:relative;height:48px">
        <p style="margin:0">Balance <span style="position:absolute;left:0;top:0">Late</span></p>
        <input id="amount">
      </div>
      <header style="position:sticky;top:0;height:48px;margin-bottom:-48px;background:white"><a href="#">Home</a></header>
      <p style="margin:0"><a href="#">Over the sticky bar</a></p>
      <div style="position:relative;height:48px">
        <span>Under the menu</span>
        <div style="position:absolute;top:0;left:0;z-index:1;background:white"><a href="#">A menu item</a></div>
      </div>
      <h2 style="width:160px;line-height:1;font-size:32px;margin:0">Tight lines of a heading</h2><p style="margin:0">Right below it <a href="#">a link</a></p>
      <a href="#" style="display:block;padding:8px"><span>Text inside a link</span> <span>and more</span></a>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);left:0;top:8px">Only for screen readers</span>
    </body>`);
  const faults = await layoutFaults(page);
  expect(faults.overlapping).toHaveLength(3);
  expect(faults.overlapping[0]).toMatch(/^button "First" and button "Second" overlap by 10×\d+ px/);
  expect(faults.overlapping[1]).toMatch(/^text "Amount to pay" in label and text "Due" in span overlap/);
  expect(faults.overlapping[2]).toMatch(/^text "Balance" in p and text "Late" in span overlap/);
  expect(faults.brokenWords).toEqual([]);
  expect(faults.cutText).toEqual([]);
});
