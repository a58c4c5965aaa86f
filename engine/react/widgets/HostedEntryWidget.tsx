import { Box } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { useFlowView } from './flow-context.ts';
import { displayValue } from './format.ts';
import type { WidgetProps } from './WidgetNode.tsx';

/**
 * Another party's page in a frame (e.g. a provider's card entry, so that numbers never pass through
 * us). When the frame posts a message of the configured `messageType` from its own origin, the
 * message is sent to the surrounding flow as `event`, with the message as `data`.
 */
export function HostedEntryWidget({ node }: WidgetProps) {
  const { t } = useTranslation();
  const flow = useFlowView();
  const scope = useScope();
  const runtime = useRuntime();
  const address = String(displayValue(node.url, scope, runtime) ?? '');
  const frameUrl = useMemo(() => {
    if (!address) return '';
    const url = new URL(address, window.location.href);
    url.searchParams.set('origin', window.location.origin);
    return url.toString();
  }, [address]);
  const send = flow?.send;

  useEffect(() => {
    if (!frameUrl || !send) return;
    const origin = new URL(frameUrl).origin;
    const listener = (message: MessageEvent) => {
      if (message.origin !== origin || !message.data || message.data.type !== node.messageType) return;
      send({ type: String(node.event), data: message.data });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameUrl, send, node.messageType, node.event]);

  if (!frameUrl) return null;
  return (
    <Box borderWidth="1px" borderRadius="l2" overflow="hidden" bg="bg">
      <iframe src={frameUrl} title={t(String(node.title))} style={{ width: '100%', height: `${Number(node.height ?? 420)}px`, border: 0 }} />
    </Box>
  );
}
