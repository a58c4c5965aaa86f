import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusAndAnnounce, focusIsLost, isShown, whenPresent } from '../app/focus-moves.ts';

const mainOf = () => document.getElementById('main-content') ?? document.querySelector('main');

/**
 * On another page (not the first one), focus moves to its main heading once it is shown, and the
 * heading is announced; as a visitor following a link of a server-rendered site would start there.
 * A screen that put the focus in its own content meanwhile keeps it there.
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
      focusAndAnnounce(target);
    });
  }, [pathname]);
  return null;
}
