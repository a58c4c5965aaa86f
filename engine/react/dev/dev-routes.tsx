import type { RouteObject } from 'react-router';

/**
 * Pages only development mode has, in front of the portal's own routes: tools for the people who
 * write the configuration (a gallery of widgets and forms at /studio, for instance). Each should load
 * its code lazily (`lazy: () => import(...)`), so that starting the portal costs nothing until the
 * page is opened; none of this is ever part of a build (engine/react/boot.tsx imports it only when
 * import.meta.env.DEV). The development server answers every such address with the page
 * (server/dev-site.ts).
 */
export const devRoutes: RouteObject[] = [];
