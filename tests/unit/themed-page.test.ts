import { describe, expect, it } from 'vitest';
import { hasThemeRules, themedMarkup } from '../../engine/core/themed-page.ts';

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
