// The script a signed-in frame runs before its first paint (engine/core/early-look.ts): it shows the
// look the session last stored (theme, colour overrides, icon) on the attributes the portal reads
// at start, and nothing of what storage holds that the portal would not accept itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { earlyLookScript } from '../../engine/core/early-look.ts';
import { parseOverrides } from '../../engine/core/themed-page.ts';

const script = earlyLookScript({ storage: 'local', key: 'portal.session', themes: ['Default', 'Evergreen', 'Harbor'], defaultTheme: 'Default' });
// Run as the page runs it: its text, as the build writes it into the frame's head.
// eslint-disable-next-line no-new-func -- the text under test is a script, not data
const run = () => new Function(script)();
const root = () => document.documentElement;

beforeEach(() => {
  document.head.innerHTML = '<link rel="icon" href="/favicon.svg">';
});
afterEach(() => {
  localStorage.clear();
  for (const name of [...root().getAttributeNames()]) if (name !== 'lang') root().removeAttribute(name);
});

describe('the early look script', () => {
  it('shows the stored theme, colours and icon as the portal would', () => {
    localStorage.setItem('portal.session', JSON.stringify({
      theme: 'Evergreen', themeOverrides: { 'colors.brand.solid': '#0b5cad', 'colors.brand.focusRing': '#0b5cad' }, pageIcon: '/uploads/brand/abc.png',
    }));
    run();
    expect(root().getAttribute('data-theme-name')).toBe('Evergreen');
    expect(root().style.getPropertyValue('--chakra-colors-brand-solid')).toBe('#0b5cad');
    expect(root().style.getPropertyValue('--chakra-colors-brand-focus-ring')).toBe('#0b5cad');
    // The attribute the portal starts its session from (engine/react/app/create-runtime.ts).
    expect(parseOverrides(root().getAttribute('data-theme-overrides'))).toEqual({ 'colors.brand.solid': '#0b5cad', 'colors.brand.focusRing': '#0b5cad' });
    const icon = document.head.querySelector('link[rel="icon"]')!;
    expect(icon.getAttribute('href')).toBe('/uploads/brand/abc.png');
    expect(icon.getAttribute('data-default-href')).toBe('/favicon.svg');
  });

  it('names no theme for the default one, and changes nothing when nothing is stored or it does not parse', () => {
    localStorage.setItem('portal.session', JSON.stringify({ theme: 'Default', themeOverrides: {}, pageIcon: null }));
    run();
    expect(root().hasAttribute('data-theme-name')).toBe(false);
    expect(root().hasAttribute('data-theme-overrides')).toBe(false);
    localStorage.setItem('portal.session', '{not json');
    run();
    localStorage.clear();
    run();
    expect(root().getAttributeNames().filter((name) => name !== 'lang')).toEqual([]);
    expect(document.head.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/favicon.svg');
  });

  it('leaves out what the portal would refuse: an unknown theme, a value that could end its declaration, a bad token path, an icon that is no address', () => {
    localStorage.setItem('portal.session', JSON.stringify({
      theme: 'Nowhere',
      themeOverrides: { 'colors.brand.solid': 'red; background: url(x)', 'colors.brand.fg': '#1b7042', 'not a path': '#000000', 'colors.x': 5 },
      pageIcon: 'javascript:alert(1)',
    }));
    run();
    expect(root().hasAttribute('data-theme-name')).toBe(false);
    expect(root().getAttribute('style')).toBe('--chakra-colors-brand-fg: #1b7042;');
    expect(parseOverrides(root().getAttribute('data-theme-overrides'))).toEqual({ 'colors.brand.fg': '#1b7042' });
    expect(document.head.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/favicon.svg');
  });
});
