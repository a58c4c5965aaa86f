import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { earlyRequests } from '../../engine/build/config-plugin.ts';
import { createApiClient } from '../../engine/core/api/client.ts';
import { forgetEarlyRequests, startEarlyRequests, takeEarlyResponse, type EarlyRequestHost } from '../../engine/core/api/early-requests.ts';
import { createTokenStore } from '../../engine/core/api/tokens.ts';
import { operations } from '../../generated/operations.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const root = join(import.meta.dirname, '..', '..');
const yaml = (path: string) => parse(readFileSync(join(root, path), 'utf8'));
const api = yaml('schemas/api.yaml');
const requests = earlyRequests(yaml('schemas/app.yaml').earlyRequests, operations as never, api);

/** A token such as the server signs, with the claims the session reads. */
const token = `h.${Buffer.from(JSON.stringify({ UserId: 42, Customer: 'demo' })).toString('base64url')}.s`;

function page(stored: string | null) {
  const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
  if (stored) storages.local.setItem('portal.token', stored);
  const sent: { url: string; method: string; authorization?: string }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), method: String(init?.method), authorization: (init?.headers as Record<string, string>)?.authorization });
    return new Response(JSON.stringify({ url: String(url), nth: sent.length }), { status: 200 });
  }) as typeof globalThis.fetch;
  const host: EarlyRequestHost = { fetch, storage: (kind) => storages[kind] };
  const client = createApiClient({
    operations: operations as never, groupTokens: api.groups, tokens: createTokenStore(api.tokens, storages),
    onResponseProblem: () => false, fetch, early: takeEarlyResponse,
  });
  return { host, client, sent };
}

afterEach(() => forgetEarlyRequests());

describe('requests sent before the portal’s code has arrived', () => {
  it('are the session’s first calls, resolved from the operation index and the token’s claims', () => {
    expect(requests).toEqual([
      { method: 'GET', path: '/api/users/Users/{id}', token: { storage: 'local', key: 'portal.token' }, claims: { id: 'UserId' } },
      { method: 'POST', path: '/api/users/Users/Authenticate/PortalToken', token: { storage: 'local', key: 'portal.token' } },
      { method: 'GET', path: '/api/users/HomeSettings', token: { storage: 'local', key: 'portal.token' } },
      { method: 'GET', path: '/api/payments/Account', token: { storage: 'local', key: 'portal.token' } },
    ]);
    expect(() => earlyRequests([{ operation: 'authenticate' }], operations as never, api)).toThrow('takes a body');
  });

  it('are sent with the stored token, and the account summary read through the query cache reuses its answer', async () => {
    const h = page(token);
    startEarlyRequests(requests, h.host);
    expect(h.sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/users/Users/42', 'POST /api/users/Users/Authenticate/PortalToken', 'GET /api/users/HomeSettings', 'GET /api/payments/Account',
    ]);
    expect(h.sent.every((request) => request.authorization === `Bearer ${token}`)).toBe(true);

    // The session's calls, as the runtime makes them: reads through TanStack Query, the token write directly.
    const queries = new QueryClient();
    const read = (id: string, params?: Record<string, unknown>) => queries.fetchQuery({ queryKey: [id, params], queryFn: () => h.client.call(id, { params }) });
    const answers = await Promise.all([read('getUser', { id: 42 }), h.client.call('createPortalToken'), read('getHomeSettings'), read('getAccounts')]);
    expect(answers.map((answer) => (answer as { nth: number }).nth)).toEqual([1, 2, 3, 4]);
    expect(h.sent).toHaveLength(4);
    expect(queries.getQueryData(['getAccounts', undefined])).toEqual({ url: '/api/payments/Account', nth: 4 });

    // Taken once: a later read asks the server.
    await h.client.call('getAccounts');
    expect(h.sent).toHaveLength(5);
  });

  it('are not sent without a stored token, nor used for another token', async () => {
    const none = page(null);
    startEarlyRequests(requests, none.host);
    expect(none.sent).toHaveLength(0);

    const h = page(token);
    startEarlyRequests(requests, h.host);
    expect(takeEarlyResponse('GET', '/api/payments/Account', 'another')).toBeUndefined();
    expect(takeEarlyResponse('GET', '/api/payments/Account', token)).toBeDefined();
  });

  it('a request sent early that got no answer is sent again by the call that takes it', async () => {
    const h = page(token);
    let failed = false;
    startEarlyRequests(requests.slice(3), { ...h.host, fetch: async () => { failed = true; throw new TypeError('offline'); } });
    expect(failed).toBe(true);
    await expect(h.client.call('getAccounts')).resolves.toEqual({ url: '/api/payments/Account', nth: 1 });
  });
});
