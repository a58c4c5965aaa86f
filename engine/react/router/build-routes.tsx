import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { CompiledRoute } from '../app/route-table.ts';
import { ShellFrame } from '../shells/ShellFrame.tsx';
import { FailSafe } from './FailSafe.tsx';
import { RouteElement } from './RouteElement.tsx';
import { LegacyRedirectOrNotFound } from './LegacyRedirect.tsx';
import { ScreenView } from './ScreenView.tsx';
import { PageChangeFocus } from './PageChangeFocus.tsx';
import { Announcer } from '../app/announcer.tsx';
import { routesForPath } from './routes-for-path.ts';

function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/**
 * The portal's routes, rendered inside a router of any kind (the browser's, the static one that renders
 * ahead of time, a memory router in tests). A plain router rather than a data router: the portal's
 * routes load no data of their own, and the data router's code (about 18 KB gzip) came with every page.
 */
export function PortalRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const element = useRoutes(routesForPath(routes, pathname));
  return (
    <>
      {element}
      <PageChangeFocus />
      <Announcer />
    </>
  );
}

/** The react-router tree: one pathless layout route per layout (and mirror), each wrapping its shell. */
export function buildRouteObjects(routes: CompiledRoute[], notFoundScreen: string, serverErrorScreen: string): RouteObject[] {
  // A screen that throws while rendering shows the server-error screen instead of a blank page.
  const errorElement = <ShellFrame name="bare"><ScreenView screenId={serverErrorScreen} /></ShellFrame>;
  const groups = new Map<string, { shell: string; routes: CompiledRoute[]; mirror?: string }>();
  for (const route of routes) {
    const key = `${route.layout}${route.mirror ?? ''}`;
    const group = groups.get(key) ?? { shell: route.shell, routes: [], mirror: route.mirror };
    group.routes.push(route);
    groups.set(key, group);
  }
  const objects: RouteObject[] = [...groups.values()].map((group) => ({
    element: <FailSafe fallback={errorElement}><ShellFrame name={group.shell}><Outlet /></ShellFrame></FailSafe>,
    children: group.routes.map((route) => ({
      path: route.path,
      element: route.redirect
        ? <RedirectKeepingQuery to={route.redirect} />
        : <RouteElement route={route} notFoundScreen={notFoundScreen} />,
    })),
  }));
  const mirrors = new Map<string, string>();
  for (const group of groups.values()) if (group.mirror) mirrors.set(group.mirror, group.shell);
  for (const [mirror, shell] of mirrors) {
    objects.push({ path: `${mirror}/*`, element: <ShellFrame name={shell}><LegacyRedirectOrNotFound notFoundScreen={notFoundScreen} /></ShellFrame> });
  }
  objects.push({ path: '*', element: <ShellFrame name="bare"><LegacyRedirectOrNotFound notFoundScreen={notFoundScreen} /></ShellFrame> });
  return objects;
}
