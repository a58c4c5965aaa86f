import { Box } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslator } from '../app/translation.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useFlowView } from './flow-context.ts';
import { displayValue } from './format.ts';
import type { WidgetProps } from '../component-types.ts';

/** Bounds on a height the framed page asks for: it may not collapse the frame nor stretch it without end. */
const MIN_HEIGHT = 80;
const MAX_HEIGHT = 4000;

/** The height a resize message asks for, in whole pixels within bounds; null when it names none. */
export function requestedHeight(data: unknown): number | null {
  const height = (data as { height?: unknown } | null)?.height;
  if (typeof height !== 'number' || !Number.isFinite(height) || height <= 0) return null;
  return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height)));
}

/**
 * Another party's page in a frame (e.g. a provider's card entry, so that numbers never pass through
 * us). When the frame posts a message of the configured `messageType` from its own origin, the
 * message is sent to the surrounding flow as `event`, with the message as `data`. A message of
 * `resizeMessageType` with a `height` (pixels) sizes the frame to the page's content, so it needs
 * no scroll bar of its own; without one the frame keeps `height`.
 */
export function HostedEntryWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const flow = useFlowView();
  const scope = useScope();
  const runtime = useRuntime();
  const frame = useRef<HTMLIFrameElement>(null);
  // The height the page reported, for the address it reported it from: a new address is a new page.
  const [fitted, setFitted] = useState<{ url: string; height: number } | null>(null);
  const address = String(displayValue(node.url, scope, runtime) ?? '');
  const frameUrl = useMemo(() => {
    if (!address) return '';
    const url = new URL(address, window.location.href);
    url.searchParams.set('origin', window.location.origin);
    return url.toString();
  }, [address]);
  const send = flow?.send;

  useEffect(() => {
    if (!frameUrl) return;
    const origin = new URL(frameUrl).origin;
    const listener = (message: MessageEvent) => {
      if (message.origin !== origin || !message.data) return;
      // Only this frame's page: another frame of the same origin on the page must not move it.
      if (frame.current && message.source !== frame.current.contentWindow) return;
      if (node.resizeMessageType && message.data.type === node.resizeMessageType) {
        const height = requestedHeight(message.data);
        if (height !== null) setFitted({ url: frameUrl, height });
        return;
      }
      if (send && message.data.type === node.messageType) send({ type: String(node.event), data: message.data });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameUrl, send, node.messageType, node.resizeMessageType, node.event]);

  if (!frameUrl) return null;
  const height = fitted?.url === frameUrl ? fitted.height : Number(node.height ?? 420);
  return (
    <Box borderWidth="1px" borderRadius="l2" overflow="hidden" bg="bg">
      <iframe ref={frame} src={frameUrl} title={t(String(node.title))} style={{ display: 'block', width: '100%', height: `${height}px`, border: 0 }} />
    </Box>
  );
}
