// @vitest-environment jsdom
// The bridge for the page's life: `ready` once the host is known and the first screen shows, then
// the page's moves, its height and what product code says; the host's requests carried out as the
// visitor's own doing would be.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBridge, type BridgeWindow } from '../../engine/core/embed/bridge.ts';
import type { Connection } from '../../engine/core/embed/connect.ts';
import { watchContentHeight, type HeightWindow } from '../../engine/core/embed/content-height.ts';
import { detachHost, embedBridge, resetHostListeners } from '../../engine/core/embed/host-link.ts';
import { toHost } from 'virtual:engine-embed-validators';
import type { ToHostMessage } from '../../engine/core/embed/protocol.ts';
import { announce, resetSignals } from '../../engine/core/embed/signals.ts';
import type { Transport } from '../../engine/core/embed/transport.ts';
import { hostRequests, withParams } from '../../engine/react/embed/host-requests.ts';
import { pathWithoutMirror } from '../../engine/react/embed/embed-bridge.tsx';
import type { Runtime } from '../../engine/react/app/runtime.ts';

/** A window whose frames run when the test says, and whose content is as tall as the test says. */
function fakeWindow() {
  const frames: (() => void)[] = [];
  const observed: (() => void)[] = [];
  class FakeResizeObserver {
    callback: () => void;
    constructor(callback: () => void) { this.callback = callback; observed.push(callback); }
    observe() {}
    disconnect() {}
  }
  const target = new EventTarget();
  const win = {
    document,
    parent: {},
    ResizeObserver: FakeResizeObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    cancelAnimationFrame: () => {},
    getComputedStyle: (element: Element) => window.getComputedStyle(element),
    addEventListener: (type: string, listener: EventListener) => target.addEventListener(type, listener),
    removeEventListener: (type: string, listener: EventListener) => target.removeEventListener(type, listener),
    location: { href: 'https://portal.example/embed/login?association=maplegrove', origin: 'https://portal.example' },
  } as unknown as BridgeWindow & Record<string, unknown>;
  let height = 600;
  Object.defineProperty(document.body, 'scrollHeight', { configurable: true, get: () => height });
  return {
    win,
    /** A message posted to the page by `source` (its parent by default) from `origin`. */
    postToPage(data: unknown, origin: string, source: unknown = win.parent) {
      const event = new MessageEvent('message', { data, origin });
      Object.defineProperty(event, 'source', { value: source });
      target.dispatchEvent(event);
    },
    setHeight(next: number) { height = next; },
    resized() { for (const callback of observed) callback(); },
    nextFrame() { for (const callback of frames.splice(0)) callback(); },
  };
}

function recording(kind: Transport['kind'] = 'frame') {
  const sent: ToHostMessage[] = [];
  const transport: Transport = { kind, post: (message) => { sent.push(message); } };
  return { sent, connection: { transport, origin: kind === 'frame' ? 'https://hoa.example' : undefined } as Connection };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  resetSignals();
  detachHost();
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  document.title = 'Pay · Portal';
});
afterEach(() => { resetSignals(); detachHost(); resetHostListeners(); });

function start(connecting: Promise<Connection | null>, onHostMessage = vi.fn()) {
  const page = fakeWindow();
  const root = document.getElementById('root')!;
  const bridge = createBridge({ win: page.win, connecting, root, receiveFunction: '__receive', onHostMessage, title: () => document.title });
  return { ...page, bridge, root, onHostMessage };
}

