import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastWanted, toastWanted } from './toast-queue.ts';

const ToastLiveRegion = lazy(() => import('./toast-region.tsx'));

/** Where toasts appear: nothing until the first toast is asked for, then the live region. */
export function Toaster() {
  const shown = useSyncExternalStore(onToastWanted, toastWanted, toastWanted);
  return shown ? <Suspense fallback={null}><ToastLiveRegion /></Suspense> : null;
}
