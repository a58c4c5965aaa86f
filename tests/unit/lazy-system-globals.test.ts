import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazySystemGlobalsPlugin } from '../../engine/build/lazy-system-globals-plugin.ts';
import { SYSTEM_GLOBALS_NAME, withAdoptedGlobals } from '../../engine/react/theme/adopted-globals.ts';
import { sharedSystem } from '../../engine/react/theme/systems.ts';

const chakraDir = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')), 'dist', 'esm');
const systemFile = join(chakraDir, 'styled-system', 'system.js');
const transform = (code: string, id: string) => (lazySystemGlobalsPlugin().transform as (code: string, id: string) => { code: string } | null)(code, id);

describe('lazy-system-globals-plugin', () => {
  it("makes the installed Chakra's system work out its global styles when they are first read", () => {
    const out = transform(readFileSync(systemFile, 'utf8'), systemFile);
    expect(out?.code).toContain('let _global;');
    expect(out?.code).toContain('get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },');
    expect(out?.code).not.toContain('const _global =');
  });

  it('fails the build on a Chakra that makes them otherwise, and leaves other modules alone', () => {
    expect(() => transform('function createSystem() { return {}; }', systemFile)).toThrow(/no longer makes its global styles/);
    expect(transform('const _global = 1;', join(chakraDir, 'styled-system', 'css.js'))).toBeNull();
  });
});

describe('withAdoptedGlobals', () => {
  const themes = { Default: { name: 'Default', tokens: {} } };

  it('puts the global styles under their own name when rendering ahead of time (no document)', () => {
    const system = sharedSystem(themes, 'Default');
    const named = withAdoptedGlobals(system) as unknown as { _global: { name: string; styles: string }; css: unknown };
    expect(named._global.name).toBe(SYSTEM_GLOBALS_NAME);
    expect(named._global.styles).toContain('--chakra-colors-gray-500:');
    // Everything else is the system's own.
    expect(named.css).toBe(system.css);
  });
});
