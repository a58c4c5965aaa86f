import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { compileRedirects } from '../../core/redirects.ts';
import { useRuntime } from '../app/runtime.ts';
import { ScreenView } from './ScreenView.tsx';

/** An address no route matches: a legacy address goes where the redirect table says, else not found. */
export function LegacyRedirectOrNotFound({ notFoundScreen }: { notFoundScreen: string }) {
  const { config, routes } = useRuntime();
  const { pathname, search } = useLocation();
  const table = useMemo(() => {
    const mirrors = [...new Set(routes.map((route) => route.mirror).filter(Boolean) as string[])];
    return compileRedirects(config.redirectsDoc as never, { mirrors });
  }, [config, routes]);
  const target = table.resolve(pathname, search);
  if (target) return <Navigate to={target} replace />;
  return <ScreenView screenId={notFoundScreen} />;
}
