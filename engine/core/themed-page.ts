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
  // A page that holds them already (a frame: earlyLookScript) keeps its one copy.
  if (html.includes(`<style id="${THEME_STYLES_ID}">`)) return root;
  // (a style element's text ends at the first "</style": rules never hold one)
  const rules = `<style id="${THEME_STYLES_ID}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  return root.replace(/<\/head>/i, `${rules}</head>`);
}

// --- Overrides of a theme's variables ----------------------------------------------------------
// Over whichever theme is shown, a page may give some of its tokens other values (a tenant's own
// colours): a map from token path (`colors.brand.solid`) to a CSS value. They are set on the root
// element's style, which outranks every theme rule, and named in an attribute (JSON) so that a
// page a server sent with them starts its session with the same ones. Which settings become which
// tokens is the product's to say; the engine only sets them.

/** The root element's attribute listing the overridden tokens (JSON of token path → value). */
export const THEME_OVERRIDES_ATTRIBUTE = 'data-theme-overrides';

export type ThemeOverrides = Record<string, string>;

/** A token path an override may name (`colors.brand.solid`). */
export const OVERRIDE_TOKEN_PATH = /^[a-zA-Z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/;
// A colour, length or font value: never what could end the declaration or the attribute.
export const OVERRIDE_SAFE_VALUE = /^[^;{}<>"'\\]{1,200}$/;

/** The CSS variable of a token (Chakra's naming: `colors.brand.focusRing` → `--chakra-colors-brand-focus-ring`). */
export function themeVariableName(path: string, prefix = 'chakra'): string {
  return `--${prefix}-${path.split('.').map((part) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('-')}`;
}

/** The icon link's attribute remembering the page's own icon, to show it again. */
export const ICON_DEFAULT_ATTRIBUTE = 'data-default-href';

/** The overrides that are well formed (others are dropped: they come from data, not from code). */
export function validOverrides(value: unknown): ThemeOverrides {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>)
    .filter((entry): entry is [string, string] => OVERRIDE_TOKEN_PATH.test(entry[0]) && typeof entry[1] === 'string' && OVERRIDE_SAFE_VALUE.test(entry[1])));
}

/** The declarations that set `overrides` (for a style attribute). */
export function overrideDeclarations(overrides: ThemeOverrides): string {
  return Object.entries(validOverrides(overrides)).map(([path, value]) => `${themeVariableName(path)}: ${value}`).join('; ');
}

/** The overrides a page arrived with (its root element's attribute); {} when none or unreadable. */
export function parseOverrides(attribute: string | null): ThemeOverrides {
  if (!attribute) return {};
  try {
    return validOverrides(JSON.parse(attribute));
  } catch {
    return {};
  }
}

/** What a page is sent with beyond its theme: token overrides and the address of its icon. */
export interface PageLook {
  overrides?: ThemeOverrides;
  /** The tab's icon (`<link rel=icon>`); null or absent keeps the page's. */
  icon?: string | null;
}

/**
 * The page `html` with `look`: the overrides on its root element (style and attribute), the icon
 * as its `<link rel=icon>`. Nothing changes for an empty look.
 */
export function lookedMarkup(html: string, look: PageLook): string {
  let page = html;
  const overrides = validOverrides(look.overrides);
  if (Object.keys(overrides).length > 0) {
    const attributes = ` style="${escapeAttribute(overrideDeclarations(overrides))}" ${THEME_OVERRIDES_ATTRIBUTE}="${escapeAttribute(JSON.stringify(overrides))}"`;
    page = page.replace(/<html(\s|>)/i, (_, after: string) => `<html${attributes}${after}`);
  }
  if (look.icon) {
    const link = `<link rel="icon" href="${escapeAttribute(look.icon)}">`;
    page = /<link\s[^>]*rel=["']?icon["']?[^>]*>/i.test(page)
      ? page.replace(/<link\s[^>]*rel=["']?icon["']?[^>]*>/i, () => link)
      : page.replace(/<\/head>/i, () => `${link}</head>`);
  }
  return page;
}

/**
 * The page `html` as a picture of itself: its scripts and their preloads removed, so that it never
 * starts (a preview in a frame shows the markup in the look it was sent in, and nothing runs).
 */
export function inertMarkup(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '');
}
