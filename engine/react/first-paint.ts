import { PRERENDERED_ATTRIBUTE } from '../core/prerendered.ts';

/**
 * The longest wait for the browser's word that the first contentful paint is on screen. It comes
 * tens of milliseconds after the frame is drawn; a browser that never gives it (out of sight since,
 * or no content painted) still loads the page's code.
 */
export const FIRST_PAINT_WAIT_LIMIT_MS = 500;

/**
 * Resolves once a page rendered ahead of time has been painted; at once for any other page (it has
 * nothing to paint before the portal's code runs) and for a page opened out of sight (it is not
 * painted until shown). Fetching the code after that first paint keeps it from sharing a slow
 * connection with what the paint waits for (the document and its styles), and keeps its evaluation
 * from delaying the paint on a fast one.
 *
 * "Painted" is the paint-timing entry `first-contentful-paint`, whose time is when the frame was
 * presented. A frame callback and the task after it run when the main thread has drawn the frame,
 * before the compositor presents it: code fetched from a nearby server then is evaluated ahead of
 * the paint, holding it back. Without paint timing, that task is the best there is.
 */
export function afterFirstPaint(root: HTMLElement | null): Promise<void> {
  if (!root?.hasAttribute(PRERENDERED_ATTRIBUTE) || document.visibilityState !== 'visible') return Promise.resolve();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterFrame();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const limit = setTimeout(done, FIRST_PAINT_WAIT_LIMIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(limit);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** A frame callback runs just before the main thread draws the frame; a task queued from it runs just after. */
function afterFrame(): Promise<void> {
  return new Promise((resolve) => { requestAnimationFrame(() => { setTimeout(resolve, 0); }); });
}
