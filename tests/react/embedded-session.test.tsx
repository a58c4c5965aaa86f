// A page under the mirror other sites frame (/embed), with the real configuration: its signed-in
// token lives in memory only (api.yaml `memoryUnder`), storage is never read nor written for it, and
// the session asks the renewal cookie for a sign-in on load, as flows/session.machine.yaml says.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../engine/react/app/create-runtime.ts';
import type { Runtime } from '../../engine/react/app/runtime.ts';
import { createTranslator } from '../../engine/react/app/translator.ts';
import { productRegistry } from '../../flows/registry.ts';
import { operations } from '../../generated/operations.ts';
import { fakeApi, projectConfig } from './support/query-harness.tsx';

const token = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const framedToken = token({ UserId: 5, Customer: 'summit' });
const storedToken = token({ UserId: 9, Customer: 'other' });

const settings = { userSettings: { designTemplate: 'Default', associations: [], pages: [] }, configuration: { company: { code: 'summit', name: 'Summit', pmbEnabled: false } } };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function at(address: string) {
  window.history.replaceState(null, '', address);
}

const sessionState = (runtime: Runtime) => String(runtime.session.getSnapshot().value);

/** The runtime as the page makes it, its navigator reading the browser's address (its query too). */
function makeRuntime(config: ReturnType<typeof projectConfig>): { runtime: Runtime } {
  const runtime = createRuntime({
    config, flows: productRegistry.flows, formatters: productRegistry.formatters, operations: operations as never, translator: createTranslator(config.messages),
    navigator: { navigate: () => {}, location: () => ({ pathname: window.location.pathname, search: window.location.search }) },
  });
  return { runtime };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  at('/');
});

describe('a page other sites frame', () => {
  it('signs in with the renewal cookie, keeping the token in memory and what storage holds untouched', async () => {
    at('/embed/dashboard?association=maplegrove');
    window.localStorage.setItem('portal.token', storedToken);
    const api = fakeApi({
      'POST /api/users/Users/Embedding/Renew': () => ({ token: framedToken, userId: 5, user: { userId: 5, email: 'ada@example.com' } }),
      'GET /api/users/Users/5': () => ({ userId: 5, firstName: 'Ada', email: 'ada@example.com', managementRole: null }),
      'GET /api/users/HomeSettings': () => settings,
      'GET /api/payments/Account': () => ({ accounts: [] }),
    });
    const { runtime } = makeRuntime(projectConfig({}));
    await waitFor(() => expect(runtime.session.getSnapshot().matches('signedIn')).toBe(true));
    expect(api.count('POST', '/api/users/Users/Embedding/Renew')).toBe(1);
    // The session is the renewed one, not the token another sign-in left in storage.
    expect(api.count('GET', '/api/users/Users/9')).toBe(0);
    expect(runtime.session.getSnapshot().context).toMatchObject({ embedded: true, embedAssociation: 'maplegrove', embedRenewal: 'cookie', userId: 5 });
    expect(runtime.environment().getToken('user')).toBe(framedToken);
    expect(window.localStorage.getItem('portal.token')).toBe(storedToken);
    expect(Object.values({ ...window.localStorage, ...window.sessionStorage })).not.toContain(framedToken);
  });

  it('without a renewal is signed out, and a sign-in there stays in memory and asks for a renewal', async () => {
    at('/embed/login');
    const api = fakeApi({
      'POST /api/users/Users/Embedding/Renew': () => json(401, { errorCode: 'EMB003', detail: 'No renewal' }),
      'POST /api/users/Users/Embedding/Renewal': () => ({ renewal: 'none' }),
      'GET /api/users/Users/5': () => ({ userId: 5, firstName: 'Ada', email: 'ada@example.com', managementRole: null }),
      'GET /api/users/HomeSettings': () => settings,
      'GET /api/payments/Account': () => ({ accounts: [] }),
    });
    const { runtime } = makeRuntime(projectConfig({}));
    await waitFor(() => expect(sessionState(runtime)).toBe('signedOut'));
    runtime.session.send({ type: 'LOGIN', token: framedToken });
    await waitFor(() => expect(runtime.session.getSnapshot().context.embedRenewal).toBe('none'));
    expect(runtime.session.getSnapshot().matches('signedIn')).toBe(true);
    expect(api.count('POST', '/api/users/Users/Embedding/Renewal')).toBe(1);
    expect(window.localStorage.getItem('portal.token')).toBeNull();
    expect(runtime.environment().getToken('user')).toBe(framedToken);
  });

  it('the portal\'s own pages keep their token in storage and ask for no renewal', async () => {
    at('/dashboard');
    window.localStorage.setItem('portal.token', framedToken);
    const api = fakeApi({
      'GET /api/users/Users/5': () => ({ userId: 5, firstName: 'Ada', email: 'ada@example.com', managementRole: null }),
      'GET /api/users/HomeSettings': () => settings,
      'GET /api/payments/Account': () => ({ accounts: [] }),
    });
    const { runtime } = makeRuntime(projectConfig({}));
    await waitFor(() => expect(runtime.session.getSnapshot().matches('signedIn')).toBe(true));
    expect(api.count('POST', '/api/users/Users/Embedding/Renew')).toBe(0);
    expect(runtime.session.getSnapshot().context.embedded).toBe(false);
  });
});
