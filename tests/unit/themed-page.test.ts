import { describe, expect, it } from 'vitest';
import { hasThemeRules, lookedMarkup, parseOverrides, themedMarkup, themeVariableName, validOverrides } from '../../engine/core/themed-page.ts';

const RULES = '@layer tokens { :root[data-theme-name="Evergreen"] { --chakra-fonts-body: Georgia; } }';

describe('a page sent in a theme', () => {
  it('names the theme on its root element and holds the themes’ rules once, where the browser looks for them', () => {
    const page = themedMarkup('<!doctype html><html lang="en"><head><title>t</title></head><body></body></html>', 'Evergreen', RULES);
    expect(page).toBe(`<!doctype html><html data-theme-name="Evergreen" lang="en"><head><title>t</title><style id="engine-theme-variables">${RULES}</style></head><body></body></html>`);
  });

  it('escapes what could end the attribute or the style element', () => {
    const page = themedMarkup('<html><head></head></html>', 'A"<b>', 'x { content: "</style><script>" }');
    expect(page).toContain('data-theme-name="A&#34;&#60;b&#62;"');
    expect(page).not.toContain('</style><script>');
  });

  it('knows which themes the rules have: the default theme has none', () => {
    expect(hasThemeRules(RULES, 'Evergreen')).toBe(true);
    expect(hasThemeRules(RULES, 'Default')).toBe(false);
    expect(hasThemeRules(RULES, 'Ever')).toBe(false);
  });
});

describe('a page sent with a look over its theme', () => {
  it('sets the overridden tokens on the root element, names them for the session, and replaces the icon', () => {
    const page = lookedMarkup('<html lang="en"><head><link rel="icon" href="data:," /></head></html>', {
      overrides: { 'colors.brand.solid': '#0b5cad', 'colors.brand.focusRing': '#0b5cad' },
      icon: '/uploads/brand/a$&b.png',
    });
    expect(page).toBe('<html style="--chakra-colors-brand-solid: #0b5cad; --chakra-colors-brand-focus-ring: #0b5cad" data-theme-overrides="{&#34;colors.brand.solid&#34;:&#34;#0b5cad&#34;,&#34;colors.brand.focusRing&#34;:&#34;#0b5cad&#34;}" lang="en"><head><link rel="icon" href="/uploads/brand/a$&#38;b.png"></head></html>');
    expect(parseOverrides('{"colors.brand.solid":"#0b5cad"}')).toEqual({ 'colors.brand.solid': '#0b5cad' });
  });

  it('drops what is no token or could end the declaration; an empty look changes nothing', () => {
    expect(validOverrides({ 'colors.brand.solid': 'red; background: url(x)', solid: '#fff', 'colors.x': 3, 'colors.ok': '#abcdef' })).toEqual({ 'colors.ok': '#abcdef' });
    expect(parseOverrides('not json')).toEqual({});
    expect(themeVariableName('colors.brand.focusRing')).toBe('--chakra-colors-brand-focus-ring');
    expect(lookedMarkup('<html><head></head></html>', {})).toBe('<html><head></head></html>');
  });
});
