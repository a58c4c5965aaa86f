// A page shown in a theme other than the default: the root element names the theme, and the
// themes' rules (made at build time: engine/react/theme/theme-variables.ts) are in the page once.
// Framework-free: the browser sets them as the theme changes, a server may set them on a page it
// sends, so that its first paint is already in the theme the page settles in.

/** The root element's attribute naming the theme shown; absent for the default theme. */
export const THEME_ATTRIBUTE = 'data-theme-name';

/** The style element holding the themes' rules. */
export const THEME_STYLES_ID = 'engine-theme-variables';

/** Beside index.html in a build: the themes' rules, for a server that sends a page in its theme. */
export const THEME_STYLES_FILE = 'theme-variables.css';

/** The selector under which the themes' rules give `name` its values. */
export const themeSelector = (name: string) => `:root[${THEME_ATTRIBUTE}=${JSON.stringify(name)}]`;

/** Whether the themes' rules have any for the theme `name` (the default theme has none). */
export function hasThemeRules(css: string, name: string): boolean {
  return css.includes(themeSelector(name));
}

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page `html` in the theme `name`: its root element names it and its head holds the themes'
 * rules (with the id the browser looks for, so that it does not add them again).
 */
export function themedMarkup(html: string, name: string, css: string): string {
  const root = html.replace(/<html(\s|>)/i, (_, after: string) => `<html ${THEME_ATTRIBUTE}="${escapeAttribute(name)}"${after}`);
  // (a style element's text ends at the first "</style": rules never hold one)
  const rules = `<style id="${THEME_STYLES_ID}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  return root.replace(/<\/head>/i, `${rules}</head>`);
}
