import { lazy, Suspense } from 'react';
import { resolveBindings } from '../../core/bindings.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';

// The banner's code is fetched only when a notice shows: most pages never show one, and the frame
// is on every page (the lightest first pages have no room in their bundle budget for it).
const NoticeBanner = lazy(() => import('./NoticeBanner.tsx').then((m) => ({ default: m.NoticeBanner })));

/**
 * navigation.yaml `notice`, across the top of every frame while its `when` is exactly true. It is
 * the frame's, not a screen's: no screen's configuration can hide it.
 */
export function FrameNotice() {
  const { config } = useRuntime();
  const scope = useScope();
  const notice = config.navigation.notice;
  if (!notice || resolveBindings<unknown>(notice.when, scope) !== true) return null;
  return <Suspense fallback={null}><NoticeBanner notice={notice} /></Suspense>;
}
