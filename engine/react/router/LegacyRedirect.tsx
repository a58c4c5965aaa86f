import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { RedirectTable } from '../../core/redirects.ts';
import { useRuntime } from '../app/runtime.ts';
import { Busy } from '../widgets/Busy.tsx';
import { ScreenView } from './ScreenView.tsx';

export interface Redirects { redirectTable(mirrors: string[]): RedirectTable }

let productRedirects: Promise<Redirects> | undefined;

/** The product's redirect table: fetched with the first address no route matches, not with every page. */
function loadProductRedirects(): Promise<Redirects> {
  productRedirects ??= import('./redirect-table.ts');
  return productRedirects;
}

function RedirectOrNotFound({ notFoundScreen, redirects }: { notFoundScreen: string; redirects: Redirects }) {
  const { routes } = useRuntime();
  const { pathname, search } = useLocation();
  const table = useMemo(() => {
    const mirrors = [...new Set(routes.map((route) => route.mirror).filter(Boolean) as string[])];
    return redirects.redirectTable(mirrors);
  }, [redirects, routes]);
  const target = table.resolve(pathname, search);
  if (target) return <Navigate to={target} replace />;
  return <ScreenView screenId={notFoundScreen} />;
}

/**
 * An address no route matches: a legacy address goes where the redirect table says, else not found.
 * `redirects` is the product's table (schemas/redirects.yaml) unless another is given.
 */
export function LegacyRedirectOrNotFound({ notFoundScreen, redirects = loadProductRedirects() }: { notFoundScreen: string; redirects?: Promise<Redirects> }) {
  const [loaded, setLoaded] = useState<Redirects | null>(null);
  useEffect(() => {
    let current = true;
    void redirects.then((table) => { if (current) setLoaded(table); });
    return () => { current = false; };
  }, [redirects]);
  return loaded ? <RedirectOrNotFound notFoundScreen={notFoundScreen} redirects={loaded} /> : <Busy />;
}
