import { Navigate, useLocation } from 'react-router';
import { useRuntime } from '../app/runtime.ts';
import { resolveLink, type CompiledRoute } from '../app/route-table.ts';
import { resolveBindings } from '../../core/bindings.ts';
import { sameSitePath } from '../../core/paths.ts';
import { useScope, useSessionStatus } from '../app/scope.tsx';
import { Busy } from '../widgets/Busy.tsx';
import { ScreenView } from './ScreenView.tsx';

/** Applies a route's requirement (signed in, or signed out), its `when` and its gate before showing its screen. */
export function RouteElement({ route, notFoundScreen }: { route: CompiledRoute; notFoundScreen: string }) {
  const { config, routes } = useRuntime();
  const status = useSessionStatus();
  const scope = useScope();
  const location = useLocation();
  if (route.planned || !route.screen) return <ScreenView screenId={notFoundScreen} />;
  if (route.requires && status === 'loading') return <Busy />;
  if (route.requires === 'session' && status !== 'signedIn') {
    const returnTo = `${location.pathname}${location.search}`;
    const login = resolveLink(config.app.signInPath, location.pathname, routes);
    return <Navigate to={`${login}?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  if (route.requires === 'anonymous' && status === 'signedIn') {
    // Signed in on a page for visitors (the sign-in page itself, just after signing in): on to the
    // page the sign-in was asked for (a path of this site only), else home. Whichever of this and the
    // sign-in flow's own move comes first, the visitor lands on the page they came for.
    const returnTo = sameSitePath(new URLSearchParams(location.search).get('returnTo'));
    return <Navigate to={resolveLink(returnTo ?? config.app.homePath, location.pathname, routes)} replace />;
  }
  // A route switched off at run time (its `when`) is not there: the calm not-found page.
  if (route.when?.some((binding) => resolveBindings<unknown>(binding, scope) !== true)) return <ScreenView screenId={notFoundScreen} />;
  if (route.gate && resolveBindings<unknown>(route.gate.when, scope) !== true) return <ScreenView screenId={route.gate.screen} />;
  return <ScreenView screenId={route.screen} titleKey={route.title} />;
}
