// The bridge between an embedded page and its host, for the page's life: once the host is known
// and the first screen shows, `ready`, then the page's moves (`navigate`), its height (`resize`)
// and what product code says (signals.ts: `signed-out`, `sign-in-needed`; any other signal is not
// the host's); the host's requests go to `onHostMessage`. The router tells it where the page is
// (`at`) and when the first screen has settled (`settled`), each as often as it likes.
import type { Connection } from './connect.ts';
import { watchContentHeight, type HeightWindow } from './content-height.ts';
import { fitToContent } from './fit-to-content.ts';
import { attachHost, detachHost, isHostEventType } from './host-link.ts';
import { toHostMessage, type FromHostMessage, type ToHostMessage } from './protocol.ts';
import { listenToHost, type ReceivingWindow } from './receive.ts';
import { subscribe } from './signals.ts';

export type BridgeWindow = HeightWindow & ReceivingWindow;

export interface BridgeInput {
  win: BridgeWindow;
  connecting: Promise<Connection | null>;
  /** The element the page is rendered in. */
  root: HTMLElement;
  /** The name of the window's function a native app calls. */
  receiveFunction: string;
  onHostMessage(message: FromHostMessage): void;
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

  const post = (message: ToHostMessage) => {
    try {
      connection?.transport.post(message);
    } catch {
      // A host that cannot take a message (an app's handler gone) changes nothing for the page.
    }
  };

  const start = () => {
    if (started || !connection || !settled || path === null) return;
    started = true;
    const { transport, origin } = connection;
    post(toHostMessage('ready', { path, title: input.title() }));
    told = path;
    attachHost(transport.kind);
    // After `ready`: what was said before the host was known follows it.
    subscribe((signal) => {
      if (isHostEventType(signal.type)) post(toHostMessage(signal.type, {}));
    });
    listenToHost(input.win, { transport, origin, receiveFunction: input.receiveFunction, onMessage: input.onHostMessage });
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
