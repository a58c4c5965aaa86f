// The portal's entry for rendering pages ahead of time (scripts/prerender.ts): the same engine,
// configuration and modules as start.ts, rendered in Node.
import config from 'virtual:engine-config';
import { prerenderPage } from './engine/react/prerender.tsx';
import { compileRoutes } from './engine/core/routes.ts';
import { productModules } from './flows/registry.ts';
import { operations } from './generated/operations.ts';

/** The paths the routes of schemas/routes.yaml mark `prerender: true` (optional parameters left out). */
export function prerenderPaths(): string[] {
  const routes = compileRoutes(config.routesDoc as never, new Set(config.enabledFeatures));
  return routes.filter((route) => route.prerender && !route.planned && !route.redirect)
    .map((route) => route.path.replace(/\/:[^/]+\?/g, '') || '/')
    .filter((path) => !path.includes(':'));
}

export function render(path: string) {
  return prerenderPage({ config, modules: productModules, operations: operations as never, path });
}
