// Requests a page makes before the portal's code has arrived: the first script of every page (the
// entry, main.ts) sends app.yaml's `earlyRequests` when a token is stored, and a route's own
// (routes.yaml `earlyRequests`) on that route's pages; the API client answers the same call
// (method, address and token) with that response, once, instead of asking again. A page then waits
// for its code or for the answers, whichever comes last, rather than for one and then the other.
// Framework-free and small: it is part of the entry every page downloads first.
import { matchesRoutePattern } from '../paths.ts';
import { tokenPlace } from './tokens.ts';
import { webStorage } from '../web-storage.ts';

/** Where a parameter's value comes from: a claim of the stored token, or the page address's query. */
export type EarlyValue = { claim: string } | { query: string };

/** A value as the configuration (app.yaml, routes.yaml) names it. */
export type EarlyValueDoc = { tokenClaim: string } | { queryParam: string };

/** A request as the configuration declares it: an operation without a body, and its values. */
export interface EarlyRequestDoc {
  operation: string;
  params?: Record<string, EarlyValueDoc>;
  query?: Record<string, EarlyValueDoc>;
}

/** One request, as the build resolves it from the operation index (engine/build/config-plugin.ts). */
export interface EarlyRequest {
  method: string;
  /** The operation's address, with `{name}` for each path parameter. */
  path: string;
  /**
   * Where the bearer token it is sent with is stored. Without `optional`, the request is sent only
   * when that token is there; with it, without the token when none is stored (as the API client
   * would call it). No token at all: the operation is called without one. `tabKey` and `tabKeys`:
   * the slot's tab key and every slot's (api.yaml `tabKey`): a tab holding its own tokens sends its own,
   * as the token store reads them (tokens.ts tokenPlace). `memoryUnder`: the slot's (api.yaml): on a
   * page under that prefix the token lives in the page's memory, which holds none yet, so whatever
   * storage holds there (another sign-in's, a frame's left-over) is never sent.
   */
  token?: { storage: 'local' | 'session'; key: string; optional?: true; tabKey?: string; tabKeys?: string[]; memoryUnder?: string };
  /** Each path parameter's value. */
  params?: Record<string, EarlyValue>;
  /** Each query parameter's value, in the order the API client sets them. */
  query?: Record<string, EarlyValue>;
  /** The route patterns of the pages that send it (`/paynow`, `/embed/paynow`); every page when absent. */
  pages?: string[];
}

export interface EarlyRequestHost {
  fetch: typeof fetch;
  storage(kind: 'local' | 'session'): Storage | null;
  /** The page's address. */
  location: { pathname: string; search: string };
}

const sent = new Map<string, Promise<Response>>();

const keyOf = (method: string, url: string, token: string | null) => `${method.toUpperCase()} ${url} ${token ?? ''}`;

function claimsOf(token: string | null): Record<string, unknown> {
  if (!token) return {};
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A parameter's value from the token's claims or the page's query; undefined when it has none. */
function valueOf(source: EarlyValue, claims: Record<string, unknown>, query: URLSearchParams): string | undefined {
  const value = 'claim' in source ? claims[source.claim] : query.get(source.query);
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/**
 * The request's address for `token` on the page at `search`, built as the API client builds it
 * (client.ts buildUrl), or null when a value it needs is missing.
 */
export function earlyUrl(request: EarlyRequest, token: string | null, search = ''): string | null {
  const claims = claimsOf(token);
  const pageQuery = new URLSearchParams(search);
  let missing = false;
  const path = request.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const source = request.params?.[name];
    const value = source ? valueOf(source, claims, pageQuery) : undefined;
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  const query = new URLSearchParams();
  for (const [name, source] of Object.entries(request.query ?? {})) {
    const value = valueOf(source, claims, pageQuery);
    if (value === undefined) missing = true;
    else query.set(name, value);
  }
  const rest = query.toString();
  return missing ? null : `${path}${rest ? `?${rest}` : ''}`;
}

const browserHost = (): EarlyRequestHost => ({
  fetch: (input, init) => fetch(input, init),
  storage: webStorage,
  location: window.location,
});

/**
 * The request's token where the token store would read it: this tab's own, when it holds its own;
 * none under the slot's `memoryUnder`, as the page's memory is empty before its code has run.
 */
function storedToken(token: NonNullable<EarlyRequest['token']>, host: EarlyRequestHost): string | null {
  const place = tokenPlace(token, token.tabKeys ?? [], { local: host.storage('local'), session: host.storage('session') }, host.location.pathname);
  return place.storage === 'memory' ? null : host.storage(place.storage)?.getItem(place.key) ?? null;
}

/** Sends each request of this page whose token and values are there, as the API client would send it. */
export function startEarlyRequests(requests: readonly EarlyRequest[], host: EarlyRequestHost = browserHost()): void {
  for (const request of requests) {
    if (request.pages && !request.pages.some((pattern) => matchesRoutePattern(pattern, host.location.pathname))) continue;
    const token = request.token ? storedToken(request.token, host) : null;
    if (request.token && !request.token.optional && !token) continue;
    const url = earlyUrl(request, token, host.location.search);
    if (!url) continue;
    const method = request.method.toUpperCase();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = host.fetch(url, { method, headers });
    // Nobody may ever take it (the page's code failed to load): a failure is not an unhandled one.
    response.catch(() => undefined);
    sent.set(keyOf(method, url, token), response);
  }
}

/**
 * The response of a request sent early that matches this call, taken once (a second call asks the
 * server again); undefined when none was sent.
 */
export function takeEarlyResponse(method: string, url: string, token: string | null): Promise<Response> | undefined {
  if (sent.size === 0) return undefined;
  const key = keyOf(method, url, token);
  const response = sent.get(key);
  sent.delete(key);
  return response;
}

/** Forgets every request sent early (tests). */
export function forgetEarlyRequests(): void {
  sent.clear();
}
