import { Button, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslator } from '../app/translation.ts';
import { useNavigate, useLocation } from 'react-router';
import { resolveBindings } from '../../core/bindings.ts';
import { useRuntime } from '../app/runtime.ts';
import { resolveLink } from '../app/route-table.ts';
import { useScope } from '../app/scope.tsx';
import { useFlowView } from './flow-context.ts';
import type { WidgetProps } from '../component-types.ts';
import { awaitingCode, useInteractive } from '../app/interactive.tsx';

/** A button that sends an event to the surrounding flow. */
export function ButtonWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const flow = useFlowView();
  const scope = useScope();
  // `payload` travels with the event, e.g. `{ id: $item.id }` for a button inside a repeated list.
  const payload = resolveBindings<Record<string, unknown> | undefined>(node.payload, scope);
  const interactive = useInteractive();
  const values = resolveBindings<Record<string, unknown>>(node.values ?? {}, scope);
  return (
    <Button
      type="button"
      aria-label={node.label ? t(String(node.label), values) : undefined}
      variant={(node.variant as 'solid' | 'outline' | 'plain') ?? 'outline'}
      colorPalette="brand"
      alignSelf="flex-start"
      disabled={flow?.busy || !interactive}
      {...awaitingCode(interactive)}
      onClick={() => flow?.send({ type: String(node.event), ...(payload ?? {}) })}
    >
      {t(String(node.text), values)}
    </Button>
  );
}

/** Counts down to a time in the flow's context, then offers a button that sends an event. */
export function CountdownWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const flow = useFlowView();
  const scope = useScope();
  const until = Number(resolveBindings(node.until, scope) ?? 0);
  const interactive = useInteractive();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  if (seconds > 0) {
    // Announced politely once per change would be noisy: the live region is off while counting.
    return <Text color="fg.muted" data-countdown={seconds}>{t(String(node.text), { seconds })}</Text>;
  }
  return (
    <Button type="button" variant="outline" colorPalette="brand" alignSelf="flex-start" disabled={flow?.busy || !interactive}
      {...awaitingCode(interactive)} onClick={() => flow?.send({ type: String(node.event) })}>
      {t(String(node.doneText))}
    </Button>
  );
}

/** Does something once when shown (send an event to the session, then navigate), e.g. signing out. */
export function EffectWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const runtime = useRuntime();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (node.sessionEvent) runtime.session.send({ type: String(node.sessionEvent) });
    if (node.navigate) navigate(resolveLink(String(node.navigate), pathname, runtime.routes), { replace: true });
  }, [node, runtime, navigate, pathname]);
  return <Text role="status">{node.text ? t(String(node.text)) : null}</Text>;
}
