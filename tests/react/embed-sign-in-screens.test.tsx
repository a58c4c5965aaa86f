// The sign-in of a page other sites frame, on screen: the sign-in page's way through a window of the
// portal's own (schemas/screens/login.yaml), and that window (schemas/screens/embed-handoff.yaml),
// each state with its heading and its outcome said as a status or an alert.
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { attachHost, detachHost, hearHost, resetHostListeners } from '../../engine/core/embed/host-link.ts';
import { readConfigData } from '../../engine/core/config/read-config.ts';
import type { WidgetNodeConfig } from '../../engine/react/app/config-types.ts';
import { createRuntime } from '../../engine/react/app/create-runtime.ts';
import { RuntimeContext, type Runtime } from '../../engine/react/app/runtime.ts';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import { createTranslator, type Translator } from '../../engine/react/app/translator.ts';
import { createComponentRegistry } from '../../engine/react/component-registry.ts';
import { ComponentRegistryContext } from '../../engine/react/component-registry-context.ts';
import { WidgetNode } from '../../engine/react/widgets/WidgetNode.tsx';
import { productRegistry } from '../../flows/registry.ts';
import { operations } from '../../generated/operations.ts';
import { fakeApi, projectConfig } from './support/query-harness.tsx';

const root = join(import.meta.dirname, '..', '..');
const screenDoc = (name: string) => readConfigData(root, join('schemas', 'screens', `${name}.yaml`)).data as WidgetNodeConfig;
const components = createComponentRegistry();
// Every text: a screen's own come with its chunk in the browser.
const messages = JSON.parse(readFileSync(join(root, 'schemas', 'messages', 'en.json'), 'utf8')) as Record<string, string>;
/** The first look waits for the widgets' code, loaded on first use (slow the first time in a test run). */
const LOADING = { timeout: 20_000 };
const SLOW = 30_000;
const NONCE = 'n'.repeat(43);
const token = `h.${btoa(JSON.stringify({ UserId: 5, Customer: 'summit' })).replace(/=+$/, '')}.s`;
const settings = { userSettings: { designTemplate: 'Default', associations: [], pages: [] }, configuration: { company: { code: 'summit', name: 'Summit', pmbEnabled: false } } };
const signedInAnswers = {
  'GET /api/users/Users/5': () => ({ userId: 5, firstName: 'Ada', email: 'ada@example.com', managementRole: null }),
  'GET /api/users/HomeSettings': () => settings,
  'GET /api/payments/Account': () => ({ accounts: [] }),
};

/**
 * The page at `address` as the browser has it: the runtime's navigator and the router read the same
 * address; `route`, the route's pattern, gives the screen its parameters (`$route.clientId`).
 */
async function showScreen(address: string, name: string, route?: string): Promise<{ runtime: Runtime }> {
  window.history.replaceState(null, '', address);
  const config = projectConfig({}, messages);
  const translator: Translator = createTranslator(config.messages);
  const runtime = createRuntime({
    config, flows: productRegistry.flows, formatters: productRegistry.formatters, operations: operations as never, translator,
    navigator: { navigate: () => {}, location: () => ({ pathname: window.location.pathname, search: window.location.search }) },
  });
  await act(async () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <TranslatorContext.Provider value={translator}>
          <RuntimeContext.Provider value={runtime}>
            <QueryClientProvider client={runtime.queryClient}>
              <ComponentRegistryContext.Provider value={components}>
                <MemoryRouter initialEntries={[address]}>
                  {route ? <Routes><Route path={route} element={<WidgetNode node={screenDoc(name)} />} /></Routes> : <WidgetNode node={screenDoc(name)} />}
                </MemoryRouter>
              </ComponentRegistryContext.Provider>
            </QueryClientProvider>
          </RuntimeContext.Provider>
        </TranslatorContext.Provider>
      </ChakraProvider>,
    );
  });
  return { runtime };
}

/** Waits until one of the page's status regions says `text` (the form has one of its own). */
async function statusSays(text: string): Promise<void> {
  await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent).join('\n')).toContain(text), LOADING);
}

/** A click, awaited: the view a flow shows follows its machine as a deferred render, which must be let finish. */
async function click(element: HTMLElement): Promise<void> {
  await act(async () => { fireEvent.click(element); });
}

