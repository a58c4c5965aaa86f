// How messages reach the host: the parent window (a site showing the page in a frame), or the
// native app whose web view shows it. A web view's bridge is looked for on the app's own top-level
// page only: WebKit shares its message handlers with every frame, and a page framed by some other
// page inside the app is not the app's.
import type { NativeNames } from './settings.ts';
import type { ToHostMessage } from './protocol.ts';

export type TransportKind = 'frame' | 'react-native' | 'webkit' | 'android';

export interface Transport {
  kind: TransportKind;
  post(message: ToHostMessage): void;
}

interface Poster { postMessage(message: unknown, targetOrigin?: string): void }

/** The window properties read: a real window, or a stand-in in tests. */
export interface HostWindow {
  parent: unknown;
  ReactNativeWebView?: unknown;
  webkit?: { messageHandlers?: Record<string, unknown> };
  [name: string]: unknown;
}

function poster(value: unknown): Poster | null {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as Poster).postMessage === 'function'
    ? value as Poster
    : null;
}

/** The native app's bridge, when the page is the top-level page of a web view that has one. */
export function nativeTransport(win: HostWindow, names: NativeNames): Transport | null {
  if (win.parent !== win) return null;
  const reactNative = poster(win.ReactNativeWebView);
  // React Native's web view carries text only.
  if (reactNative) return { kind: 'react-native', post: (message) => reactNative.postMessage(JSON.stringify(message)) };
  const webkit = poster(win.webkit?.messageHandlers?.[names.webkitHandler]);
  // WebKit hands the app a dictionary (WKScriptMessage.body).
  if (webkit) return { kind: 'webkit', post: (message) => webkit.postMessage(message) };
  // An Android interface's methods take strings.
  const android = poster(win[names.androidInterface]);
  if (android) return { kind: 'android', post: (message) => android.postMessage(JSON.stringify(message)) };
  return null;
}

/** The parent window, addressed to exactly `origin`: a parent that has navigated elsewhere receives nothing. */
export function frameTransport(parent: Poster, origin: string): Transport {
  return { kind: 'frame', post: (message) => parent.postMessage(message, origin) };
}
