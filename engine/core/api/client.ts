// One place where every API call is made: base path, bearer token per group, error rules.
import type { OperationRequest } from '../flow/types.ts';
import type { TokenStore } from './tokens.ts';
import { ApiError } from './api-error.ts';
import type { StreamEvent } from './sse.ts';

export { ApiError, type StreamEvent };

export interface OperationDescriptor {
  group: string; basePath: string; method: string; path: string;
  pathParams: readonly string[]; queryParams: readonly string[]; hasBody: boolean;
}

export interface ErrorEvent {
  status?: number; noResponse?: boolean; cancelled?: boolean; operationId: string; body?: unknown;
  errorMessage?: string; suppressToast?: boolean;
}

export interface ApiClientOptions {
  operations: Record<string, OperationDescriptor>;
  groupTokens: Record<string, { token: string }>;
  tokens: TokenStore;
  /** Applies the error rules; returns true when the call must fail even though the status was 2xx. */
  onResponseProblem(event: ErrorEvent): boolean;
  /** Awaited before any problem is reported to onResponseProblem (e.g. to fetch the rules that decide); its own failure is ignored. */
  beforeFailure?: () => Promise<void>;
  fetch?: typeof fetch;
  origin?: string;
  /**
   * The response of the same call (method, address, token) sent before the portal's code had
   * arrived (early-requests.ts), used once instead of asking again.
   */
  early?: (method: string, url: string, token: string | null) => Promise<Response> | undefined;
}

