import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stylesInPlacePlugin } from '../../engine/build/styles-in-place-plugin.ts';

// The installed Emotion's files, as the build resolves them (their exports are not for reading).
const packageDir = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
const cacheFile = join(packageDir('@emotion/cache'), 'dist', 'emotion-cache.browser.esm.js');
const sheetFile = join(packageDir('@emotion/sheet'), 'dist', 'emotion-sheet.esm.js');
const transform = (code: string, id: string) => (stylesInPlacePlugin().transform as (code: string, id: string) => { code: string } | null)(code, id);

describe('styles-in-place-plugin', () => {
  it("makes the installed Emotion's cache leave a server-rendered style in the <head> it is in", () => {
    const out = transform(readFileSync(cacheFile, 'utf8'), cacheFile)?.code ?? '';
    expect(out).toContain('if (node.parentNode !== document.head) document.head.appendChild(node);');
    expect(out.match(/document\.head\.appendChild\(node\)/g)).toHaveLength(1);
  });

  it("makes the installed Emotion's sheet insert only an element that is not already before the place it goes", () => {
    const out = transform(readFileSync(sheetFile, 'utf8'), sheetFile)?.code ?? '';
    expect(out).toContain('if (!(tag.parentNode === _this.container && (before == null || (tag.compareDocumentPosition(before) & 4)))) _this.container.insertBefore(tag, before);');
    expect(out.match(/insertBefore\(tag, before\)/g)).toHaveLength(1);
  });

  it('fails the build on an Emotion that takes styles over otherwise, and leaves other modules alone', () => {
    expect(() => transform('export const createCache = () => ({});', cacheFile)).toThrow(/no longer takes server-rendered styles over/);
    expect(() => transform('export class StyleSheet {}', sheetFile)).toThrow(/no longer takes server-rendered styles over/);
    expect(transform('document.head.appendChild(node);', join(packageDir('@emotion/cache'), 'dist', 'emotion-cache.esm.js'))).toBeNull();
  });
});
