// What product code may ask of the bridge to a host (docs/embedding.md): tell the host something,
// and learn whether there is a host and how it is reached. Part of every page's first load, so it
// holds nothing but this: the bridge itself (engine/react/embed/) is loaded only under the route
// tree's mirror, and attaches here once it knows its host. What is said goes through signals.ts,
// which holds it until the bridge listens; without a host nothing is sent.
import { announce } from './signals.ts';
import type { ToHostPayloads } from './protocol.ts';
import type { TransportKind } from './transport.ts';

/** The messages product code may send; the bridge sends the others itself. */
export const HOST_EVENT_TYPES = ['signed-out', 'sign-in-needed'] as const;
export type HostEventType = (typeof HOST_EVENT_TYPES)[number];

let kind: TransportKind | null = null;

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
};

export function isHostEventType(type: string): type is HostEventType {
  return (HOST_EVENT_TYPES as readonly string[]).includes(type);
}

/** The bridge talks to its host from now on. */
export function attachHost(transport: TransportKind): void {
  kind = transport;
}

/** The bridge found no host, or stopped. */
export function detachHost(): void {
  kind = null;
}
