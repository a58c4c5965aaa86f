// @vitest-environment jsdom
// The bridge for the page's life: `ready` once the host is known and the first screen shows, then
// the page's moves, its height and what product code says; the host's requests carried out as the
// visitor's own doing would be.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBridge, type BridgeWindow } from '../../engine/core/embed/bridge.ts';
import type { Connection } from '../../engine/core/embed/connect.ts';
import { watchContentHeight, type HeightWindow } from '../../engine/core/embed/content-height.ts';
import { detachHost, embedBridge } from '../../engine/core/embed/host-link.ts';
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
  } as unknown as BridgeWindow & Record<string, unknown>;
  let height = 600;
  Object.defineProperty(document.body, 'scrollHeight', { configurable: true, get: () => height });
  return {
    win,
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
afterEach(() => { resetSignals(); detachHost(); });

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
