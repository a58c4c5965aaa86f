import { createContext, useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
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

/** What a part of the page waits for, besides the page as a whole (see `useRegionSettled`). */
export interface WaitingCounter {
  change(by: number): void;
  subscribe(listener: () => void): () => void;
  count(): number;
}

export function createWaitingCounter(): WaitingCounter {
  let count = 0;
  const own = new Set<() => void>();
  return {
    change(by) {
      count += by;
      for (const listener of own) listener();
    },
    subscribe(listener) {
      own.add(listener);
      return () => { own.delete(listener); };
    },
    count: () => count,
  };
}

/** The region a waiting mark also counts for, when it is inside one. */
export const WaitingRegionContext = createContext<WaitingCounter | null>(null);

/**
 * Counts the calling component as something the page waits for while `active`. Marked in a layout
 * effect, before any passive effect of the same commit reads the count.
 */
export function useWaitingMark(active = true) {
  const region = useContext(WaitingRegionContext);
  useLayoutEffect(() => {
    if (!active) return undefined;
    change(1);
    region?.change(1);
    return () => {
      change(-1);
      region?.change(-1);
    };
  }, [active, region]);
}

/**
 * False until, after some commit, nothing inside the region `counter` counts is waited for; then
 * true for the region's life (a later busy state inside it is the visitor's own doing).
 */
export function useRegionSettled(counter: WaitingCounter): boolean {
  const count = useSyncExternalStore(counter.subscribe, counter.count, counter.count);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!settled && counter.count() === 0) setSettled(true);
  }, [settled, count, counter]);
  return settled;
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
