import { describe, expect, it } from 'vitest';
import { ApiError, buildUrl, createApiClient, retryDelay, shouldRetry, type OperationDescriptor } from '../../engine/core/api/client.ts';
import { createTokenStore } from '../../engine/core/api/tokens.ts';
import { MemoryStorage } from './support/memory-storage.ts';


const getUser: OperationDescriptor = { group: 'users', basePath: '/api/users', method: 'GET', path: '/Users/{id}', pathParams: ['id'], queryParams: [], hasBody: false };
const settings: OperationDescriptor = { group: 'users', basePath: '/api/users', method: 'GET', path: '/HomeSettings', pathParams: [], queryParams: [], hasBody: false };
const pay: OperationDescriptor = { group: 'guest', basePath: '/api/guest-pay', method: 'POST', path: '/payment', pathParams: [], queryParams: [], hasBody: true };

function setup(respond: (url: string, init: RequestInit) => Response, beforeFailure?: () => Promise<void>) {
  const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
  const tokens = createTokenStore({ user: { storage: 'local', key: 't.user' }, guest: { storage: 'session', key: 't.guest' } }, storages);
  const problems: unknown[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const client = createApiClient({
    operations: { getUser, settings, pay },
    groupTokens: { users: { token: 'user' }, guest: { token: 'guest' } },
    tokens,
    onResponseProblem: (event) => { problems.push(event); return event.status === 204; },
    beforeFailure,
    fetch: async (url, init) => { requests.push({ url: String(url), init: init ?? {} }); return respond(String(url), init ?? {}); },
  });
  return { client, tokens, problems, requests, storages };
}

describe('api client', () => {
  it('builds the address from the group base path, path and query parameters', () => {
    expect(buildUrl(getUser, { params: { id: 'a/b' }, query: { x: 1, empty: '' } })).toBe('/api/users/Users/a%2Fb?x=1');
    expect(() => buildUrl(getUser, {})).toThrow('Missing path parameter "id"');
  });

  it('sends each group its own bearer token from storage', async () => {
    const h = setup(() => new Response('{"ok":true}', { status: 200 }));
    h.tokens.set('user', 'U');
    h.tokens.set('guest', 'G');
    await h.client.call('getUser', { params: { id: 1 } });
    await h.client.call('pay', { body: { amount: 1 } });
    expect((h.requests[0].init.headers as Record<string, string>).authorization).toBe('Bearer U');
    expect((h.requests[1].init.headers as Record<string, string>).authorization).toBe('Bearer G');
    expect(h.storages.session.getItem('t.guest')).toBe('G');
  });

  it('turns an error status into an ApiError carrying the body, after the error rules saw it', async () => {
    const h = setup(() => new Response('{"detail":"Nope","errorCode":"X1"}', { status: 400 }));
    const error = await h.client.call('getUser', { params: { id: 1 }, suppressToast: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { detail: 'Nope', errorCode: 'X1' } });
    expect(h.problems).toEqual([{ operationId: 'getUser', suppressToast: true, status: 400, body: { detail: 'Nope', errorCode: 'X1' } }]);
  });

  it('reports a failed answer only once what it waits for first (the failure texts) has arrived, and reports it even when that fetch fails', async () => {
    const order: string[] = [];
    let arrive: () => void = () => undefined;
    const h = setup(() => new Response('{"detail":"Nope","errorCode":"X1"}', { status: 400 }), () => {
      order.push('texts asked');
      return new Promise<void>((resolve) => { arrive = () => { order.push('texts arrived'); resolve(); }; });
    });
    const failing = h.client.call('getUser', { params: { id: 1 } }).catch((e: unknown) => { order.push('caller told'); return e; });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['texts asked']);
    expect(h.problems).toEqual([]);
    arrive();
    expect(await failing).toMatchObject({ status: 400 });
    expect(order).toEqual(['texts asked', 'texts arrived', 'caller told']);
    expect(h.problems).toHaveLength(1);

    const offline = setup(() => new Response('{"detail":"Nope"}', { status: 409 }), () => Promise.reject(new Error('offline')));
    await expect(offline.client.call('settings')).rejects.toMatchObject({ status: 409, body: { detail: 'Nope' } });
    expect(offline.problems).toHaveLength(1);
  });

  it('fails a 204 when the rules say so (an empty settings answer ends the session)', async () => {
    const h = setup(() => new Response(null, { status: 204 }));
    await expect(h.client.call('settings')).rejects.toMatchObject({ status: 204 });
  });

  it('reports a network failure as no response', async () => {
    const h = setup(() => { throw new TypeError('Failed to fetch'); });
    await expect(h.client.call('settings')).rejects.toMatchObject({ noResponse: true });
    expect(h.problems[0]).toMatchObject({ noResponse: true, errorMessage: 'Failed to fetch' });
  });
});

describe('retry policy', () => {
  it('retries network errors and 5xx up to three times, never 4xx or cancelled calls', () => {
    const network = new ApiError('x', { noResponse: true });
    const server = new ApiError('x', { status: 503 });
    expect(shouldRetry(0, network, 3)).toBe(true);
    expect(shouldRetry(2, server, 3)).toBe(true);
    expect(shouldRetry(3, server, 3)).toBe(false);
    expect(shouldRetry(0, new ApiError('x', { status: 404 }), 3)).toBe(false);
    expect(shouldRetry(0, new ApiError('x', { cancelled: true }), 3)).toBe(false);
  });

  it('backs off exponentially from 1 s to a 30 s cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, 1000, 30_000))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
