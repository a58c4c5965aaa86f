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
  const [settled, setSettled] = useState(false);
  // Whether nothing is waited for, rather than the count: each part that arrives changes the count,
  // and would render the region again for nothing. Once settled, nothing here changes any more.
  const idle = () => settled || counter.count() === 0;
  const nothingWaited = useSyncExternalStore(counter.subscribe, idle, idle);
  useEffect(() => {
    if (!settled && counter.count() === 0) setSettled(true);
  }, [settled, nothingWaited, counter]);
  return settled;
}

/**
 * False until, after some commit, nothing is waited for and the session is not loading; then true
 * for the rest of the page's life (later navigations are the visitor's own doing).
 */
export function useFirstScreenSettled(): boolean {
  const status = useSessionStatus();
  const [settled, setSettled] = useState(settledOnce);
  // Rendering again when nothing is waited for any more (or something is again) runs the effect
  // below again; a count going from 3 to 2 renders nothing, nor does any change once settled.
  const idle = () => settled || waiting === 0;
  const nothingWaited = useSyncExternalStore(subscribe, idle, idle);
  useEffect(() => {
    // The count as it is now, after this commit's layout effects (the rendered one may be older).
    if (settled || waiting > 0 || status === 'loading') return;
    settledOnce = true;
    setSettled(true);
  }, [settled, nothingWaited, status]);
  return settled;
}
