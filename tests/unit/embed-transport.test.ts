// How messages travel between an embedded page and its host: the app's web view bridge found at
// start (React Native, WKWebView, an Android interface), and the host's messages read only from the
// parent at the allowed origin, or only through the function the page gives a native app.
import { describe, expect, it, vi } from 'vitest';
import { toHostMessage } from '../../engine/core/embed/protocol.ts';
import { listenToHost, type ReceivingWindow } from '../../engine/core/embed/receive.ts';
import { DEFAULT_NATIVE_NAMES, nativeNames } from '../../engine/core/embed/settings.ts';
import { frameTransport, nativeTransport, type HostWindow } from '../../engine/core/embed/transport.ts';

const NAMES = nativeNames({ allowedOrigins: { operation: 'x', field: 'y' }, native: { webkitHandler: 'portalBridge', androidInterface: 'PortalBridge', receiveFunction: '__portalBridgeReceive' } });

function topLevel(extra: Record<string, unknown> = {}): HostWindow {
  const win = { parent: null as unknown, ...extra };
  win.parent = win;
  return win as HostWindow;
}

describe('the native transport', () => {
  it('is React Native\'s web view, given JSON text', () => {
    const postMessage = vi.fn();
    const transport = nativeTransport(topLevel({ ReactNativeWebView: { postMessage } }), NAMES);
    expect(transport?.kind).toBe('react-native');
    const message = toHostMessage('signed-out', {});
    transport!.post(message);
    expect(JSON.parse(postMessage.mock.calls[0][0])).toEqual(message);
  });

  it('is the WKWebView handler of the configured name, given the message as an object', () => {
    const postMessage = vi.fn();
    const win = topLevel({ webkit: { messageHandlers: { other: { postMessage: vi.fn() }, portalBridge: { postMessage } } } });
    const transport = nativeTransport(win, NAMES);
    expect(transport?.kind).toBe('webkit');
    const message = toHostMessage('navigate', { path: '/login' });
    transport!.post(message);
    expect(postMessage).toHaveBeenCalledWith(message);
    expect(nativeTransport(win, DEFAULT_NATIVE_NAMES)).toBeNull();
  });

  it('is the Android interface of the configured name, given JSON text', () => {
    const postMessage = vi.fn();
    const transport = nativeTransport(topLevel({ PortalBridge: { postMessage } }), NAMES);
    expect(transport?.kind).toBe('android');
    transport!.post(toHostMessage('resize', { height: 5 }));
    expect(typeof postMessage.mock.calls[0][0]).toBe('string');
  });

  it('is none in a plain browser, or where a name holds no function', () => {
    expect(nativeTransport(topLevel(), NAMES)).toBeNull();
    expect(nativeTransport(topLevel({ ReactNativeWebView: {}, webkit: { messageHandlers: {} }, PortalBridge: 'x' }), NAMES)).toBeNull();
  });

  it('is none inside a frame, whatever the frame sees', () => {
    const win = { parent: {}, ReactNativeWebView: { postMessage: vi.fn() } } as HostWindow;
    expect(nativeTransport(win, NAMES)).toBeNull();
  });
});

/** A window that dispatches what a test posts to it. */
type Receiving = ReceivingWindow & { parent: object; post(data: unknown, origin: string, source: unknown): void };

function receivingWindow(): Receiving {
  const target = new EventTarget();
  const parent = {};
  const win: Receiving = {
    parent,
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => target.removeEventListener(type, listener as EventListener),
    post(data: unknown, origin: string, source: unknown) {
      target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
    },
  };
  return win;
}

const navigate = { v: 1, type: 'navigate', id: 'h-1', payload: { path: '/paynow' } };

describe('receiving from a framing site', () => {
  it('takes a valid message from the parent at the allowed origin, and nothing else', () => {
    const win = receivingWindow();
    const onMessage = vi.fn();
    const stop = listenToHost(win, { transport: frameTransport({ postMessage: vi.fn() }, 'https://hoa.example'), origin: 'https://hoa.example', receiveFunction: '__r', onMessage });
    win.post(navigate, 'https://evil.example', win.parent);
    win.post(navigate, 'https://hoa.example', {});
    win.post({ ...navigate, type: 'reload' }, 'https://hoa.example', win.parent);
    win.post({ ...navigate, payload: { path: '//evil.example' } }, 'https://hoa.example', win.parent);
    expect(onMessage).not.toHaveBeenCalled();
    win.post(navigate, 'https://hoa.example', win.parent);
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith(navigate);
    expect(win.__r).toBeUndefined();
    stop();
    win.post(navigate, 'https://hoa.example', win.parent);
    expect(onMessage).toHaveBeenCalledTimes(1);
  });
});

describe('receiving from a native app', () => {
  it('goes through the window\'s receive function alone, checked the same way', () => {
    const win = receivingWindow();
    const onMessage = vi.fn();
    const transport = nativeTransport(topLevel({ ReactNativeWebView: { postMessage: vi.fn() } }), NAMES)!;
    const stop = listenToHost(win, { transport, receiveFunction: NAMES.receiveFunction, onMessage });
    const receive = win.__portalBridgeReceive as (data: unknown) => boolean;
    expect(typeof receive).toBe('function');
    expect(receive({ v: 1, type: 'theme', id: 'a', payload: { name: 'Harbor' } })).toBe(true);
    expect(receive(JSON.stringify(navigate))).toBe(true);
    expect(receive({ v: 1, type: 'theme', id: 'a', payload: {} })).toBe(false);
    expect(receive('not json')).toBe(false);
    win.post(navigate, 'https://hoa.example', win.parent);
    expect(onMessage.mock.calls.map(([m]) => m.type)).toEqual(['theme', 'navigate']);
    stop();
    expect(win.__portalBridgeReceive).toBeUndefined();
  });
});