describe('the bridge', () => {
  it('says ready (path and title) once the host is known and the first screen shows, then the height', async () => {
    const { sent, connection } = recording();
    const page = start(Promise.resolve(connection));
    page.bridge.at('/paynow');
    await flush();
    expect(sent).toEqual([]);
    page.bridge.settled();
    expect(sent.map((m) => m.type)).toEqual(['ready', 'resize']);
    expect(sent[0].payload).toEqual({ path: '/paynow', title: 'Pay · Portal' });
    expect(sent[1].payload).toEqual({ height: 600 });
    for (const message of sent) expect(toHost(message)).toBe(true);
    expect(embedBridge.isEmbedded()).toBe(true);
    expect(embedBridge.transport()).toBe('frame');
  });

  it('tells each move once, the path without the mirror', async () => {
    const { sent, connection } = recording();
    const page = start(Promise.resolve(connection));
    page.bridge.at('/paynow');
    page.bridge.settled();
    await flush();
    page.bridge.at('/login');
    page.bridge.at('/login');
    page.bridge.at('/dashboard');
    expect(sent.filter((m) => m.type === 'navigate').map((m) => m.payload)).toEqual([{ path: '/login' }, { path: '/dashboard' }]);
    expect(pathWithoutMirror('/embed/billing/account-history', '/embed')).toBe('/billing/account-history');
    expect(pathWithoutMirror('/embed', '/embed')).toBe('/');
    expect(pathWithoutMirror('/EMBED/login', '/embed')).toBe('/login');
    expect(pathWithoutMirror('/embedded', '/embed')).toBe('/embedded');
  });

  it('tells what the session said before the host was known after ready, and what it says later at once', async () => {
    const { sent, connection } = recording();
    announce('sign-in-needed');
    announce('something-else');
    const page = start(Promise.resolve(connection));
    page.bridge.at('/login');
    page.bridge.settled();
    await flush();
    embedBridge.send('signed-out');
    expect(sent.map((m) => m.type)).toEqual(['ready', 'sign-in-needed', 'resize', 'signed-out']);
    for (const message of sent) expect(toHost(message)).toBe(true);
  });

  it('sends nothing, ever, without a host', async () => {
    const page = start(Promise.resolve(null));
    page.bridge.at('/paynow');
    page.bridge.settled();
    await flush();
    embedBridge.send('signed-out');
    expect(embedBridge.isEmbedded()).toBe(false);
    expect(embedBridge.transport()).toBeNull();
    expect(page.root.hasAttribute('data-embed-fit')).toBe(false);
  });

  it('lets a frame sized to the content shrink: the shells\' viewport-tall minimum is lifted, in frames only', async () => {
    const frame = start(Promise.resolve(recording('frame').connection));
    frame.bridge.at('/paynow');
    frame.bridge.settled();
    await flush();
    expect(frame.root.hasAttribute('data-embed-fit')).toBe(true);
    expect(document.head.querySelector('style')?.textContent).toMatch(/min-height: 0/);
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    resetSignals();
    const app = start(Promise.resolve(recording('react-native').connection));
    app.bridge.at('/paynow');
    app.bridge.settled();
    await flush();
    expect(app.root.hasAttribute('data-embed-fit')).toBe(false);
  });

  it('hands a native app\'s valid messages to the page', async () => {
    const { connection } = recording('webkit');
    const page = start(Promise.resolve(connection));
    page.bridge.at('/paynow');
    page.bridge.settled();
    await flush();
    const receive = page.win.__receive as (data: unknown) => boolean;
    expect(receive({ v: 1, type: 'navigate', id: 'a', payload: { path: '/login' } })).toBe(true);
    expect(receive({ v: 1, type: 'navigate', id: 'b', payload: { path: 'https://evil.example' } })).toBe(false);
    expect(page.onHostMessage).toHaveBeenCalledTimes(1);
  });
});

