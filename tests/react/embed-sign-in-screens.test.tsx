// The sign-in of a page other sites frame, on screen: the sign-in page's way through a window of the
// portal's own (schemas/screens/login.yaml), and that window (schemas/screens/embed-handoff.yaml),
// each state with its heading and its outcome said as a status or an alert.
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** The page at `address` as the browser has it: the runtime's navigator and the router read the same address. */
async function showScreen(address: string, name: string): Promise<{ runtime: Runtime }> {
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
                <MemoryRouter initialEntries={[address]}><WidgetNode node={screenDoc(name)} /></MemoryRouter>
              </ComponentRegistryContext.Provider>
            </QueryClientProvider>
          </RuntimeContext.Provider>
        </TranslatorContext.Provider>
      </ChakraProvider>,
    );
  });
  return { runtime };
}

/** A click, awaited: the view a flow shows follows its machine as a deferred render, which must be let finish. */
async function click(element: HTMLElement): Promise<void> {
  await act(async () => { fireEvent.click(element); });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
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

  it('says what to do while the window is open, and the password form comes back on asking', async () => {
    fakeApi({
      'POST /api/users/Users/Embedding/Renew': () => new Response(JSON.stringify({ errorCode: 'EMB003' }), { status: 401 }),
      'POST /api/users/Users/Embedding/Handoff/Redeem': () => new Response(JSON.stringify({ status: 'pending' }), { status: 202 }),
    });
    const popup = { close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    await showScreen('/embed/login', 'login');
    await click(await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING));
    expect((await screen.findByRole('status', {}, LOADING)).textContent).toContain('Finish signing in in the new window.');
    await click(screen.getByRole('button', { name: 'Sign in with a password instead' }));
    await screen.findByRole('button', { name: 'Sign in in a new window' }, LOADING);
    expect(popup.close).toHaveBeenCalled();
  }, SLOW);

  it('is not offered on the portal\'s own sign-in page', async () => {
    fakeApi({});
    await showScreen('/login', 'login');
    await screen.findByRole('button', { name: 'Email me a sign-in code instead' }, LOADING);
    expect(screen.queryByRole('button', { name: 'Sign in in a new window' })).toBeNull();
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

  it('an address no sign-in button made says so in an alert', async () => {
    fakeApi({});
    await showScreen('/auth/embed-handoff?nonce=short', 'embed-handoff');
    await screen.findByRole('heading', { level: 1, name: 'The sign-in could not be handed over' }, LOADING);
    expect(screen.getByRole('alert').textContent).toContain('This address was not opened by a sign-in button of the portal');
  }, SLOW);
});
