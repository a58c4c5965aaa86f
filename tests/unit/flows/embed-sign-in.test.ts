import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachHost, detachHost, hearHost, resetHostListeners } from '../../../engine/core/embed/host-link.ts';
import { isHandoffNonce } from '../../../flows/embed-handoff.ts';
import { newNonce } from '../../../flows/embed-sign-in.ts';
import { createFakeHost, fail, runFlow, trackCoverage, type FakeHostOptions } from '../support/flow-harness.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

// The sign-in page's ways in when another site frames it or an app shows it in a web view (the
// sign-in page runs this machine only then, beside the password form of the login machine): a
// window of the portal's own (flows/embed-handoff.* is that window), or in an app the system browser.

const coverage = trackCoverage('embed-sign-in');
const start = (options: FakeHostOptions = {}) => {
  const host = createFakeHost({ route: { clientId: 'summit' }, session: { embedded: true }, ...options });
  return { host, flow: runFlow('embed-sign-in', host, { coverage }) };
};

afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

describe('embed-sign-in flow: in another site\'s frame, through a window of the portal\'s own', () => {
  const ORIGIN = 'https://portal.example';
  const signedIn = { token: 'tw', userId: 7, user: { userId: 7, email: 'w@example.com' } };

  /** A framed page's window: it opens the portal's own window (or the browser refuses) and hears the messages posted to it. */
  function frameWindow(opens = true) {
    const listeners = new Set<(event: MessageEvent) => void>();
    const popup = { close: vi.fn() };
    const win = {
      location: { pathname: '/embed/login/summit', origin: ORIGIN },
      open: vi.fn((..._args: unknown[]) => (opens ? popup : null)),
      addEventListener: (type: string, listener: (event: MessageEvent) => void) => { if (type === 'message') listeners.add(listener); },
      removeEventListener: (type: string, listener: (event: MessageEvent) => void) => { listeners.delete(listener); },
      sessionStorage: new MemoryStorage(),
      localStorage: new MemoryStorage(),
    };
    vi.stubGlobal('window', win);
    return {
      win, popup, listeners,
      post: (data: unknown, origin = ORIGIN) => { for (const listener of [...listeners]) listener({ data, origin } as MessageEvent); },
      address: () => String(win.open.mock.calls.at(-1)?.[0]),
      nonce: () => new URL(String(win.open.mock.calls.at(-1)?.[0]), ORIGIN).searchParams.get('nonce'),
    };
  }
  const framed = start;

  it('offers the window and does nothing until asked', () => {
    const w = frameWindow();
    const { host, flow } = framed();
    expect(flow.state()).toBe('offering');
    expect(w.win.open).not.toHaveBeenCalled();
    expect(host.calls).toEqual([]);
    expect(host.sessionEvents).toEqual([]);
  });

  it('opens the window with a fresh nonce and the company, polls the nonce every 1.5 s, and is signed in by the session answered', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    let asked = 0;
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: () => (++asked < 2 ? { status: 'pending' } : signedIn) } });
    flow.send({ type: 'USE_WINDOW' });
    expect(flow.state()).toBe('waitingForWindow');
    expect(flow.context().viaApp).toBe(false);
    expect(w.win.open).toHaveBeenCalledTimes(1);
    expect(w.address()).toMatch(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}&company=summit$/);
    expect(w.win.open.mock.calls[0]?.slice(1)).toEqual(['portal-embed-sign-in', 'popup,width=520,height=720']);
    expect(host.calls).toEqual([]);

    await vi.advanceTimersByTimeAsync(1500);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: w.nonce() }, suppressToast: true }]);
    expect(flow.state()).toBe('waitingForWindow');
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'tw' }]);
    expect(host.navigations).toEqual(['/dashboard']);
    expect(w.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(host.callsTo('redeemEmbedHandoff')).toHaveLength(2);
  });

  it('goes on to the page that sent the visitor to sign in (returnTo), as the password does', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ query: { returnTo: '/billing' }, answers: { redeemEmbedHandoff: signedIn } });
    flow.send({ type: 'USE_WINDOW' });
    w.post({ type: 'embed-handoff', code: 'r'.repeat(43) });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'tw' }]);
    expect(host.navigations).toEqual(['/billing']);
  });

  it('leaving the sign-in page while waiting stops the polling and closes the window', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: { status: 'pending' } } });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(host.callsTo('redeemEmbedHandoff')).toHaveLength(1);
    flow.actor.stop();
    expect(w.popup.close).toHaveBeenCalledTimes(1);
    expect(w.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(host.callsTo('redeemEmbedHandoff')).toHaveLength(1);
    expect(host.sessionEvents).toEqual([]);
  });

  it('each window gets a nonce of its own', () => {
    const w = frameWindow();
    const { flow } = framed();
    flow.send({ type: 'USE_WINDOW' });
    const first = w.nonce();
    flow.send({ type: 'USE_PASSWORD' });
    flow.send({ type: 'USE_WINDOW' });
    expect(w.nonce()).not.toBe(first);
  });

  it('redeems the code the window posts at once; messages of another origin or kind are not listened to', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: (request) => ((request.body as { code?: string }).code ? signedIn : { status: 'pending' }) } });
    flow.send({ type: 'USE_WINDOW' });
    const code = 'c'.repeat(43);
    w.post({ type: 'embed-handoff', code }, 'https://elsewhere.example');
    w.post({ type: 'something-else', code });
    w.post({ type: 'embed-handoff', code: 42 });
    w.post(null);
    expect(host.calls).toEqual([]);
    w.post({ type: 'embed-handoff', code });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: w.nonce(), code }, suppressToast: true }]);
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'tw' }]);
  });

  it('asks one thing at a time: a code posted while the nonce is being asked about is redeemed once that answer is in', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    let answerPoll: (value: unknown) => void = () => {};
    const { host, flow } = framed({
      answers: {
        redeemEmbedHandoff: (request) => ((request.body as { code?: string }).code
          ? signedIn
          : new Promise((resolve) => { answerPoll = resolve; })),
      },
    });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(1500);
    const code = 'd'.repeat(43);
    w.post({ type: 'embed-handoff', code });
    await vi.advanceTimersByTimeAsync(1500);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: w.nonce() }, suppressToast: true }]);
    answerPoll({ status: 'pending' });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.callsTo('redeemEmbedHandoff').map((request) => request.body)).toEqual([{ nonce: w.nonce() }, { nonce: w.nonce(), code }]);
    expect(flow.actor.getSnapshot().status).toBe('done');
  });

  it('a code posted while a failed ask is answered is redeemed next; a server error or too many asks only wait for the next try', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    let failPoll: (error: unknown) => void = () => {};
    let polls = 0;
    const { host, flow } = framed({
      answers: {
        redeemEmbedHandoff: (request) => {
          if ((request.body as { code?: string }).code) return signedIn;
          polls += 1;
          if (polls === 1) throw fail(503);
          if (polls === 2) throw fail(429, { errorCode: 'RATE001' });
          return new Promise((_resolve, reject) => { failPoll = reject; });
        },
      },
    });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(4500);
    expect(flow.state()).toBe('waitingForWindow');
    const code = 'e'.repeat(43);
    w.post({ type: 'embed-handoff', code });
    failPoll(fail(503));
    await vi.advanceTimersByTimeAsync(0);
    expect(host.callsTo('redeemEmbedHandoff').at(-1)).toEqual({ body: { nonce: w.nonce(), code }, suppressToast: true });
    expect(flow.actor.getSnapshot().status).toBe('done');
  });

  it('a browser that refuses the window says so; trying again opens it, or the password is still there', async () => {
    const w = frameWindow(false);
    const { host, flow } = framed();
    flow.send({ type: 'USE_WINDOW' });
    await flow.settle();
    expect(flow.state()).toBe('windowBlocked');
    expect(host.calls).toEqual([]);
    expect(w.listeners.size).toBe(0);
    flow.send({ type: 'RETRY_WINDOW' });
    await flow.settle();
    expect(w.win.open).toHaveBeenCalledTimes(2);
    expect(flow.state()).toBe('windowBlocked');
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('offering');
  });

  it('gives up after a minute without a sign-in, and when the server refuses the hand-off (used, wrong or expired)', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: { status: 'pending' } } });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(1500);
    host.clock += 60_000;
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.state()).toBe('windowFailed');
    expect(host.callsTo('redeemEmbedHandoff')).toHaveLength(1);
    expect(w.listeners.size).toBe(0);

    host.answers.redeemEmbedHandoff = fail(410, { errorCode: 'EMB006' });
    flow.send({ type: 'RETRY_WINDOW' });
    expect(flow.state()).toBe('waitingForWindow');
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.state()).toBe('windowFailed');
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('offering');
  });

  it('choosing the password instead stops waiting and closes the window', async () => {
    vi.useFakeTimers();
    const w = frameWindow();
    const { host, flow } = framed({ answers: { redeemEmbedHandoff: { status: 'pending' } } });
    flow.send({ type: 'USE_WINDOW' });
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('offering');
    expect(w.popup.close).toHaveBeenCalledTimes(1);
    expect(w.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(host.calls).toEqual([]);
  });

  it('single sign-on in a frame goes through the window (providers refuse frames), which starts it itself', () => {
    const w = frameWindow();
    const { flow } = framed();
    flow.send({ type: 'USE_SSO' });
    expect(flow.state()).toBe('waitingForWindow');
    expect(w.address()).toMatch(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}&sso=1&company=summit$/);
    expect(flow.context().windowSso).toBe(true);
  });

  it('without a company in the address the window is asked for none', () => {
    const w = frameWindow();
    const { flow } = framed({ route: {} });
    flow.send({ type: 'USE_WINDOW' });
    expect(w.address()).toMatch(/^\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}$/);
  });
});

