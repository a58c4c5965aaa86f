// The bridge between an embedded page and its host, for the page's life: once the host is known
// and the first screen shows, `ready`, then the page's moves (`navigate`), its height (`resize`)
// and what product code says (signals.ts: `signed-out`, `sign-in-needed`; any other signal is not
// the host's). An app's web view may also be asked to open an address of the page's own site in
// the system browser (`open-browser`), and what it hands back (`handoff`) goes to product code
// (host-link.ts); a frame's site gets neither way. The host's other requests go to
// `onHostMessage`. The router tells it where the page is (`at`) and when the first screen has
// settled (`settled`), each as often as it likes.
import type { Connection } from './connect.ts';
import { watchContentHeight, type HeightWindow } from './content-height.ts';
import { fitToContent } from './fit-to-content.ts';
import { attachHost, detachHost, hearHost, isHostEventType, isHostReplyType, type HostReplyType } from './host-link.ts';
import { toHostMessage, type FromHostMessage, type ToHostMessage } from './protocol.ts';
import { listenToHost, type ReceivingWindow } from './receive.ts';
import { subscribe } from './signals.ts';

export type BridgeWindow = HeightWindow & ReceivingWindow & { location: { href: string; origin: string } };

type HostReplyMessage = Extract<FromHostMessage, { type: HostReplyType }>;
/** The host's requests the page carries out itself (those product code hears go to it instead). */
export type HostRequestMessage = Exclude<FromHostMessage, { type: HostReplyType }>;

const isReply = (message: FromHostMessage): message is HostReplyMessage => isHostReplyType(message.type);

export interface BridgeInput {
  win: BridgeWindow;
  connecting: Promise<Connection | null>;
  /** The element the page is rendered in. */
  root: HTMLElement;
  /** The name of the window's function a native app calls. */
  receiveFunction: string;
  onHostMessage(message: HostRequestMessage): void;
  /** The page's title as the host is told it. */
  title(): string;
}

export interface Bridge {
  /** The page's path now, without the mirror prefix. */
  at(path: string): void;
  /** The first screen shows. */
  settled(): void;
}

export function createBridge(input: BridgeInput): Bridge {
  let connection: Connection | null = null;
  let settled = false;
  let path: string | null = null;
  let told: string | null = null;
  let started = false;

  /** True when the host's transport took the message. */
  const post = (message: ToHostMessage): boolean => {
    if (!connection) return false;
    try {
      connection.transport.post(message);
      return true;
    } catch {
      // A host that cannot take a message (an app's handler gone) changes nothing for the page.
      return false;
    }
  };

  const start = () => {
    if (started || !connection || !settled || path === null) return;
    started = true;
    const { transport, origin } = connection;
    post(toHostMessage('ready', { path, title: input.title() }));
    told = path;
    const app = transport.kind !== 'frame';
    attachHost(transport.kind, {
      // An app opening any address the page names would make it a way out to any site.
      openInBrowser: (url) => {
        const address = app ? ownAddress(url, input.win.location) : null;
        return address !== null && post(toHostMessage('open-browser', { url: address }));
      },
    });
    // After `ready`: what was said before the host was known follows it.
    subscribe((signal) => {
      if (isHostEventType(signal.type)) post(toHostMessage(signal.type, {}));
    });
    listenToHost(input.win, {
      transport,
      origin,
      receiveFunction: input.receiveFunction,
      onMessage: (message) => {
        if (!isReply(message)) input.onHostMessage(message);
        // Only an app answers what only an app is asked.
        else if (app) hearHost(message.type, message.payload);
      },
    });
    if (transport.kind === 'frame') fitToContent(input.root);
    watchContentHeight(input.win, (height) => post(toHostMessage('resize', { height })));
  };

  void input.connecting.then((found) => {
    if (!found) {
      detachHost();
      return;
    }
    connection = found;
    start();
  }, () => detachHost());

  return {
    at(next) {
      path = next;
      if (!started) {
        start();
        return;
      }
      if (next === told) return;
      told = next;
      post(toHostMessage('navigate', { path: next }));
    },
    settled() {
      settled = true;
      start();
    },
  };
}

/** The longest address the contract lets the page send. */
const MAX_ADDRESS = 2048;

/** `url` resolved against the page's address, when it is an http(s) address of the page's own origin. */
export function ownAddress(url: string, location: { href: string; origin: string }): string | null {
  try {
    const address = new URL(url, location.href);
    const web = address.protocol === 'https:' || address.protocol === 'http:';
    const own = web && address.origin === location.origin && !address.username && !address.password;
    return own && address.href.length <= MAX_ADDRESS ? address.href : null;
  } catch {
    return null;
  }
}
