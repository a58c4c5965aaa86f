import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useSessionStatus } from './scope.tsx';

// What the page still waits for: busy placeholders on screen (a screen, a widget or its data
// loading, a flow in a busy state). A screen's content replacing them is taller or shorter than
// they are, so whatever is below the screen would move (a layout shift): the frame shows such parts
// only once the first screen has settled.
let waiting = 0;
let settledOnce = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

function change(by: number) {
  waiting += by;
  for (const listener of listeners) listener();
}

/**
 * Counts the calling component as something the page waits for while `active`. Marked in a layout
 * effect, before any passive effect of the same commit reads the count.
 */
export function useWaitingMark(active = true) {
  useLayoutEffect(() => {
    if (!active) return undefined;
    change(1);
    return () => change(-1);
  }, [active]);
}

/**
 * False until, after some commit, nothing is waited for and the session is not loading; then true
 * for the rest of the page's life (later navigations are the visitor's own doing).
 */
export function useFirstScreenSettled(): boolean {
  const status = useSessionStatus();
  // Rendering again when the count changes runs the effect below again.
  const count = useSyncExternalStore(subscribe, () => waiting, () => waiting);
  const [settled, setSettled] = useState(settledOnce);
  useEffect(() => {
    // The count as it is now, after this commit's layout effects (the rendered one may be older).
    if (settled || waiting > 0 || status === 'loading') return;
    settledOnce = true;
    setSettled(true);
  }, [settled, count, status]);
  return settled;
}
