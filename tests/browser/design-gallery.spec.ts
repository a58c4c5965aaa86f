import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ViteDevServer } from 'vite';
import { projectRoot as root, startDevServer } from './dev-server.ts';
import { expectAccessible } from './helpers.ts';

// The design vocabulary (the studio's design frame, development only) in each theme at a phone's,
// a tablet's and a desktop's width: it passes axe, and each theme's scales reach its cards. With
// UPDATE_DESIGN_SCREENSHOTS=1 it also writes the screenshots docs/design.md shows.
const update = process.env.UPDATE_DESIGN_SCREENSHOTS === '1';
const WIDTHS = [390, 900, 1280];

interface Theme { name: string; file: string; scales?: { radii?: { card?: string } } }
const themes: Theme[] = readdirSync(resolve(root, 'themes')).filter((file) => file.endsWith('.json')).map((file) => ({
  ...(JSON.parse(readFileSync(resolve(root, 'themes', file), 'utf8')) as Omit<Theme, 'file'>), file: file.replace(/\.json$/, ''),
}));

let server: ViteDevServer;
let base = '';

// The development server compiles every widget on the first page's load: on a busy two-core
// machine that alone can take minutes, so each test has room for it.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  ({ server, base } = await startDevServer('vite-design-cache'));
});

test.afterAll(async () => {
  await server?.close();
});

/** The CSS length `value` in pixels, as the browser computes it (rem of a 16px root). */
function pixels(value: string): string {
  const rem = /^(\d*\.?\d+)rem$/.exec(value);
  return rem ? `${Number(rem[1]) * 16}px` : value === '0' ? '0px' : value;
}

for (const theme of themes) {
  for (const width of WIDTHS) {
    test(`the design vocabulary in ${theme.name} at ${width} px passes axe and takes the theme's scales`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/studio/design-frame?theme=${encodeURIComponent(theme.name)}`);
      const gallery = page.locator(`[data-design-gallery="${theme.name}"]`);
      await expect(gallery.getByRole('heading', { level: 1, name: 'Design vocabulary' })).toBeVisible({ timeout: 60_000 });
      // Every widget's code is there (the development server serves each on its first use).
      await expect(gallery.locator('[data-busy]:not([data-skeleton])')).toHaveCount(0, { timeout: 60_000 });
      const cards = gallery.locator('.engine-card');
      // (the development server compiles each widget's code on its first use: a busy machine is slow)
      // The page header's trail and actions, the banner's actions, the cards' links.
      await expect(gallery.getByRole('link')).toHaveCount(7, { timeout: 60_000 });
      await expect(gallery.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
      await expect(cards).toHaveCount(3, { timeout: 60_000 });
      // Each card's corners are its theme's.
      const radius = theme.scales?.radii?.card;
      if (radius) await expect(cards.first()).toHaveCSS('border-top-left-radius', pixels(radius));
      // As many columns as the width has room for: cards side by side from 900 px, three from 1280.
      const tops = await cards.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(width < 900 ? 3 : width < 1280 ? 2 : 1);
      // The skeleton says it is loading to screen readers only.
      await expect(gallery.getByRole('status')).toHaveText('Loading…');
      await expectAccessible(page);
      if (update) {
        await gallery.screenshot({ path: resolve(root, 'docs', 'design', `${theme.file}-${width}.png`), animations: 'disabled', caret: 'hide' });
      }
    });
  }
}
