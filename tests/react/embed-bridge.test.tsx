// The bridge as the router in the page drives it: `ready` once the first screen shows, a `navigate`
// for each move (the path without /embed), and a native app's requests carried out in the page.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useNavigate, Link, MemoryRouter, Route, Routes, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { resetSignals } from '../../engine/core/embed/signals.ts';
import { detachHost, embedBridge, resetHostListeners } from '../../engine/core/embed/host-link.ts';
import type { EmbeddingSettings } from '../../engine/core/embed/settings.ts';
import { RuntimeContext, type Runtime } from '../../engine/react/app/runtime.ts';
import { startEmbedBridge } from '../../engine/react/embed/embed-bridge.tsx';

const SETTINGS: EmbeddingSettings = {
  allowedOrigins: { operation: 'getEmbedding', query: { association: { queryParam: 'association' } }, field: 'origins' },
  themeEvent: { type: 'SET_THEME', field: 'theme' },
  native: { receiveFunction: '__testReceive' },
};

type TestWindow = Window & { ReactNativeWebView?: unknown; __testReceive?: (data: unknown) => boolean };

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as TestWindow).ReactNativeWebView;
  resetSignals();
  detachHost();
  resetHostListeners();
});

function fakeRuntime() {
  let routerNavigate: NavigateFunction | null = null;
  const session = createActor(createMachine({ id: 'session', initial: 'signedOut', states: { signedOut: {}, signedIn: {} } }));
  session.start();
  const call = vi.fn(async () => ({ origins: [] }));
  const runtime = {
    session,
    config: { themes: { Default: {}, Harbor: {} } },
    environment: () => ({ call, navigate: (to: string) => routerNavigate?.(`/embed${to}`) }),
  } as unknown as Runtime;
  function CaptureNavigate() {
    const navigate = useNavigate();
    useEffect(() => { routerNavigate = navigate; }, [navigate]);
    return null;
  }
  return { runtime, session, call, CaptureNavigate };
}

function Page({ name }: { name: string }) {
  return <main><h1>{name}</h1><Link to="/embed/login">Sign in</Link></main>;
}

describe('the bridge in the page', () => {
  it('talks to a React Native app: ready, then each move, and the app\'s requests', async () => {
    const postMessage = vi.fn();
    (window as TestWindow).ReactNativeWebView = { postMessage };
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    document.title = 'Pay · Portal';
    const { runtime, session, call, CaptureNavigate } = fakeRuntime();
    const root = document.createElement('div');
    const EmbedBridge = startEmbedBridge({ runtime, settings: SETTINGS, mirror: '/embed', root });
    const send = vi.spyOn(session, 'send');
    render(
      <RuntimeContext.Provider value={runtime}>
        <MemoryRouter initialEntries={['/embed/paynow']}>
          <CaptureNavigate />
          <EmbedBridge />
          <Routes>
            <Route path="/embed/paynow" element={<Page name="Pay" />} />
            <Route path="/embed/login" element={<Page name="Sign in" />} />
            <Route path="/embed/dashboard" element={<Page name="Dashboard" />} />
          </Routes>
        </MemoryRouter>
      </RuntimeContext.Provider>,
    );
    const sent = () => postMessage.mock.calls.map(([text]) => JSON.parse(text as string) as { type: string; payload: Record<string, unknown> });
    await vi.waitFor(() => expect(sent()[0]?.type).toBe('ready'));
    expect(sent()[0].payload).toEqual({ path: '/paynow', title: 'Pay · Portal' });
    expect(call).not.toHaveBeenCalled();
    expect(embedBridge.transport()).toBe('react-native');

    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    await vi.waitFor(() => expect(sent().filter((m) => m.type === 'navigate').map((m) => m.payload.path)).toEqual(['/login']));

    const receive = (window as TestWindow).__testReceive!;
    act(() => { receive(JSON.stringify({ v: 1, type: 'navigate', id: 'a', payload: { path: '/dashboard' } })); });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await vi.waitFor(() => expect(sent().filter((m) => m.type === 'navigate').map((m) => m.payload.path)).toEqual(['/login', '/dashboard']));

    act(() => { receive({ v: 1, type: 'theme', id: 'b', payload: { name: 'Harbor' } }); });
    expect(send).toHaveBeenCalledWith({ type: 'SET_THEME', theme: 'Harbor' });
    expect(receive({ v: 1, type: 'theme', id: 'c', payload: { name: 'Harbor', extra: 1 } })).toBe(false);
    expect(sent().filter((m) => m.type === 'resize')).toHaveLength(1);

    // The system browser, for what a web view cannot do well: asked with an address of this site, made absolute.
    expect(embedBridge.canOpenBrowser()).toBe(true);
    expect(embedBridge.openInBrowser('/auth/embed-handoff?nonce=n&app=1')).toBe(true);
    expect(embedBridge.openInBrowser('https://evil.example/')).toBe(false);
    expect(sent().filter((m) => m.type === 'open-browser').map((m) => m.payload)).toEqual([{ url: `${window.location.origin}/auth/embed-handoff?nonce=n&app=1` }]);
    // And what the app hands back from there reaches whoever listens, not the page's router.
    const codes: string[] = [];
    embedBridge.listen('handoff', ({ code }) => { codes.push(code); });
    expect(receive(JSON.stringify({ v: 1, type: 'handoff', id: 'd', payload: { code: 'c'.repeat(43) } }))).toBe(true);
    expect(codes).toEqual(['c'.repeat(43)]);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
