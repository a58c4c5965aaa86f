// A theme shown on the page (showTheme, engine/react/theme/theme-variables.ts): the themes' rules
// come with the configuration in development and rendering ahead of time, and from the site's file
// in a build, fetched only once a theme other than the default is shown.
import { afterEach, expect, it } from 'vitest';
import { THEME_ATTRIBUTE, THEME_STYLES_FILE, THEME_STYLES_ID, showTheme } from '../../engine/react/theme/theme-variables.ts';

afterEach(() => {
  document.getElementById(THEME_STYLES_ID)?.remove();
  document.documentElement.removeAttribute(THEME_ATTRIBUTE);
});

const rulesElements = () => document.head.querySelectorAll(`#${THEME_STYLES_ID}`);

it('holds the rules it is given in a style element, once', () => {
  showTheme(document.documentElement, ':root { --x: 1px }', 'Evergreen');
  showTheme(document.documentElement, ':root { --x: 1px }', 'Harbor');
  expect(rulesElements()).toHaveLength(1);
  expect(rulesElements()[0].tagName).toBe('STYLE');
  expect(rulesElements()[0].textContent).toBe(':root { --x: 1px }');
  expect(document.documentElement.getAttribute(THEME_ATTRIBUTE)).toBe('Harbor');
});

it('without rules of its own, the default theme fetches nothing', () => {
  showTheme(document.documentElement, '', null);
  expect(rulesElements()).toHaveLength(0);
  expect(document.documentElement.hasAttribute(THEME_ATTRIBUTE)).toBe(false);
});

it("without rules of its own, another theme links the site's file of them, once", () => {
  showTheme(document.documentElement, '', 'Evergreen');
  showTheme(document.documentElement, '', null);
  showTheme(document.documentElement, '', 'Harbor');
  expect(rulesElements()).toHaveLength(1);
  const link = rulesElements()[0] as HTMLLinkElement;
  expect(link.tagName).toBe('LINK');
  expect(link.rel).toBe('stylesheet');
  expect(new URL(link.href).pathname).toBe(`/${THEME_STYLES_FILE}`);
  expect(document.documentElement.getAttribute(THEME_ATTRIBUTE)).toBe('Harbor');
});

it('a page that arrived with the rules (rendered in its theme) keeps its copy', () => {
  const style = document.createElement('style');
  style.id = THEME_STYLES_ID;
  style.textContent = ':root { --y: 2px }';
  document.head.append(style);
  showTheme(document.documentElement, '', 'Evergreen');
  expect(rulesElements()).toHaveLength(1);
  expect(rulesElements()[0]).toBe(style);
});
