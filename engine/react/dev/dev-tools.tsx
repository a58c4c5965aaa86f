// Development mode's part of the page (engine/react/boot.tsx loads it only when import.meta.env.DEV):
// configuration updates taken in place, the problems overlay, and the development-only pages.
import { createRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import type { EngineConfig } from '../app/config-types.ts';
import type { Translator } from '../app/translator.ts';
import { devRoutes } from './dev-routes.tsx';
import { followConfig } from './hot-updates.ts';
import { ProblemsOverlay } from './ProblemsOverlay.tsx';

/** Starts the development tools; returns the portal's routes with the development-only pages in front. */
export function startDevTools({ config, translator, routes }: { config: EngineConfig; translator: Translator; routes: RouteObject[] }): RouteObject[] {
  followConfig(config, translator);
  // Its own root beside the portal's: the overlay shows even when the portal fails to render.
  const host = document.createElement('div');
  host.id = 'engine-dev-tools';
  document.body.append(host);
  createRoot(host).render(<ProblemsOverlay />);
  return [...devRoutes, ...routes];
}
