import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { earlyRequests, routeEarlyRequests } from '../../engine/build/early-requests.ts';
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

function page(stored: string | null, location = { pathname: '/dashboard', search: '' }) {
  const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
  if (stored) storages.local.setItem('portal.token', stored);
  const sent: { url: string; method: string; authorization?: string }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), method: String(init?.method), authorization: (init?.headers as Record<string, string>)?.authorization });
    return new Response(JSON.stringify({ url: String(url), nth: sent.length }), { status: 200 });
  }) as typeof globalThis.fetch;
  const host: EarlyRequestHost = { fetch, storage: (kind) => storages[kind], location };
  const client = createApiClient({
    operations: operations as never, groupTokens: api.groups, tokens: createTokenStore(api.tokens, storages),
    onResponseProblem: () => false, fetch, early: takeEarlyResponse,
  });
  return { host, client, sent };
}

afterEach(() => forgetEarlyRequests());

/** Where the user's token is stored: the browser's, this tab's own while it holds one (api.yaml tabKey), and none under the mirror (memoryUnder). */
const userToken = { storage: 'local', key: 'portal.token', tabKey: 'portal.tab.token', tabKeys: ['portal.tab.token', 'portal.tab.portalToken'], memoryUnder: '/embed' };

describe('requests sent before the portal’s code has arrived', () => {
  it('are the session’s first calls, resolved from the operation index and the token’s claims', () => {
    expect(requests).toEqual([
      { method: 'GET', path: '/api/users/Users/{id}', token: userToken, params: { id: { claim: 'UserId' } } },
      { method: 'GET', path: '/api/users/HomeSettings', token: userToken },
      { method: 'GET', path: '/api/payments/Account', token: userToken },
    ]);
    expect(() => earlyRequests([{ operation: 'authenticate' }], operations as never, api)).toThrow('takes a body');
    expect(() => earlyRequests([{ operation: 'getUser' }], operations as never, api)).toThrow('needs a value for id');
  });

  it('are sent with the stored token, and the account summary read through the query cache reuses its answer', async () => {
    const h = page(token);
    startEarlyRequests(requests, h.host);
    expect(h.sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/users/Users/42', 'GET /api/users/HomeSettings', 'GET /api/payments/Account',
    ]);
    expect(h.sent.every((request) => request.authorization === `Bearer ${token}`)).toBe(true);

    // The session's calls, as the runtime makes them: reads through TanStack Query, the token write directly.
    const queries = new QueryClient();
    const read = (id: string, params?: Record<string, unknown>) => queries.fetchQuery({ queryKey: [id, params], queryFn: () => h.client.call(id, { params }) });
    const answers = await Promise.all([read('getUser', { id: 42 }), read('getHomeSettings'), read('getAccounts')]);
    expect(answers.map((answer) => (answer as { nth: number }).nth)).toEqual([1, 2, 3]);
    expect(h.sent).toHaveLength(3);
    expect(queries.getQueryData(['getAccounts', undefined])).toEqual({ url: '/api/payments/Account', nth: 3 });

    // Taken once: a later read asks the server.
    await h.client.call('getAccounts');
    expect(h.sent).toHaveLength(4);
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

  it('in a tab holding its own token (api.yaml tabKey) are sent with that token, never the other tabs’', async () => {
    const h = page(token);
    const own = `h.${Buffer.from(JSON.stringify({ UserId: 7, Customer: 'demo' })).toString('base64url')}.s`;
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    storages.local.setItem('portal.token', token);
    storages.session.setItem('portal.tab.token', own);
    startEarlyRequests(requests, { ...h.host, storage: (kind) => storages[kind] });
    expect(h.sent[0]).toEqual(expect.objectContaining({ url: '/api/users/Users/7', authorization: `Bearer ${own}` }));
    expect(h.sent.every((request) => request.authorization === `Bearer ${own}`)).toBe(true);
  });

  it('a request sent early that got no answer is sent again by the call that takes it', async () => {
    const h = page(token);
    let failed = false;
    startEarlyRequests(requests.slice(2), { ...h.host, fetch: async () => { failed = true; throw new TypeError('offline'); } });
    expect(failed).toBe(true);
    await expect(h.client.call('getAccounts')).resolves.toEqual({ url: '/api/payments/Account', nth: 1 });
  });
});

describe('requests sent early on a page other sites frame (a slot’s memoryUnder, api.yaml)', () => {
  // The slot's option as the token carries it to the page's first script.
  const framed = requests.map((request) => ({ ...request, token: { ...request.token!, memoryUnder: '/embed' } }));

  it('are not sent with a token storage holds there: the page’s memory, where its token lives, is empty before its code runs', () => {
    const h = page(token, { pathname: '/embed/dashboard', search: '?association=maplegrove' });
    startEarlyRequests(framed, h.host);
    expect(h.sent).toEqual([]);
    const upper = page(token, { pathname: '/EMBED', search: '' });
    startEarlyRequests(framed, upper.host);
    expect(upper.sent).toEqual([]);
  });

  it('are sent as before on the portal’s own pages', () => {
    const h = page(token, { pathname: '/dashboard', search: '' });
    startEarlyRequests(framed, h.host);
    expect(h.sent).toHaveLength(3);
    expect(h.sent.every((request) => request.authorization === `Bearer ${token}`)).toBe(true);
  });

  it('a request that may go without a token goes without one there', () => {
    const h = page(token, { pathname: '/embed/paynow', search: '?association=maplegrove' });
    const optional = { method: 'GET', path: '/api/users/HomeSettings', token: { storage: 'local' as const, key: 'portal.token', optional: true as const, memoryUnder: '/embed' } };
    startEarlyRequests([optional], h.host);
    expect(h.sent).toEqual([{ url: '/api/users/HomeSettings', method: 'GET', authorization: undefined }]);
  });
});

describe('a route’s requests sent before the portal’s code has arrived', () => {
  const routesDoc = yaml('schemas/routes.yaml');
  const all = new Set(['publicLayout']);
  const routeRequests = routeEarlyRequests(routesDoc, all, operations as never, api);
  const guestConfiguration = '/api/guest-pay/configuration?associationCode=maplegrove';

  it('are sent on the pages of their route, mirror copies included, with the token their API group has when one is stored', () => {
    expect(routeRequests).toEqual([{
      method: 'GET', path: '/api/guest-pay/configuration', token: { storage: 'session', key: 'portal.guestPaymentsToken', optional: true },
      query: { associationCode: { query: 'association' } }, pages: ['/paynow', '/embed/paynow', '/public/paynow'],
    }]);
    // A layout of a feature switched off sends nothing on its pages.
    expect(routeEarlyRequests(routesDoc, new Set(), operations as never, api)[0].pages).toEqual(['/paynow', '/embed/paynow']);
  });

  it('take their values from the page’s address, go without a token when none is stored, and are taken up by the page’s same call', async () => {
    const h = page(null, { pathname: '/public/paynow', search: '?association=maplegrove' });
    startEarlyRequests(routeRequests, h.host);
    expect(h.sent).toEqual([{ url: guestConfiguration, method: 'GET', authorization: undefined }]);
    await expect(h.client.call('getGuestConfiguration', { query: { associationCode: 'maplegrove' } })).resolves.toEqual({ url: guestConfiguration, nth: 1 });
    expect(h.sent).toHaveLength(1);
  });

  it('are not sent on another page, nor without the value the address should give', () => {
    const elsewhere = page(null, { pathname: '/login', search: '?association=maplegrove' });
    startEarlyRequests(routeRequests, elsewhere.host);
    expect(elsewhere.sent).toHaveLength(0);
    const unnamed = page(null, { pathname: '/paynow', search: '?account=1' });
    startEarlyRequests(routeRequests, unnamed.host);
    expect(unnamed.sent).toHaveLength(0);
  });

  it('name an operation of the index, without a body', () => {
    const withRoute = (request: { operation: string }) => ({ layouts: { root: { shell: 'portal', routes: [{ path: 'x', screen: 'x', earlyRequests: [request] }] } } });
    expect(() => routeEarlyRequests(withRoute({ operation: 'nope' }), all, operations as never, api)).toThrow('routes.yaml /x earlyRequests[0]: unknown operation "nope"');
    expect(() => routeEarlyRequests(withRoute({ operation: 'createGuestSession' }), all, operations as never, api)).toThrow('takes a body');
  });
});
