// Outside production the started server (npm start, npm run dev) also serves the demo host site
// (host-site.ts), Maple Grove's own website showing the portal, on an address of another site than
// the portal's: localhost and 127.0.0.1 are different sites to a browser, so the host takes the one
// the portal's address does not (DEMO_HOST_NAME to choose). DEMO_HOST_PORT (default 8082; 0: none),
// DEMO_HOST_PORTAL_URL (default the portal's public address) is where its tag loads the portal
// from. Its origin joins Maple Grove's embedding origins. A port already taken leaves the portal
// without it, with a warning, rather than not starting.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../app-options.ts';
import type { Db } from '../db/index.ts';
import { seedDemoEmbeddingOrigin } from './embedding-settings.ts';
import { startHostSite, type HostSite } from './host-site.ts';

export const DEFAULT_DEMO_HOST_PORT = 8082;

/** The other loopback name: the one that makes the host another site than the portal. */
export function hostNameFor(portalUrl: string): string {
  return new URL(portalUrl).hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
}

/** The theme names of themes/*.json, for the host's picker. */
function themeNames(): string[] {
  const dir = path.join(repoRoot, 'themes');
  return readdirSync(dir).filter((file) => file.endsWith('.json')).sort().flatMap((file) => {
    const name = (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { name?: unknown }).name;
    return typeof name === 'string' ? [name] : [];
  });
}

export async function startDemoHostFor(options: { env: NodeJS.ProcessEnv; host: string; publicUrl: string; db: Db }): Promise<{ site: HostSite; url: string } | null> {
  const port = Number(options.env.DEMO_HOST_PORT ?? DEFAULT_DEMO_HOST_PORT);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return null;
  const portalUrl = new URL(options.env.DEMO_HOST_PORTAL_URL || options.publicUrl).origin;
  const url = `http://${options.env.DEMO_HOST_NAME || hostNameFor(portalUrl)}:${port}`;
  const origin = new URL(url).origin;
  const association = await seedDemoEmbeddingOrigin(options.db, origin);
  if (!association) return null;
  try {
    const site = await startHostSite({ port, host: options.host, portalUrl, association, themes: themeNames() });
    console.log(`Demo host site (${association.name}'s own website, showing the portal) listening on ${url}/`);
    return { site, url };
  } catch (error) {
    console.warn(`The demo host site could not start on ${url} (${(error as Error).message}): the embedded portal has no demo page.`);
    return null;
  }
}
