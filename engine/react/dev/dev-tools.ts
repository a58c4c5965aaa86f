// Development mode's part of the portal (engine/react/boot.tsx loads it only when import.meta.env.DEV):
// configuration updates taken in place and the development-only pages. The problems overlay starts
// apart from the portal (problems-entry.tsx).
import type { RouteObject } from 'react-router';
import type { EngineConfig } from '../app/config-types.ts';
import type { Translator } from '../app/translator.ts';
import { devRoutes } from './dev-routes.tsx';
import { followConfig } from './hot-updates.ts';

/** Follows the running configuration; returns the portal's routes with the development-only pages in front. */
export function startDevTools({ config, translator, routes }: { config: EngineConfig; translator: Translator; routes: RouteObject[] }): RouteObject[] {
  followConfig(config, translator);
  return [...devRoutes, ...routes];
}
