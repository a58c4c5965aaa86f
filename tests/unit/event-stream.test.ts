// Server-sent events read from a response body however its bytes are cut (engine/core/api/sse.ts),
// and the API client's `stream` that sends the request as `call` does and fails as `call` fails.
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type OperationDescriptor, type StreamEvent } from '../../engine/core/api/client.ts';
import { createSseParser, readEventStream } from '../../engine/core/api/sse.ts';
import { createTokenStore } from '../../engine/core/api/tokens.ts';
import { MemoryStorage } from './support/memory-storage.ts';

function parse(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

/** The text cut into pieces at every given place. */
const cut = (text: string, at: number[]) => [0, ...at, text.length].slice(1).map((end, i, ends) => text.slice(i === 0 ? 0 : ends[i - 1], end));

const STREAM = 'event: conversation\ndata: {"conversationId":"c1"}\n\nevent: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo [1]"}\n\nevent: done\ndata: {"answerId":"a1","text":"Hello [1]","citations":[{"ref":1,"title":"Rules","href":"/d/1"}]}\n\n';
const EXPECTED: StreamEvent[] = [
  { event: 'conversation', data: { conversationId: 'c1' } },
  { event: 'delta', data: { text: 'Hel' } },
  { event: 'delta', data: { text: 'lo [1]' } },
  { event: 'done', data: { answerId: 'a1', text: 'Hello [1]', citations: [{ ref: 1, title: 'Rules', href: '/d/1' }] } },
];

describe('the event-stream parser', () => {
  it('reads several events from one chunk', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('reads the same events whatever place the chunks are cut at (mid-field, mid-JSON, between the two newlines)', () => {
    for (let at = 1; at < STREAM.length; at += 1) expect(parse(cut(STREAM, [at]))).toEqual(EXPECTED);
    expect(parse(STREAM.split(''))).toEqual(EXPECTED);
  });

  it('takes CRLF and CR line ends, a CRLF cut between its CR and its LF included', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parse([crlf])).toEqual(EXPECTED);
    for (let at = 1; at < crlf.length; at += 7) expect(parse(cut(crlf, [at]))).toEqual(EXPECTED);
    expect(parse(crlf.split(''))).toEqual(EXPECTED);
    expect(parse([STREAM.replace(/\n/g, '\r')])).toEqual(EXPECTED);
    // Two CRs are two line ends (a blank line), not one.
    expect(parse(['data: 1\r', '\r'])).toEqual([{ event: 'message', data: 1 }]);
  });

  it('joins data lines, skips comments, keeps text that is not JSON, and drops an event the stream did not close', () => {
    expect(parse([': keep-alive\n\nevent:note\ndata: first\ndata:second\nid: 7\nretry: 100\n\ndata: {"n":1}\n'])).toEqual([
      { event: 'note', data: 'first\nsecond', id: '7' },
    ]);
    // An event with no data is not dispatched; a field without a colon is a field with no value.
    expect(parse(['event: ping\n\ndata\n\n'])).toEqual([{ event: 'message', data: '' }]);
  });

  it('reads a body whose chunks cut a character in the middle of its bytes', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Café ✓"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    await readEventStream(body, (event) => events.push(event));
    expect(events).toEqual([{ event: 'delta', data: { text: 'Café ✓' } }]);
  });
});

const ask: OperationDescriptor = { group: 'things', basePath: '/api/things', method: 'post', path: '/things/{id}/questions', pathParams: ['id'], queryParams: [], hasBody: true };

function setup(respond: () => Response | Promise<Response>) {
  const tokens = createTokenStore({ user: { storage: 'local', key: 't.user' } }, { local: new MemoryStorage(), session: new MemoryStorage() });
  tokens.set('user', 'U');
  const problems: unknown[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const client = createApiClient({
    operations: { ask },
    groupTokens: { things: { token: 'user' } },
    tokens,
    onResponseProblem: (event) => { problems.push(event); return false; },
    fetch: async (url, init) => { requests.push({ url: String(url), init: init ?? {} }); return respond(); },
  });
  return { client, problems, requests };
}

/** A streamed answer whose body arrives in the given chunks, then ends (or breaks, once they are read). */
function streamed(chunks: string[], fail?: Error): Response {
  const encoder = new TextEncoder();
  const left = [...chunks];
  return new Response(new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = left.shift();
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (fail) controller.error(fail);
      else controller.close();
    },
  }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('the api client streaming an answer', () => {
  it('sends the call with the group token and JSON body, and hands over each event as it comes', async () => {
    const h = setup(() => streamed(cut(STREAM, [10, 45, 46, 100])));
    const events: StreamEvent[] = [];
    await h.client.stream('ask', { params: { id: 3 }, body: { question: 'Hi?' } }, (event) => events.push(event));
    expect(events).toEqual(EXPECTED);
    expect(h.requests[0].url).toBe('/api/things/things/3/questions');
    expect(h.requests[0].init.method).toBe('POST');
    expect(h.requests[0].init.body).toBe('{"question":"Hi?"}');
    expect(h.requests[0].init.headers).toMatchObject({ authorization: 'Bearer U', 'content-type': 'application/json', accept: 'text/event-stream' });
  });

  it('throws the error shape `call` throws for a problem answered before the stream, after the error rules saw it', async () => {
    const problem = { status: 429, title: 'Too Many Requests', detail: 'Too many questions: try again in 5 minutes.', errorCode: 'Q003' };
    const h = setup(() => new Response(JSON.stringify(problem), { status: 429, headers: { 'content-type': 'application/json' } }));
    const error = await h.client.stream('ask', { params: { id: 3 }, body: { question: 'Hi?' }, suppressToast: true }, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: problem.detail, body: problem });
    expect(h.problems).toEqual([{ operationId: 'ask', suppressToast: true, status: 429, body: problem }]);
  });

  it('reports no answer and a connection lost on the way as no response, a cancelled one as cancelled', async () => {
    const offline = setup(() => { throw new TypeError('Failed to fetch'); });
    await expect(offline.client.stream('ask', { params: { id: 3 }, body: {} }, () => undefined)).rejects.toMatchObject({ noResponse: true });

    const events: StreamEvent[] = [];
    const broken = setup(() => streamed(['event: delta\ndata: {"text":"Hel"}\n\n'], new TypeError('network error')));
    await expect(broken.client.stream('ask', { params: { id: 3 }, body: {} }, (event) => events.push(event))).rejects.toMatchObject({ noResponse: true });
    expect(events).toEqual([{ event: 'delta', data: { text: 'Hel' } }]);

    const controller = new AbortController();
    controller.abort();
    const stopped = setup(() => { throw new DOMException('The operation was aborted.', 'AbortError'); });
    await expect(stopped.client.stream('ask', { params: { id: 3 }, body: {} }, () => undefined, controller.signal)).rejects.toMatchObject({ cancelled: true, noResponse: false });
    expect(stopped.problems[0]).toMatchObject({ cancelled: true });
  });
});