afterEach(() => {
  cleanup();
  detachHost();
  resetHostListeners();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const provider = { available: true, companyName: 'Summit Community Management', startPath: '/api/users/Users/SSO/Start?company=summit' };

// First in the file: a test after one in a frame would find the module fetched already.
describe('the portal\'s own sign-in page', () => {
  it('offers no window, and fetches none of its code; the company\'s button is the one that leaves for the provider', async () => {
    const fetchEmbedSignIn = vi.spyOn(productRegistry.flows.lazy as Record<string, () => Promise<unknown>>, 'embed-sign-in');
    fakeApi({ 'GET /api/users/Users/SSO/Provider': () => provider });
    await showScreen('/login/summit', 'login', '/login/:clientId?');
    await screen.findByRole('button', { name: 'Sign in with Summit Community Management' }, LOADING);
    expect(screen.getAllByRole('button', { name: 'Sign in with Summit Community Management' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign in in a new window' })).toBeNull();
    expect(fetchEmbedSignIn).not.toHaveBeenCalled();
    expect(productRegistry.flows.flows['embed-sign-in']).toBeUndefined();
  }, SLOW);
});

describe('the sign-in page in another site\'s frame', () => {
  it('offers a window of the portal\'s own beside the form; a window the browser refuses is said in an alert', async () => {
    fakeApi({ 'POST /api/users/Users/Embedding/Renew': () => new Response(JSON.stringify({ errorCode: 'EMB003' }), { status: 401 }) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await showScreen('/embed/login', 'login');
    await click(await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING));
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}$/), 'portal-embed-sign-in', 'popup,width=520,height=720');
    expect((await screen.findByRole('alert', {}, LOADING)).textContent).toContain('Your browser did not open the sign-in window.');
    expect(screen.getByRole('button', { name: 'Try again' }).hasAttribute('disabled')).toBe(false);
  }, SLOW);

  it('says what to do while the window is open, beside the password form; choosing the password instead closes the window', async () => {
    fakeApi({
      'POST /api/users/Users/Embedding/Renew': () => new Response(JSON.stringify({ errorCode: 'EMB003' }), { status: 401 }),
      'POST /api/users/Users/Embedding/Handoff/Redeem': () => new Response(JSON.stringify({ status: 'pending' }), { status: 202 }),
    });
    const popup = { close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await showScreen('/embed/login', 'login');
    await click(await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING));
    await statusSays('Finish signing in in the new window.');
    expect(screen.getByLabelText('Password', { exact: true })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Sign in with a password instead' }));
    await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING);
    expect(popup.close).toHaveBeenCalled();
  }, SLOW);

  it('a code the window posts signs the page in with the session the server redeems it for', async () => {
    const code = 'c'.repeat(43);
    fakeApi({
      ...signedInAnswers,
      'POST /api/users/Users/Embedding/Renew': () => new Response(JSON.stringify({ errorCode: 'EMB003' }), { status: 401 }),
      'POST /api/users/Users/Embedding/Renewal': () => ({ renewal: 'none' }),
      'POST /api/users/Users/Embedding/Handoff/Redeem': () => ({ token, userId: 5, user: { userId: 5, email: 'ada@example.com' } }),
    });
    vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window);
    const { runtime } = await showScreen('/embed/login', 'login');
    await click(await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING));
    await statusSays('Finish signing in in the new window.');
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'embed-handoff', code }, origin: window.location.origin }));
    });
    await waitFor(() => expect(runtime.session.getSnapshot().matches('signedIn')).toBe(true), LOADING);
    expect(runtime.environment().getToken('user')).toBe(token);
    await screen.findByText('Signing you in…', {}, LOADING);
  }, SLOW);

  it('the company\'s button opens the window for single sign-on, in place of the one that leaves for the provider', async () => {
    fakeApi({
      'POST /api/users/Users/Embedding/Renew': () => new Response(JSON.stringify({ errorCode: 'EMB003' }), { status: 401 }),
      'POST /api/users/Users/Embedding/Handoff/Redeem': () => new Response(JSON.stringify({ status: 'pending' }), { status: 202 }),
      'GET /api/users/Users/SSO/Provider': () => provider,
    });
    const open = vi.spyOn(window, 'open').mockReturnValue({ close: vi.fn() } as unknown as Window);
    await showScreen('/embed/login/summit', 'login', '/embed/login/:clientId?');
    await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING);
    const sso = await screen.findByRole('button', { name: 'Sign in with Summit Community Management' }, LOADING);
    expect(screen.getAllByRole('button', { name: 'Sign in with Summit Community Management' })).toHaveLength(1);
    await click(sso);
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}&sso=1&company=summit$/), 'portal-embed-sign-in', 'popup,width=520,height=720');
    await statusSays('Finish signing in in the new window.');
    expect(screen.queryByText(/Taking you to your management company/)).toBeNull();
  }, SLOW);

  it('in an app\'s web view, asks the app to open the system browser, says to finish there, and redeems the code the app hands back', async () => {
    const code = 'a'.repeat(43);
    fakeApi({
      'POST /api/users/Users/Embedding/Renew': () => new Response(JSON.stringify({ errorCode: 'EMB003' }), { status: 401 }),
      'POST /api/users/Users/Embedding/Handoff/Redeem': () => new Response(JSON.stringify({ status: 'pending' }), { status: 202 }),
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const openInBrowser = vi.fn((_url: string) => true);
    attachHost('react-native', { openInBrowser });
    await showScreen('/embed/login', 'login');
    await click(await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING));
    await statusSays('Finish signing in in your browser.');
    expect(open).not.toHaveBeenCalled();
    expect(openInBrowser).toHaveBeenCalledTimes(1);
    const address = new URL(String(openInBrowser.mock.calls[0]?.[0]));
    expect(`${address.origin}${address.pathname}`).toBe(`${window.location.origin}/auth/embed-handoff`);
    expect(address.searchParams.get('app')).toBe('1');
    const nonce = address.searchParams.get('nonce');
    await act(async () => { hearHost('handoff', { code }); });
    await waitFor(() => {
      const redeemed = (fetch as Mock).mock.calls.filter(([url]) => String(url).endsWith('/Embedding/Handoff/Redeem'));
      expect(redeemed.map(([, init]) => JSON.parse(String((init as RequestInit).body)))).toContainEqual({ nonce, code });
    }, LOADING);
  }, SLOW);

  it('in an app\'s web view that does not take the request, says so in an alert', async () => {
    fakeApi({ 'POST /api/users/Users/Embedding/Renew': () => new Response(JSON.stringify({ errorCode: 'EMB003' }), { status: 401 }) });
    attachHost('webkit', { openInBrowser: () => false });
    await showScreen('/embed/login', 'login');
    await click(await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING));
    expect((await screen.findByRole('alert', {}, LOADING)).textContent).toContain('The app did not open your browser.');
  }, SLOW);

});

