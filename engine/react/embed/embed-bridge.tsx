// The bridge to a host, for a page under the route tree's mirror (such as /embed): loaded by
// boot.tsx only there, so no other page carries it. The router in the page tells it where the page
// is and when the first screen has settled.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createBridge, type BridgeWindow } from '../../core/embed/bridge.ts';
import { connectHost, type ConnectInput } from '../../core/embed/connect.ts';
import { nativeNames, type EmbeddingSettings } from '../../core/embed/settings.ts';
import { useFirstScreenSettled } from '../app/settled.ts';
import type { Runtime } from '../app/runtime.ts';
import { hostRequests } from './host-requests.ts';

export interface EmbedStart {
  runtime: Runtime;
  settings: EmbeddingSettings;
  /** The mirror prefix the page was opened under. */
  mirror: string;
  /** The element the page is rendered in. */
  root: HTMLElement;
}

/** The path as the host knows it: without the mirror prefix. */
export function pathWithoutMirror(pathname: string, mirror: string): string {
  const lower = pathname.toLowerCase();
  const prefix = mirror.toLowerCase();
  if (lower === prefix) return '/';
  return lower.startsWith(`${prefix}/`) ? pathname.slice(mirror.length) : pathname;
}

/** Starts finding the host at once; the component returned goes inside the router. */
export function startEmbedBridge({ runtime, settings, mirror, root }: EmbedStart): () => null {
  const search = window.location.search;
  const environment = runtime.environment();
  const connecting = connectHost({
    win: window as unknown as ConnectInput['win'],
    settings,
    search,
    fetchOrigins: (request) => environment.call(settings.allowedOrigins.operation, { ...request, suppressToast: true }),
  });
  const bridge = createBridge({
    win: window as unknown as BridgeWindow,
    connecting,
    root,
    receiveFunction: nativeNames(settings).receiveFunction,
    onHostMessage: hostRequests(runtime, settings, search),
    title: () => document.title,
  });
  return function EmbedBridge() {
    const { pathname } = useLocation();
    const settled = useFirstScreenSettled();
    useEffect(() => bridge.at(pathWithoutMirror(pathname, mirror)), [pathname]);
    useEffect(() => {
      if (settled) bridge.settled();
    }, [settled]);
    return null;
  };
}
