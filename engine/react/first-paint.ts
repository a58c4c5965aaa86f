import { PRERENDERED_ATTRIBUTE } from '../core/prerendered.ts';

/**
 * Resolves once a page rendered ahead of time has been painted; at once for any other page (it has
 * nothing to paint before the portal's code runs) and for a page opened out of sight (it is not
 * painted until shown). Fetching the code after that first paint keeps it from sharing a slow
 * connection with what the paint waits for (the document and its styles), and costs one frame.
 */
export function afterFirstPaint(root: HTMLElement | null): Promise<void> {
  if (!root?.hasAttribute(PRERENDERED_ATTRIBUTE) || document.visibilityState !== 'visible') return Promise.resolve();
  // A frame callback runs just before the paint; a task queued from it runs just after.
  return new Promise((resolve) => { requestAnimationFrame(() => { setTimeout(resolve, 0); }); });
}