describe('an app\'s web view and the system browser', () => {
  const CODE = 'c'.repeat(43);
  const handoff = (id: string, code = CODE) => ({ v: 1, type: 'handoff', id, payload: { code } });

  async function started(kind: Transport['kind']) {
    const { sent, connection } = recording(kind);
    const page = start(Promise.resolve(connection));
    page.bridge.at('/login');
    page.bridge.settled();
    await flush();
    return { ...page, sent, opened: () => sent.filter((m) => m.type === 'open-browser').map((m) => m.payload) };
  }

  it('asks the app to open an address of the page\'s own site, made absolute, and no other', async () => {
    for (const kind of ['react-native', 'webkit', 'android'] as const) {
      const page = await started(kind);
      expect(embedBridge.canOpenBrowser(), kind).toBe(true);
      expect(embedBridge.openInBrowser('/auth/embed-handoff?nonce=n&app=1'), kind).toBe(true);
      expect(embedBridge.openInBrowser('https://portal.example/auth/embed-handoff?nonce=m'), kind).toBe(true);
      for (const elsewhere of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', 'myapp://signed-in', 'http://portal.example/', 'https://user:pw@portal.example/', 'https://[']) {
        expect(embedBridge.openInBrowser(elsewhere), `${kind} ${elsewhere}`).toBe(false);
      }
      expect(page.opened(), kind).toEqual([
        { url: 'https://portal.example/auth/embed-handoff?nonce=n&app=1' },
        { url: 'https://portal.example/auth/embed-handoff?nonce=m' },
      ]);
      for (const message of page.sent) expect(toHost(message)).toBe(true);
      resetSignals();
      detachHost();
    }
  });

  it('never asks a frame\'s site, nor anyone before the host is known or without one', async () => {
    const waiting = start(new Promise<Connection | null>(() => {}));
    waiting.bridge.at('/login');
    waiting.bridge.settled();
    expect(embedBridge.canOpenBrowser()).toBe(false);
    expect(embedBridge.openInBrowser('/auth/embed-handoff')).toBe(false);

    const none = start(Promise.resolve(null));
    none.bridge.at('/login');
    none.bridge.settled();
    await flush();
    expect(embedBridge.openInBrowser('/auth/embed-handoff')).toBe(false);

    const frame = await started('frame');
    expect(embedBridge.isEmbedded()).toBe(true);
    expect(embedBridge.canOpenBrowser()).toBe(false);
    expect(embedBridge.openInBrowser('/auth/embed-handoff')).toBe(false);
    expect(frame.opened()).toEqual([]);
    expect(frame.sent.map((m) => m.type)).not.toContain('open-browser');
  });

  it('says so when the app\'s bridge does not take the request', async () => {
    const transport: Transport = { kind: 'android', post: (message) => { if (message.type === 'open-browser') throw new Error('gone'); } };
    const page = start(Promise.resolve({ transport }));
    page.bridge.at('/login');
    page.bridge.settled();
    await flush();
    expect(embedBridge.openInBrowser('/auth/embed-handoff')).toBe(false);
  });

  it('hands the code an app sends to product code listening, not to the host\'s requests', async () => {
    const page = await started('webkit');
    const heard: unknown[] = [];
    const stop = embedBridge.listen('handoff', (payload) => { heard.push(payload); });
    const receive = page.win.__receive as (data: unknown) => boolean;
    expect(receive(handoff('a'))).toBe(true);
    expect(receive(JSON.stringify(handoff('b', 'd'.repeat(43))))).toBe(true);
    expect(receive(handoff('c', 'short'))).toBe(false);
    stop();
    expect(receive(handoff('d'))).toBe(true);
    expect(heard).toEqual([{ code: CODE }, { code: 'd'.repeat(43) }]);
    expect(page.onHostMessage).not.toHaveBeenCalled();
  });

  it('a listener that fails keeps the code from no other', async () => {
    const page = await started('react-native');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: unknown[] = [];
    embedBridge.listen('handoff', () => { throw new Error('broken listener'); });
    embedBridge.listen('handoff', (payload) => { heard.push(payload); });
    expect((page.win.__receive as (data: unknown) => boolean)(handoff('a'))).toBe(true);
    expect(heard).toEqual([{ code: CODE }]);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('takes no code from a frame\'s site, which is never asked to open anything', async () => {
    const page = await started('frame');
    const heard: unknown[] = [];
    embedBridge.listen('handoff', (payload) => { heard.push(payload); });
    page.postToPage(handoff('a'), 'https://hoa.example');
    page.postToPage({ v: 1, type: 'theme', id: 't', payload: { name: 'Harbor' } }, 'https://hoa.example');
    expect(heard).toEqual([]);
    expect(page.onHostMessage).toHaveBeenCalledTimes(1);
    expect(page.onHostMessage.mock.calls[0][0]).toMatchObject({ type: 'theme' });
  });
});

describe('the content height', () => {
  it('is told at once, then at most once a frame and only when it changed', () => {
    const page = fakeWindow();
    const heights: number[] = [];
    const stop = watchContentHeight(page.win as unknown as HeightWindow, (h) => heights.push(h));
    expect(heights).toEqual([600]);
    page.setHeight(900.4);
    page.resized();
    page.resized();
    page.nextFrame();
    expect(heights).toEqual([600, 901]);
    page.resized();
    page.nextFrame();
    expect(heights).toEqual([600, 901]);
    page.setHeight(300);
    page.resized();
    page.nextFrame();
    expect(heights).toEqual([600, 901, 300]);
    stop();
  });
});

describe('what a host asks', () => {
  function fakeRuntime() {
    const navigate = vi.fn();
    const send = vi.fn();
    const runtime = { environment: () => ({ navigate }), config: { themes: { Default: {}, Harbor: {} } }, session: { send } } as unknown as Runtime;
    return { runtime, navigate, send };
  }
  const settings = {
    allowedOrigins: { operation: 'getEmbedding', query: { association: { queryParam: 'association' } }, field: 'origins' },
    themeEvent: { type: 'SET_THEME', field: 'theme' },
  };

  it('opens a path of the site, still for what the first address named', () => {
    const { runtime, navigate } = fakeRuntime();
    const handle = hostRequests(runtime, settings, '?association=maplegrove&utm=x');
    handle({ v: 1, type: 'navigate', id: 'a', payload: { path: '/paynow' } });
    handle({ v: 1, type: 'navigate', id: 'b', payload: { path: '/paynow?association=cedarpoint#amount' } });
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/paynow?association=maplegrove', '/paynow?association=cedarpoint#amount']);
    expect(withParams('/login#x', [])).toBe('/login#x');
  });

  it('applies a theme the product has as the visitor\'s own choice, and no other', () => {
    const { runtime, send } = fakeRuntime();
    const handle = hostRequests(runtime, settings, '');
    handle({ v: 1, type: 'theme', id: 'a', payload: { name: 'Harbor' } });
    handle({ v: 1, type: 'theme', id: 'b', payload: { name: 'Neon' } });
    handle({ v: 1, type: 'theme', id: 'c', payload: { name: 'constructor' } });
    expect(send.mock.calls).toEqual([[{ type: 'SET_THEME', theme: 'Harbor' }]]);
    const without = fakeRuntime();
    hostRequests(without.runtime, { allowedOrigins: settings.allowedOrigins }, '')({ v: 1, type: 'theme', id: 'd', payload: { name: 'Harbor' } });
    expect(without.send).not.toHaveBeenCalled();
  });
});
