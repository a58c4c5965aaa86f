// What the host says reaches the page one way per transport: a frame's parent through postMessage,
// read only from that very window at the origin the server allowed; a native app by calling the
// function the page puts on its window (an app's web view has no origin to check, and only the app
// can run script in its top-level page).
import { readHostMessage } from './read-message.ts';
import type { FromHostMessage } from './protocol.ts';
import type { Transport } from './transport.ts';

export interface ReceivingWindow {
  parent: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  [name: string]: unknown;
}

export interface ReceiveOptions {
  transport: Transport;
  /** The parent's origin, for a frame. */
  origin?: string;
  /** The name of the window's function a native app calls. */
  receiveFunction: string;
  onMessage(message: FromHostMessage): void;
}

/** Starts listening; the function returned stops. */
export function listenToHost(win: ReceivingWindow, options: ReceiveOptions): () => void {
  if (options.transport.kind === 'frame') {
    const listener = (event: MessageEvent) => {
      if (!options.origin || event.origin !== options.origin || event.source !== win.parent) return;
      const message = readHostMessage(event.data);
      if (message) options.onMessage(message);
    };
    win.addEventListener('message', listener);
    return () => win.removeEventListener('message', listener);
  }
  const name = options.receiveFunction;
  // True when the message was taken: an app evaluating the call sees whether it was understood.
  const receive = (data: unknown): boolean => {
    const message = readHostMessage(data);
    if (message) options.onMessage(message);
    return message !== null;
  };
  win[name] = receive;
  return () => {
    if (win[name] === receive) delete win[name];
  };
}