describe('the portal\'s own sign-in window (/auth/embed-handoff)', () => {
  it('signed out: a heading, and the way to sign in that comes back here', async () => {
    fakeApi({});
    await showScreen(`/auth/embed-handoff?nonce=${NONCE}`, 'embed-handoff');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' }, LOADING);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(`/auth/embed-handoff?nonce=${NONCE}`)}`);
  }, SLOW);

  it('signed in, opened by a page it cannot tell: asks first, then hands the sign-in over and says so', async () => {
    window.localStorage.setItem('portal.token', token);
    const api = fakeApi({ ...signedInAnswers, 'POST /api/users/Users/Embedding/Handoff': () => ({ code: 'k'.repeat(43), expiresInSeconds: 60 }) });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    await showScreen(`/auth/embed-handoff?nonce=${NONCE}`, 'embed-handoff');
    await screen.findByRole('heading', { level: 1, name: 'Sign in on the page you came from?' }, LOADING);
    screen.getByText(/You are signed in as Ada\./);
    expect(api.count('POST', '/api/users/Users/Embedding/Handoff')).toBe(0);
    await click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'You are signed in' }, LOADING);
    expect(screen.getByRole('status').textContent).toContain('You are signed in. You can close this window.');
    await waitFor(() => expect(close).toHaveBeenCalled(), LOADING);
    expect(api.count('POST', '/api/users/Users/Embedding/Handoff')).toBe(1);
  }, SLOW);

  it('opened by an app (app=1): asks about the app, then goes back to the company\'s app link without showing the code', async () => {
    const code = 'k'.repeat(43);
    window.localStorage.setItem('portal.token', token);
    const withLink = { ...settings, configuration: { company: { ...settings.configuration.company, nativeAppReturnUrl: 'summitapp://signed-in' } } };
    const api = fakeApi({ ...signedInAnswers, 'GET /api/users/HomeSettings': () => withLink, 'POST /api/users/Users/Embedding/Handoff': () => ({ code, expiresInSeconds: 60 }) });
    await showScreen(`/auth/embed-handoff?nonce=${NONCE}&app=1`, 'embed-handoff');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the app you came from?' }, LOADING);
    screen.getByText(/in the app that opened this page/);
    await click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Going back to the app' }, LOADING);
    expect(screen.getByRole('status').textContent).toContain('Opening the app');
    await click(screen.getByRole('button', { name: 'Open the app' }));
    expect(api.count('POST', '/api/users/Users/Embedding/Handoff')).toBe(1);
    expect(document.body.innerHTML).not.toContain(code);
  }, SLOW);

  it('opened by an app of a company without an app link: done, saying to go back to the app, the code not shown', async () => {
    const code = 'k'.repeat(43);
    window.localStorage.setItem('portal.token', token);
    fakeApi({ ...signedInAnswers, 'POST /api/users/Users/Embedding/Handoff': () => ({ code, expiresInSeconds: 60 }) });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    await showScreen(`/auth/embed-handoff?nonce=${NONCE}&app=1`, 'embed-handoff');
    await click(await screen.findByRole('button', { name: 'Continue' }, LOADING));
    await screen.findByRole('heading', { level: 1, name: 'You are signed in' }, LOADING);
    expect(screen.getByRole('status').textContent).toContain('Go back to the app: it signs you in by itself.');
    expect(document.body.innerHTML).not.toContain(code);
    expect(close).not.toHaveBeenCalled();
  }, SLOW);

  it('opened by an app while signed out: the way to sign in comes back here for the app', async () => {
    fakeApi({});
    await showScreen(`/auth/embed-handoff?nonce=${NONCE}&app=1`, 'embed-handoff');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' }, LOADING);
    screen.getByText(/the app you came from is signed in too/);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(`/auth/embed-handoff?nonce=${NONCE}&app=1`)}`);
  }, SLOW);

  it('an address no sign-in button made says so in an alert', async () => {
    fakeApi({});
    await showScreen('/auth/embed-handoff?nonce=short', 'embed-handoff');
    await screen.findByRole('heading', { level: 1, name: 'The sign-in could not be handed over' }, LOADING);
    expect(screen.getByRole('alert').textContent).toContain('This address was not opened by a sign-in button of the portal');
  }, SLOW);
});
