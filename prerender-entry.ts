// The portal's entry for rendering pages ahead of time (scripts/prerender.ts): the same engine,
// configuration and modules as start.ts, rendered in Node.
import config from 'virtual:engine-config';
import { prerenderPage } from './engine/react/prerender.tsx';
import { compileRoutes } from './engine/core/routes.ts';
import { productModules } from './flows/registry.ts';
import { operations } from './generated/operations.ts';
import { earlyLookScript } from './engine/core/early-look.ts';

/**
 * The paths of the routes schemas/routes.yaml marks `prerender` (optional parameters left out),
 * whether each is a frame, and whether it is gated (its page fetches the table apart:
 * engine/build/apart.ts).
 */
export function prerenderPaths(): { path: string; frame: boolean; gated: boolean }[] {
  const routes = compileRoutes(config.routesDoc as never, new Set(config.enabledFeatures));
  return routes.filter((route) => route.prerender && !route.planned && !route.redirect && route.screen)
    .map((route) => ({ path: route.path.replace(/\/:[^/]+\?/g, '') || '/', frame: route.prerender === 'frame', gated: Boolean(route.gate) }))
    .filter(({ path }) => !path.includes(':'));
}

export function render(path: string, frame: boolean) {
  return prerenderPage({ config, modules: productModules, operations: operations as never, path, frame });
}

/** What a signed-in frame needs to paint in the look its session last stored: the script and the themes' rules (engine/core/early-look.ts). */
export function earlyLook(): { script: string; themeStyles: string } | null {
  const persist = config.flows[config.app.sessionFlow]?.persist;
  if (!persist) return null;
  const script = earlyLookScript({ storage: persist.storage, key: persist.key, themes: Object.keys(config.themes), defaultTheme: config.app.defaultTheme });
  return { script, themeStyles: config.themeStyles };
}
