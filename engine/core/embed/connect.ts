// Whether this page talks to a host, and how. A native app's web view is trusted as it is (only the
// app loads it and injects its bridge); a framing site only when its origin is one the server lists
// for the page, as named by the first address's query (app.yaml `embedding.allowedOrigins`).
// Anything else (opened on its own, framed by a site not listed, the list not answered) gets
// nothing from the page.
import { allowedOrigin, parentOrigin, type FramedWindow } from './parent-origin.ts';
import { nativeNames, type EmbeddingSettings, type FirstAddressValue } from './settings.ts';
import { frameTransport, nativeTransport, type HostWindow, type Transport } from './transport.ts';

export interface OriginsRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
}

export interface ConnectInput {
  win: FramedWindow & HostWindow;
  settings: EmbeddingSettings;
  /** The query of the address the page was first opened at. */
  search: string;
  /** Calls `settings.allowedOrigins.operation` and resolves to its answer. */
  fetchOrigins(request: OriginsRequest): Promise<unknown>;
}

export interface Connection {
  transport: Transport;
  /** The frame's parent origin (frames only). */
  origin?: string;
}

/** The call's values from the first address; null when one is missing (the call is not made). */
export function originsRequest(settings: EmbeddingSettings, search: string): OriginsRequest | null {
  const address = new URLSearchParams(search);
  const fill = (bindings: Record<string, FirstAddressValue> | undefined): Record<string, string> | null | undefined => {
    if (!bindings) return undefined;
    const out: Record<string, string> = {};
    for (const [name, { queryParam }] of Object.entries(bindings)) {
      const value = address.get(queryParam);
      if (!value) return null;
      out[name] = value;
    }
    return out;
  };
  const params = fill(settings.allowedOrigins.params);
  const query = fill(settings.allowedOrigins.query);
  if (params === null || query === null) return null;
  return { ...(params ? { params } : {}), ...(query ? { query } : {}) };
}

export async function connectHost({ win, settings, search, fetchOrigins }: ConnectInput): Promise<Connection | null> {
  const native = nativeTransport(win, nativeNames(settings));
  if (native) return { transport: native };
  const candidate = parentOrigin(win);
  if (!candidate) return null;
  const request = originsRequest(settings, search);
  if (!request) return null;
  let answer: unknown;
  try {
    answer = await fetchOrigins(request);
  } catch {
    return null;
  }
  const list = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[settings.allowedOrigins.field] : undefined;
  const origin = Array.isArray(list) ? allowedOrigin(candidate, list) : null;
  return origin ? { transport: frameTransport(win.parent as Parameters<typeof frameTransport>[0], origin), origin } : null;
}