describe('embed-sign-in flow: in an app\'s web view, through the system browser', () => {
  const ORIGIN = 'https://portal.example';
  const CODE = 'a'.repeat(43);
  const signedIn = { token: 'ta', userId: 8, user: { userId: 8, email: 'app@example.com' } };

  /** The app's web view: no window opens there; the app's bridge takes (or refuses) the request to open the system browser. */
  function appWebView(takes = true) {
    const listeners = new Set<(event: MessageEvent) => void>();
    const win = {
      location: { pathname: '/embed/login/summit', origin: ORIGIN },
      open: vi.fn(() => null),
      addEventListener: (type: string, listener: (event: MessageEvent) => void) => { if (type === 'message') listeners.add(listener); },
      removeEventListener: (type: string, listener: (event: MessageEvent) => void) => { listeners.delete(listener); },
      sessionStorage: new MemoryStorage(),
      localStorage: new MemoryStorage(),
    };
    vi.stubGlobal('window', win);
    const openInBrowser = vi.fn((_url: string) => takes);
    attachHost('react-native', { openInBrowser });
    return {
      win, listeners, openInBrowser,
      address: () => String(openInBrowser.mock.calls.at(-1)?.[0]),
      nonce: () => new URL(String(openInBrowser.mock.calls.at(-1)?.[0])).searchParams.get('nonce'),
    };
  }
  const inApp = start;
  const redeemCodeOnly = (request: { body?: unknown }) => ((request.body as { code?: string }).code ? signedIn : { status: 'pending' });

  afterEach(() => { detachHost(); resetHostListeners(); });

  it('asks the app to open the page in the system browser (no window), and redeems the code the app hands back with the nonce at once', async () => {
    vi.useFakeTimers();
    const app = appWebView();
    const { host, flow } = inApp({ answers: { redeemEmbedHandoff: redeemCodeOnly } });
    flow.send({ type: 'USE_WINDOW' });
    expect(flow.state()).toBe('waitingForWindow');
    expect(flow.context().viaApp).toBe(true);
    expect(app.win.open).not.toHaveBeenCalled();
    expect(app.openInBrowser).toHaveBeenCalledTimes(1);
    expect(app.address()).toMatch(/^https:\/\/portal\.example\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}&app=1&company=summit$/);
    expect(host.calls).toEqual([]);

    hearHost('handoff', { code: CODE });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: app.nonce(), code: CODE }, suppressToast: true }]);
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'ta' }]);
    expect(host.navigations).toEqual(['/dashboard']);

    // Done: a code handed over later is no one's, and the nonce is asked about no more.
    hearHost('handoff', { code: 'b'.repeat(43) });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(host.callsTo('redeemEmbedHandoff')).toHaveLength(1);
    expect(app.listeners.size).toBe(0);
  });

  it('polls the nonce every 1.5 s meanwhile, which signs in without the app\'s link', async () => {
    vi.useFakeTimers();
    const app = appWebView();
    let asked = 0;
    const { host, flow } = inApp({ answers: { redeemEmbedHandoff: () => (++asked < 3 ? { status: 'pending' } : signedIn) } });
    flow.send({ type: 'USE_WINDOW' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(host.callsTo('redeemEmbedHandoff')).toEqual([{ body: { nonce: app.nonce() }, suppressToast: true }, { body: { nonce: app.nonce() }, suppressToast: true }]);
    expect(flow.state()).toBe('waitingForWindow');
    await vi.advanceTimersByTimeAsync(1500);
    expect(flow.actor.getSnapshot().status).toBe('done');
    expect(host.sessionEvents).toEqual([{ type: 'LOGIN', token: 'ta' }]);
  });

  it('single sign-on goes through the system browser too, which starts it itself', () => {
    const app = appWebView();
    const { flow } = inApp();
    flow.send({ type: 'USE_SSO' });
    expect(flow.state()).toBe('waitingForWindow');
    expect(app.address()).toMatch(/^https:\/\/portal\.example\/auth\/embed-handoff\?nonce=[A-Za-z0-9_-]{43}&app=1&sso=1&company=summit$/);
    expect(app.win.open).not.toHaveBeenCalled();
    expect(flow.context().windowSso).toBe(true);
  });

  it('an app that does not take the request is said so; the password is still there', async () => {
    const app = appWebView(false);
    const { host, flow } = inApp();
    flow.send({ type: 'USE_WINDOW' });
    await flow.settle();
    expect(flow.state()).toBe('windowBlocked');
    expect(flow.context().viaApp).toBe(true);
    expect(app.win.open).not.toHaveBeenCalled();
    expect(host.calls).toEqual([]);
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('offering');
  });

  it('choosing the password instead stops waiting: a code the app hands over afterwards is not redeemed', async () => {
    vi.useFakeTimers();
    const app = appWebView();
    const { host, flow } = inApp({ answers: { redeemEmbedHandoff: redeemCodeOnly } });
    flow.send({ type: 'USE_WINDOW' });
    flow.send({ type: 'USE_PASSWORD' });
    expect(flow.state()).toBe('offering');
    hearHost('handoff', { code: CODE });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(host.calls).toEqual([]);
    expect(app.listeners.size).toBe(0);
  });

  it('a code the app hands over while no sign-in is waiting is not redeemed', async () => {
    vi.useFakeTimers();
    appWebView();
    const { host, flow } = inApp({ answers: { redeemEmbedHandoff: redeemCodeOnly } });
    hearHost('handoff', { code: CODE });
    await vi.advanceTimersByTimeAsync(3000);
    expect(flow.state()).toBe('offering');
    expect(host.calls).toEqual([]);
  });
});

describe('the frame\'s nonce', () => {
  it('is 32 random bytes in base64url (43 characters), as the server takes it', () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isHandoffNonce(nonce)).toBe(true);
    expect(newNonce()).not.toBe(nonce);
    expect(newNonce({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => { new Uint8Array((array as unknown as Uint8Array).buffer).fill(255); return array; } }))
      .toBe('_'.repeat(42) + '8');
    expect(isHandoffNonce(42)).toBe(false);
  });
});

it('embed-sign-in flow: every state is reached and every operation outcome is taken by a test above', () => {
  expect(coverage.missing()).toEqual([]);
});
