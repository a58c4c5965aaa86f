import type { ReactNode } from 'react';
import { useConfigVersion } from '../app/config-version.ts';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';

/**
 * Shows `fallback` instead of a part of the page that throws while rendering, rather than a blank
 * page; moving to another address tries the part again.
 */
export function FailSafe({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  // Development mode: a configuration update may fix what failed, so it tries again.
  const version = useConfigVersion();
  return <ErrorBoundary fallback={fallback} resetKeys={[pathname, version]}>{children}</ErrorBoundary>;
}
