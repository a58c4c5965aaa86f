// What product code may ask of the bridge to a host (docs/embedding.md): tell the host something,
// have an app open an address in the system browser, hear what the app hands back, and learn
// whether there is a host and how it is reached. Part of every page's first load, so it holds
// nothing but this: the bridge itself (engine/react/embed/) is loaded only under the route tree's
// mirror, and attaches here once it knows its host. What is said goes through signals.ts, which
// holds it until the bridge listens; without a host nothing is sent.
import { announce } from './signals.ts';
import type { FromHostPayloads, ToHostPayloads } from './protocol.ts';
import type { TransportKind } from './transport.ts';

/** The messages product code may send; the bridge sends the others itself. */
export const HOST_EVENT_TYPES = ['signed-out', 'sign-in-needed'] as const;
export type HostEventType = (typeof HOST_EVENT_TYPES)[number];

/** The host's messages product code listens to; the bridge carries out the others itself. */
export const HOST_REPLY_TYPES = ['handoff'] as const;
export type HostReplyType = (typeof HOST_REPLY_TYPES)[number];
export type HostReplyListener<T extends HostReplyType> = (payload: FromHostPayloads[T]) => void;

/** What the bridge does on product code's behalf once it talks to a host. */
export interface HostRequests {
  /** Asks an app to open an address of the page's own site in the system browser; true when asked. */
  openInBrowser(url: string): boolean;
}

let kind: TransportKind | null = null;
let requests: HostRequests | null = null;
const replyListeners = new Map<HostReplyType, Set<HostReplyListener<HostReplyType>>>();

export const embedBridge = {
  /** Tells the host; nothing happens when the page is not embedded. */
  send<T extends HostEventType>(type: T, payload?: ToHostPayloads[T]): void {
    announce(type, payload);
  },
  /** True once the page talks to a host (the host is known only a moment after the page loads). */
  isEmbedded(): boolean {
    return kind !== null;
  },
  /** How: 'frame' (another site's page), 'react-native', 'webkit' or 'android' (an app's web view); null when not embedded. */
  transport(): TransportKind | null {
    return kind;
  },
  /**
   * True when the host is an app's web view, which can open an address in the system browser:
   * what a web view cannot do well itself (a new window, a page that refuses to be shown in one).
   */
  canOpenBrowser(): boolean {
    return kind !== null && kind !== 'frame' && requests !== null;
  },
  /**
   * Asks the app to open `url` (a path or an absolute address of the page's own site) in the
   * system browser. False, and nothing sent, when the host is not an app (a frame's site is never
   * asked), the address is of another site, or the app's bridge did not take the message.
   */
  openInBrowser(url: string): boolean {
    if (!embedBridge.canOpenBrowser()) return false;
    return requests?.openInBrowser(url) ?? false;
  },
  /**
   * Calls `listener` with each message of this type the app sends from now on (an app's web view
   * only); the function returned stops. A message nobody listens to is dropped.
   */
  listen<T extends HostReplyType>(type: T, listener: HostReplyListener<T>): () => void {
    const listeners = replyListeners.get(type) ?? new Set();
    replyListeners.set(type, listeners);
    const entry = listener as HostReplyListener<HostReplyType>;
    listeners.add(entry);
    return () => { listeners.delete(entry); };
  },
};

export function isHostEventType(type: string): type is HostEventType {
  return (HOST_EVENT_TYPES as readonly string[]).includes(type);
}

export function isHostReplyType(type: string): type is HostReplyType {
  return (HOST_REPLY_TYPES as readonly string[]).includes(type);
}

/** The bridge hands over a message of the host that product code listens to. */
export function hearHost<T extends HostReplyType>(type: T, payload: FromHostPayloads[T]): void {
  for (const listener of [...(replyListeners.get(type) ?? [])]) {
    // One listener failing keeps the message from no other.
    try {
      listener(payload);
    } catch (error) {
      console.error(error);
    }
  }
}

/** The bridge talks to its host from now on, and does what product code asks of it through `hostRequests`. */
export function attachHost(transport: TransportKind, hostRequests: HostRequests | null = null): void {
  kind = transport;
  requests = hostRequests;
}

/** The bridge found no host, or stopped. */
export function detachHost(): void {
  kind = null;
  requests = null;
}

/** Forgets every listener of the host's messages (tests). */
export function resetHostListeners(): void {
  replyListeners.clear();
}