export function buildUrl(operation: OperationDescriptor, request: OperationRequest, origin = ''): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${origin}${operation.basePath}${path}${search ? `?${search}` : ''}`;
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    operation(operationId: string): OperationDescriptor {
      const operation = options.operations[operationId];
      if (!operation) throw new Error(`Unknown operation "${operationId}"`);
      return operation;
    },
    async call(operationId: string, request: OperationRequest = {}, signal?: AbortSignal): Promise<unknown> {
      const operation = this.operation(operationId);
      const headers: Record<string, string> = { accept: 'application/json' };
      const slot = options.groupTokens[operation.group]?.token;
      const token = slot ? options.tokens.get(slot) : null;
      if (token) headers.authorization = `Bearer ${token}`;
      if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
      const hasBody = operation.hasBody && request.body !== undefined;
      if (hasBody) headers['content-type'] = 'application/json';
      const problem = { operationId, suppressToast: request.suppressToast };

      let response: Response;
      try {
        const url = buildUrl(operation, request, options.origin);
        const method = operation.method.toUpperCase();
        const send = () => doFetch(url, { method, headers, body: hasBody ? JSON.stringify(request.body) : undefined, signal });
        // A request sent early that failed to get an answer is sent again as if it had not been.
        const early = hasBody || request.idempotencyKey ? undefined : options.early?.(method, url, token);
        response = await (early ? early.catch(send) : send());
      } catch (error) {
        const cancelled = (error as Error)?.name === 'AbortError';
        await report({ ...problem, noResponse: !cancelled, cancelled, errorMessage: (error as Error)?.message });
        throw new ApiError((error as Error)?.message ?? 'Network error', { noResponse: !cancelled, cancelled });
      }

      const text = response.status === 204 ? '' : await response.text();
      let body: unknown;
      try { body = text ? JSON.parse(text) : undefined; } catch { body = { detail: text }; }
      if (response.ok) {
        const mustFail = response.status === 204 && await report({ ...problem, status: 204 });
        if (mustFail) throw new ApiError('No content', { status: 204 });
        return body;
      }
      throw await failed(problem, response.status, body);
    },

    /**
     * An operation answering server-sent events (`text/event-stream`): sent as `call` sends it (its
     * method, token, idempotency key and JSON body), each event handed to `onEvent` as it arrives
     * (its name and its JSON data), resolving when the answer ends. An error status before the
     * stream starts throws the ApiError `call` throws, after the error rules saw it; so does a
     * connection lost on the way (`noResponse`) and a cancelled one (`cancelled`, through `signal`).
     * Its code comes with the first stream, not with every page (stream.ts).
     */
    async stream(operationId: string, request: OperationRequest, onEvent: (event: StreamEvent) => void, signal?: AbortSignal): Promise<void> {
      const operation = this.operation(operationId);
      const { streamOperation } = await import('./stream.ts');
      const problem = { operationId, suppressToast: request.suppressToast };
      return streamOperation({
        url: buildUrl(operation, request, options.origin), method: operation.method.toUpperCase(), headers: authHeaders(operation),
        body: operation.hasBody ? request.body : undefined, idempotencyKey: request.idempotencyKey,
        fetch: doFetch, report: (event) => report({ ...problem, ...event }), failed: (status, body) => failed(problem, status, body),
      }, onEvent, signal);
    },

    /** A read answering a file (not JSON): its bytes and the name the server gives it. */
    async download(operationId: string, request: OperationRequest = {}): Promise<{ blob: Blob; name: string | null }> {
      const operation = this.operation(operationId);
      const problem = { operationId, suppressToast: request.suppressToast };
      let response: Response;
      try {
        response = await doFetch(buildUrl(operation, request, options.origin), { method: operation.method.toUpperCase(), headers: authHeaders(operation) });
      } catch (error) {
        await report({ ...problem, noResponse: true, errorMessage: (error as Error)?.message });
        throw new ApiError((error as Error)?.message ?? 'Network error', { noResponse: true });
      }
      if (!response.ok) {
        const text = await response.text();
        let body: unknown;
        try { body = text ? JSON.parse(text) : undefined; } catch { body = { detail: text }; }
        throw await failed(problem, response.status, body);
      }
      return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) };
    },

    /**
     * Sends a multipart form (a file and its fields), telling `onProgress` the share sent (0 to 1).
     * XMLHttpRequest, because fetch cannot report the progress of what it sends.
     */
    upload(operationId: string, request: OperationRequest, form: FormData, onProgress: (share: number) => void): Promise<unknown> {
      const operation = this.operation(operationId);
      const problem = { operationId, suppressToast: request.suppressToast };
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(operation.method.toUpperCase(), buildUrl(operation, request, options.origin));
        for (const [name, value] of Object.entries(authHeaders(operation))) xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) => { if (event.lengthComputable) onProgress(event.loaded / event.total); };
        xhr.onerror = () => {
          void report({ ...problem, noResponse: true, errorMessage: 'Network error' }).then(() => reject(new ApiError('Network error', { noResponse: true })));
        };
        xhr.onload = () => {
          let body: unknown;
          try { body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined; } catch { body = { detail: xhr.responseText }; }
          if (xhr.status >= 200 && xhr.status < 300) resolve(body);
          else void failed(problem, xhr.status, body).then(reject);
        };
        xhr.send(form);
      });
    },
  };

  function authHeaders(operation: OperationDescriptor): Record<string, string> {
    const slot = options.groupTokens[operation.group]?.token;
    const token = slot ? options.tokens.get(slot) : null;
    return token ? { authorization: `Bearer ${token}` } : {};
  }

  /** Applies the error rules to a failed answer and makes the error a caller sees. */
  /** Tells the error rules about a problem, once what they need has arrived; returns whether the call must fail. */
  async function report(event: ErrorEvent): Promise<boolean> {
    await options.beforeFailure?.().catch(() => undefined);
    return options.onResponseProblem(event);
  }

  async function failed(problem: { operationId: string; suppressToast?: boolean }, status: number, body: unknown): Promise<ApiError> {
    await report({ ...problem, status, body });
    const detail = (body as Record<string, unknown> | undefined)?.detail;
    return new ApiError(typeof detail === 'string' ? detail : `HTTP ${status}`, { status, body: (body ?? {}) as Record<string, unknown> });
  }
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` preferred), if any. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try { return decodeURIComponent(extended[1].trim()); } catch { /* a malformed name: try the plain one */ }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2]).trim() : null;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Queries retry on network errors and 5xx only, never on 4xx. */
export function shouldRetry(failureCount: number, error: unknown, maxRetries: number): boolean {
  if (failureCount >= maxRetries) return false;
  const failure = error as ApiError;
  if (failure?.cancelled) return false;
  return Boolean(failure?.noResponse) || (failure?.status !== undefined && failure.status >= 500);
}

export function retryDelay(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** attempt, maxMs);
}
