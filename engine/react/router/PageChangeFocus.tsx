import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusAndAnnounce, focusIsLost, isShown, whenPresent } from '../app/focus-moves.ts';

/** A link to the page at `pathname`: the one just followed. */
function isLinkTo(element: Element | null, pathname: string): boolean {
  return element instanceof HTMLAnchorElement && element.href !== '' && new URL(element.href).pathname === pathname;
}

const mainOf = () => document.getElementById('main-content') ?? document.querySelector('main');

/**
 * On another page (not the first one), focus moves to its main heading once it is shown, and the
 * heading is announced; as a visitor following a link of a server-rendered site would start there.
 * A screen that put the focus in its own content meanwhile keeps it there, and so does a visitor
 * who moved it elsewhere (into the navigation, say) while the page was still arriving.
 */
export function PageChangeFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const heading = () => {
      const main = mainOf();
      return main ? [...main.querySelectorAll<HTMLElement>('h1')].find(isShown) : undefined;
    };
    return whenPresent(document.body, heading, (target) => {
      const main = mainOf();
      const active = document.activeElement;
      if (!focusIsLost() && main && active && active !== main && main.contains(active)) return;
      // Focus the visitor put elsewhere meanwhile (the navigation, say) stays: the page may be
      // shown well after the address changed (its code loads first).
      if (focusIsLost() || active === main || isLinkTo(active, window.location.pathname)) focusAndAnnounce(target);
    });
  }, [pathname]);
  return null;
}
