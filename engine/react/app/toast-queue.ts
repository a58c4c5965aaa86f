import type { CreateToasterReturn } from '@chakra-ui/react';

// Most pages never show a toast: the toast machinery (Chakra's toaster and its state machines, about
// 8 KB gzip) is fetched with the first toast (toaster.tsx), and the toasts asked for meanwhile wait
// here for its live region (toast-region.tsx) to take them.

export type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let queued: ToastOptions[] = [];
let show: ((options: ToastOptions) => void) | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast: at once when the live region is there, else as soon as it has loaded. */
export const toaster = {
  create(options: ToastOptions) {
    if (show) { show(options); return; }
    queued.push(options);
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
  },
};

/** The live region hands over its `show`: it receives the queued toasts, then every later one. Returns the hand-back. */
export function takeQueuedToasts(next: (options: ToastOptions) => void): () => void {
  show = next;
  const waiting = queued;
  queued = [];
  for (const options of waiting) next(options);
  return () => { if (show === next) show = null; };
}

/** Whether a toast has been asked for yet: the live region is loaded from then on. */
export function toastWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the first toast is asked for. Returns the unsubscribe. */
export function onToastWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
