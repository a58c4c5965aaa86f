// The API client's `stream` (client.ts) once the operation's address, token and body are known:
// sends the request, throws the client's own errors for an error status or a lost connection,
// and hands each server-sent event on as it arrives (sse.ts). Apart from client.ts so that no
// page carries it before its first stream.
import { ApiError } from './api-error.ts';
import { readEventStream, type StreamEvent } from './sse.ts';

export interface StreamRequest {
  url: string;
  method: string;
  /** The operation's token header, when its group has one. */
  headers: Record<string, string>;
  body: unknown;
  idempotencyKey?: string;
  fetch: typeof fetch;
  /** Tells the client's error rules of a request that got no answer. */
  report(event: { noResponse: boolean; cancelled: boolean; errorMessage?: string }): Promise<unknown>;
  /** The client's error for an error answer, after its rules saw it. */
  failed(status: number, body: unknown): Promise<Error>;
}

export async function streamOperation(request: StreamRequest, onEvent: (event: StreamEvent) => void, signal?: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...request.headers };
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  const hasBody = request.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const lost = async (error: unknown): Promise<ApiError> => {
    const cancelled = (error as Error)?.name === 'AbortError' || Boolean(signal?.aborted);
    await request.report({ noResponse: !cancelled, cancelled, errorMessage: (error as Error)?.message });
    return new ApiError((error as Error)?.message ?? 'Network error', { noResponse: !cancelled, cancelled });
  };
  let response: Response;
  try {
    response = await request.fetch(request.url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined, signal });
  } catch (error) {
    throw await lost(error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try { body = text ? JSON.parse(text) : undefined; } catch { body = { detail: text }; }
    throw await request.failed(response.status, body);
  }
  if (!response.body) return;
  try {
    await readEventStream(response.body, onEvent);
  } catch (error) {
    throw await lost(error);
  }
}
