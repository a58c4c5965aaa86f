import { useLayoutEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { Navigator } from '../app/runtime.ts';

/**
 * The runtime's way to move to another address from outside React (a flow that has finished, a
 * session that has ended), through the router in the page: `Bridge` goes inside the router and
 * hands it its navigate function. A move asked for before the router is in the page waits for it.
 */
export function createBrowserNavigator(): { navigator: Navigator; Bridge: () => null } {
  let navigate: NavigateFunction | null = null;
  let waiting: Parameters<Navigator['navigate']> | null = null;
  const navigator: Navigator = {
    navigate: (to, options) => {
      if (navigate) void navigate(to, options);
      else waiting = [to, options];
    },
    location: () => ({ pathname: window.location.pathname, search: window.location.search }),
  };
  function Bridge() {
    const routerNavigate = useNavigate();
    useLayoutEffect(() => {
      navigate = routerNavigate;
      if (waiting) {
        const [to, options] = waiting;
        waiting = null;
        void routerNavigate(to, options);
      }
    }, [routerNavigate]);
    return null;
  }
  return { navigator, Bridge };
}
