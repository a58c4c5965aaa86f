import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_UI_FEATURES, CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../browser/chromium-args.ts';

/** The names in Playwright's own `disabledFeatures` list, read from the playwright-core installed. */
function playwrightsDisabledFeatures(): string[] {
  const packageDir = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const source = readFileSync(join(packageDir, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(source)?.[1];
  if (!list) throw new Error('playwright-core no longer holds its disabledFeatures list where this test reads it: compare tests/browser/chromium-args.ts with its chromiumSwitches by hand');
  return [...list.matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((match) => match[1]);
}

describe('the browser tests\' Chromium arguments', () => {
  it('keep every feature Playwright turns off, since Chromium obeys only the last --disable-features', () => {
    const playwrights = playwrightsDisabledFeatures();
    expect(playwrights.length).toBeGreaterThan(5);
    expect(playwrights.filter((name) => !PLAYWRIGHT_DISABLED_FEATURES.includes(name))).toEqual([]);
  });

  it('give one --disable-features, with the browser UI made ahead of use turned off too', () => {
    const given = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(given).toHaveLength(1);
    const names = given[0].slice('--disable-features='.length).split(',');
    expect(names).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES]));
  });
});
