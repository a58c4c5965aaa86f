import { useState } from 'react';
import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { describeError } from '../../core/flow/builtins.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { awaitingCode, useInteractive } from '../app/interactive.tsx';
import { useOperationRequest } from './DataWidget.tsx';
import { useNodeText } from './basic.tsx';
import { useErrorText } from './error-text.ts';
import { displayValue } from './format.ts';
import { allowedUrl } from './safe-url.ts';
import type { WidgetProps } from '../component-types.ts';

/**
 * The address with `name=value` added to its query, the rest of it kept as written: `?` before the
 * first parameter, `&` after others, before any fragment.
 */
export function withQueryValue(address: string, name: string, value: string): string {
  const hash = address.indexOf('#');
  const base = hash < 0 ? address : address.slice(0, hash);
  const fragment = hash < 0 ? '' : address.slice(hash);
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}${fragment}`;
}

/**
 * A button opening another site (`href`, http or https) in a new tab with a one-time value added to
 * its address (`param`): the `field` of what `operation` answers, asked for at that moment, since
 * such a value is short-lived and good once. The tab is opened by the click itself, blank, and sent
 * on once the value has come, so that no pop-up blocker stands in the way; it is closed again when
 * the call fails, whose reason is said beside the button. Were the tab blocked all the same, a link
 * to the address (`blockedText`) is offered instead. Nothing is shown while `href` is not such an
 * address.
 */
export function OneTimeLinkWidget({ node }: WidgetProps) {
  const runtime = useRuntime();
  const scope = useScope();
  const interactive = useInteractive();
  const request = useOperationRequest(node);
  const text = useNodeText(node.text, node.values);
  const label = useNodeText(node.label, node.values);
  const blockedText = useNodeText(node.blockedText ?? node.text, node.values);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof describeError> | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const errorText = useErrorText(failure);
  const href = displayValue(node.href, scope, runtime);
  if (typeof href !== 'string' || !allowedUrl(href, ['https', 'http'])) return null;

  async function open(address: string) {
    // Opened now, while the click counts as the user's, and cut off from this page at once.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setBusy(true);
    setFailure(null);
    setBlocked(null);
    try {
      const answer = await runtime.environment().call(String(node.operation), { params: request.params, query: request.query, suppressToast: true });
      const value = (answer as Record<string, unknown> | null)?.[String(node.field)];
      if (typeof value !== 'string' || !value) throw new Error(`${String(node.operation)} answered no ${String(node.field)}`);
      const target = withQueryValue(address, String(node.param), value);
      if (tab && !tab.closed) tab.location.replace(target);
      else setBlocked(target);
    } catch (error) {
      tab?.close();
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="1" alignItems="flex-start">
      <Button
        type="button"
        variant={(node.variant as 'solid' | 'outline' | 'plain' | undefined) ?? 'outline'}
        colorPalette="brand"
        aria-label={label || undefined}
        loading={busy}
        disabled={!request.ready || !interactive}
        {...awaitingCode(interactive)}
        onClick={() => void open(href)}
      >
        {text}
      </Button>
      {blocked ? (
        <ChakraLink href={blocked} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline" onClick={() => setBlocked(null)}>
          {blockedText}
        </ChakraLink>
      ) : null}
      {errorText ? <Text role="alert" color="fg.error" fontSize="sm">{errorText}</Text> : null}
    </Stack>
  );
}
