// Which addresses are pages of the portal: the routes of schemas/routes.yaml (mirrors included),
// compiled with the feature flags of the build being served, the same way the browser router
// compiles them. A `planned` route, or an address no route matches, is not a page: the server
// answers it 404 (the single-page app still renders its not-found screen).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { compileRoutes, matchesRoutePattern, type CompiledRoute, type RoutesDoc } from '../engine/core/routes.ts';
import { resolveFeatures, type FeaturesDoc } from '../engine/core/features.ts';

/** Written by scripts/build.ts next to index.html: the PORTAL_FEATURES the build was made with. */
export const BUILD_FEATURES_FILE = '.build-features';

export interface SiteRoutes {
  isPage(pathname: string): boolean;
  /** The query parameter naming whose theme the page at `pathname` is sent in (routes.yaml `themeFromQuery`), or null. */
  themeQueryOf(pathname: string): string | null;
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Null when there is no routes.yaml (then every address is left to the app). */
export async function loadSiteRoutes(schemasDir: string, staticDir: string | null): Promise<SiteRoutes | null> {
  const routesText = await readOptional(path.join(schemasDir, 'routes.yaml'));
  if (routesText === null) return null;
  const featuresDoc = (parse((await readOptional(path.join(schemasDir, 'features.yaml'))) ?? '{}') ?? {}) as FeaturesDoc;
  // A build without the file (made before it existed) is taken to have every feature on.
  const built = staticDir ? await readOptional(path.join(staticDir, BUILD_FEATURES_FILE)) : null;
  const features = resolveFeatures(featuresDoc, built === null ? 'all' : built.trim());
  const pages: CompiledRoute[] = compileRoutes(parse(routesText) as RoutesDoc, features).filter((r) => !r.planned);
  return {
    isPage: (pathname) => pages.some((r) => matchesRoutePattern(r.path, pathname)),
    themeQueryOf: (pathname) => pages.find((r) => matchesRoutePattern(r.path, pathname))?.themeFromQuery ?? null,
  };
}
