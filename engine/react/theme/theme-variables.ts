// A theme other than the default is a set of CSS variables, not a Chakra system of its own: the
// page renders with one system (sharedSystem), and showing another theme sets an attribute on the
// root element, for which these rules give some variables other values. Made when the portal is
// built (engine/build/config-plugin.ts), so that a change of theme costs the browser no system to
// make and nothing to render again.
import type { SystemContext } from '@chakra-ui/react';
import type { ThemeDocument } from '../app/config-types.ts';
import { sharedSystem, systemFor } from './systems.ts';
import { ICON_DEFAULT_ATTRIBUTE, THEME_ATTRIBUTE, THEME_OVERRIDES_ATTRIBUTE, THEME_STYLES_FILE, THEME_STYLES_ID, themeSelector, themeVariableName, validOverrides } from '../../core/themed-page.ts';

export { THEME_ATTRIBUTE, THEME_STYLES_FILE, THEME_STYLES_ID } from '../../core/themed-page.ts';

type Variables = Record<string, string>;
interface Blocks { always: Variables; light: Variables; dark: Variables }

/** A system's CSS variables, by the colour mode they hold in. */
function blocksOf(system: SystemContext): Blocks {
  const css = system.getTokenCss() as Record<string, Record<string, Variables>>;
  const blocks: Blocks = { always: {}, light: {}, dark: {} };
  for (const [selector, variables] of Object.entries(css['@layer tokens'] ?? {})) {
    if (selector.includes('.dark')) blocks.dark = variables;
    else if (selector.includes('.light')) blocks.light = variables;
    else if (selector.startsWith('&:where(html')) blocks.always = variables;
    else throw new Error(`a theme's tokens hold under "${selector}", which a theme shown by its variables cannot follow`);
  }
  return blocks;
}

function differing(own: Variables, shared: Variables, theme: string): Variables {
  for (const name of Object.keys(own)) {
    if (!(name in shared)) throw new Error(`theme "${theme}" makes ${name}, which the page's system lacks`);
  }
  return Object.fromEntries(Object.entries(own).filter(([name, value]) => shared[name] !== value));
}

function rule(selector: string, variables: Variables): string {
  const declarations = Object.entries(variables).map(([name, value]) => `${name}: ${value};`).join(' ');
  return declarations ? `${selector} { ${declarations} }` : '';
}

/** The CSS of every theme but the default: each theme's variables that differ from the page's system. */
export function themeVariablesCss(themes: Record<string, ThemeDocument>, defaultName: string, breakpoints?: Record<string, string>): string {
  const shared = blocksOf(sharedSystem(themes, defaultName, breakpoints));
  const rules = Object.values(themes).filter((doc) => doc.name !== defaultName).flatMap((doc) => {
    const own = blocksOf(systemFor(themes, doc.name, defaultName, breakpoints));
    const root = themeSelector(doc.name);
    const light = differing(own.light, shared.light, doc.name);
    const dark = differing(own.dark, shared.dark, doc.name);
    return [
      rule(root, { ...differing(own.always, shared.always, doc.name), ...light }),
      // The theme's light values outrank the default's dark ones: in dark mode it restates all of its own.
      Object.keys(light).length + Object.keys(dark).length > 0 ? rule(`${root}.dark`, own.dark) : '',
    ];
  }).filter(Boolean);
  // In Chakra's layer for tokens, where its own variables are: above them by the selector's weight only.
  return rules.length ? `@layer tokens { ${rules.join(' ')} }` : '';
}


/**
 * Shows the page in the theme named (the default theme when null), adding the themes' rules once:
 * `css` itself, or when it is empty (a build), the site's file of them (THEME_STYLES_FILE), linked
 * the first time a theme other than the default is shown. A page rendered with them keeps its copy.
 */
export function showTheme(root: HTMLElement, css: string, name: string | null): void {
  const doc = root.ownerDocument;
  const id = THEME_STYLES_ID;
  if (css && !doc.getElementById(id)) {
    const style = doc.createElement('style');
    style.id = id;
    style.textContent = css;
    doc.head.append(style);
  } else if (!css && name && !doc.getElementById(id)) {
    const link = doc.createElement('link');
    link.id = id;
    link.rel = 'stylesheet';
    link.href = `/${THEME_STYLES_FILE}`;
    doc.head.append(link);
  }
  if (name) root.setAttribute(THEME_ATTRIBUTE, name);
  else root.removeAttribute(THEME_ATTRIBUTE);
}

/**
 * Gives the tokens `overrides` names other values over the theme shown (engine/core/themed-page.ts),
 * removing those an earlier call set and this one does not name.
 */
export function showOverrides(root: HTMLElement, overrides: unknown): void {
  const wanted = validOverrides(overrides);
  let before: Record<string, string> = {};
  try {
    before = validOverrides(JSON.parse(root.getAttribute(THEME_OVERRIDES_ATTRIBUTE) ?? '{}'));
  } catch { /* an unreadable attribute: nothing to remove */ }
  for (const path of Object.keys(before)) if (!(path in wanted)) root.style.removeProperty(themeVariableName(path));
  for (const [path, value] of Object.entries(wanted)) root.style.setProperty(themeVariableName(path), value);
  if (Object.keys(wanted).length > 0) root.setAttribute(THEME_OVERRIDES_ATTRIBUTE, JSON.stringify(wanted));
  else root.removeAttribute(THEME_OVERRIDES_ATTRIBUTE);
  if (root.getAttribute('style') === '') root.removeAttribute('style');
}

const ICON_DEFAULT = ICON_DEFAULT_ATTRIBUTE;

/** Shows `href` as the tab's icon (null: the page's own icon again). */
export function showPageIcon(doc: Document, href: string | null): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    if (!href) return;
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  if (!link.hasAttribute(ICON_DEFAULT)) link.setAttribute(ICON_DEFAULT, link.getAttribute('href') ?? '');
  const next = href ?? link.getAttribute(ICON_DEFAULT) ?? '';
  if (link.getAttribute('href') !== next) link.setAttribute('href', next);
}
