// Requests a page makes before the portal's code has arrived: the first script of every page (the
// entry, main.ts) sends those app.yaml `earlyRequests` lists when a token is stored, and the API
// client answers the same call (method, address and token) with that response, once, instead of
// asking again. A signed-in page's session then waits for the code or the answers, whichever
// comes last, rather than for one and then the other. Framework-free and small: it is part of the
// entry every page downloads first.

/** One request, as the build resolves it from the operation index (engine/build/config-plugin.ts). */
export interface EarlyRequest {
  method: string;
  /** The operation's address, with `{name}` for each path parameter. */
  path: string;
  /** Where the bearer token it is sent with is stored. */
  token: { storage: 'local' | 'session'; key: string };
  /** Each path parameter's value: the token's claim of that name. */
  claims?: Record<string, string>;
}

export interface EarlyRequestHost {
  fetch: typeof fetch;
  storage(kind: 'local' | 'session'): Storage | null;
}

const sent = new Map<string, Promise<Response>>();

const keyOf = (method: string, url: string, token: string) => `${method.toUpperCase()} ${url} ${token}`;

function claimsOf(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The request's address for `token`, or null when the token lacks a claim it needs. */
export function earlyUrl(request: EarlyRequest, token: string): string | null {
  const claims = request.claims ? claimsOf(token) : {};
  let missing = false;
  const url = request.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = claims?.[request.claims?.[name] ?? ''];
    if (value === undefined || value === null || value === '') missing = true;
    return encodeURIComponent(String(value));
  });
  return missing ? null : url;
}

const browserHost = (): EarlyRequestHost => ({
  fetch: (input, init) => fetch(input, init),
  storage: (kind) => {
    try { return kind === 'local' ? window.localStorage : window.sessionStorage; } catch { return null; }
  },
});

/** Sends each request whose token is stored, as the API client would send it. */
export function startEarlyRequests(requests: readonly EarlyRequest[], host: EarlyRequestHost = browserHost()): void {
  for (const request of requests) {
    const token = host.storage(request.token.storage)?.getItem(request.token.key);
    if (!token) continue;
    const url = earlyUrl(request, token);
    if (!url) continue;
    const method = request.method.toUpperCase();
    const response = host.fetch(url, { method, headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
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
  if (!token || sent.size === 0) return undefined;
  const key = keyOf(method, url, token);
  const response = sent.get(key);
  sent.delete(key);
  return response;
}

/** Forgets every request sent early (tests). */
export function forgetEarlyRequests(): void {
  sent.clear();
}
