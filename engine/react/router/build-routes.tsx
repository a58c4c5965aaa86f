import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import type { CompiledRoute } from '../app/route-table.ts';
import { ShellFrame } from '../shells/ShellFrame.tsx';
import { RouteElement } from './RouteElement.tsx';
import { LegacyRedirectOrNotFound } from './LegacyRedirect.tsx';
import { ScreenView } from './ScreenView.tsx';

function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
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
    errorElement,
    element: <ShellFrame name={group.shell}><Outlet /></ShellFrame>,
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
