// One place where every API call is made: base path, bearer token per group, error rules.
import type { OperationRequest } from '../flow/types.ts';
import type { TokenStore } from './tokens.ts';

export interface OperationDescriptor {
  group: string; basePath: string; method: string; path: string;
  pathParams: readonly string[]; queryParams: readonly string[]; hasBody: boolean;
}

export interface ErrorEvent {
  status?: number; noResponse?: boolean; cancelled?: boolean; operationId: string; body?: unknown;
  errorMessage?: string; suppressToast?: boolean;
}

export class ApiError extends Error {
  readonly status?: number;
  readonly body?: Record<string, unknown>;
  readonly noResponse: boolean;
  readonly cancelled: boolean;
  constructor(message: string, init: { status?: number; body?: Record<string, unknown>; noResponse?: boolean; cancelled?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.noResponse = Boolean(init.noResponse);
    this.cancelled = Boolean(init.cancelled);
  }
}

export interface ApiClientOptions {
  operations: Record<string, OperationDescriptor>;
  groupTokens: Record<string, { token: string }>;
  tokens: TokenStore;
  /** Applies the error rules; returns true when the call must fail even though the status was 2xx. */
  onResponseProblem(event: ErrorEvent): boolean;
  fetch?: typeof fetch;
  origin?: string;
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
        response = await doFetch(buildUrl(operation, request, options.origin), {
          method: operation.method.toUpperCase(), headers, body: hasBody ? JSON.stringify(request.body) : undefined, signal,
        });
      } catch (error) {
        const cancelled = (error as Error)?.name === 'AbortError';
        options.onResponseProblem({ ...problem, noResponse: !cancelled, cancelled, errorMessage: (error as Error)?.message });
        throw new ApiError((error as Error)?.message ?? 'Network error', { noResponse: !cancelled, cancelled });
      }

      const text = response.status === 204 ? '' : await response.text();
      let body: unknown;
      try { body = text ? JSON.parse(text) : undefined; } catch { body = { detail: text }; }
      if (response.ok) {
        const mustFail = response.status === 204 && options.onResponseProblem({ ...problem, status: 204 });
        if (mustFail) throw new ApiError('No content', { status: 204 });
        return body;
      }
      options.onResponseProblem({ ...problem, status: response.status, body });
      const detail = (body as Record<string, unknown> | undefined)?.detail;
      throw new ApiError(typeof detail === 'string' ? detail : `HTTP ${response.status}`, {
        status: response.status, body: (body ?? {}) as Record<string, unknown>,
      });
    },
  };
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
