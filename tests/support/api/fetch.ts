// The one fetch layer of the generated API clients (generated/clients/<group>.ts, orval's
// `override.mutator`): every call of a test, a browser test or the bench goes through apiFetch,
// which adds the bearer token, sends the body as JSON and reads the answer. Where the request
// goes is the caller's transport: real HTTP (fetchTransport) or Fastify's inject (server tests).
// Nothing here throws on an error status: callers assert on `status` and the typed `data`.

/** One HTTP exchange, however it is carried. */
export interface ApiTransport {
  (request: { method: string; url: string; headers: Record<string, string>; body?: string; ip?: string }): Promise<{
    status: number;
    headers: Headers;
    text: string;
  }>;
}

/** Where calls go and as whom. */
export interface ApiTarget {
  transport: ApiTransport;
  /** Sent as `authorization: Bearer <token>` unless the call names its own token. */
  token?: string | null;
}

/** The options every generated client function takes last (orval passes them through to apiFetch). */
export type ApiOptions = RequestInit & {
  /** Set by boundClient; a call without it fails at once. */
  api?: ApiTarget;
  /** This call's token instead of the target's (null: no token at all). */
  token?: string | null;
  /** The caller's address (inject only: rate limits are per IP). */
  ip?: string;
};

/** The answer as the generated clients type it: `{ status, data, headers }`, one variant per declared status. */
export async function apiFetch<T>(url: string, options: ApiOptions = {}): Promise<T> {
  const { api, token, ip, ...init } = options;
  const method = (init.method ?? 'GET').toUpperCase();
  if (!api) throw new Error(`${method} ${url}: no API target (call through boundClient or apiClients)`);
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const bearer = token === undefined ? api.token : token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new Error(`${method} ${url}: only JSON bodies are sent`);
  // orval marks every operation with a request body as JSON, even when an optional body is left
  // out; a JSON content type without a body is refused (REQ001), so it goes with the body.
  const body = init.body ?? undefined;
  if (body === undefined) delete headers['content-type'];
  const response = await api.transport({ method, url, headers, body, ip });
  let data: unknown;
  try {
    data = response.text ? JSON.parse(response.text) : undefined;
  } catch {
    data = response.text;
  }
  return { status: response.status, data, headers: response.headers } as T;
}

/** Real HTTP against a running server (browser tests, the bench). */
export function fetchTransport(baseUrl: string, timeoutMs = 30_000): ApiTransport {
  return async ({ method, url, headers, body }) => {
    const response = await fetch(new URL(url, baseUrl), { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}
