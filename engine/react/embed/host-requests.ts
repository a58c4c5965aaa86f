// What a host may ask of the page, carried out as the visitor's own doing would be: a path is
// opened under the mirror like a link of the page, a theme is chosen through the session flow's own
// event (app.yaml `embedding.themeEvent`), and only one the product has.
import { sameSitePath } from '../../core/paths.ts';
import type { HostRequestMessage } from '../../core/embed/bridge.ts';
import type { EmbeddingSettings } from '../../core/embed/settings.ts';
import type { Runtime } from '../app/runtime.ts';

/**
 * The first address's parameters that named what the page is for (those the allowed origins were
 * asked with): a host's path that does not set them keeps them, as the page is still for the same one.
 */
export function keptParams(settings: EmbeddingSettings, firstSearch: string): [string, string][] {
  const address = new URLSearchParams(firstSearch);
  const names = [...Object.values(settings.allowedOrigins.params ?? {}), ...Object.values(settings.allowedOrigins.query ?? {})].map((v) => v.queryParam);
  return [...new Set(names)].flatMap((name) => {
    const value = address.get(name);
    return value ? [[name, value] as [string, string]] : [];
  });
}

export function withParams(path: string, kept: [string, string][]): string {
  if (kept.length === 0) return path;
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const beforeHash = hashAt < 0 ? path : path.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = new URLSearchParams(queryAt < 0 ? '' : beforeHash.slice(queryAt + 1));
  for (const [name, value] of kept) if (!params.has(name)) params.set(name, value);
  return `${pathname}?${params.toString()}${hash}`;
}

export function hostRequests(runtime: Runtime, settings: EmbeddingSettings, firstSearch: string): (message: HostRequestMessage) => void {
  const kept = keptParams(settings, firstSearch);
  const environment = runtime.environment();
  return (message) => {
    if (message.type === 'navigate') {
      const path = sameSitePath(message.payload.path);
      if (path) environment.navigate(withParams(path, kept));
      return;
    }
    if (message.type !== 'theme') return;
    const event = settings.themeEvent;
    const name = message.payload.name;
    if (event && Object.hasOwn(runtime.config.themes, name)) runtime.session.send({ type: event.type, [event.field]: name });
  };
}
