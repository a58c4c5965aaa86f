import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslator } from '../app/translation.ts';
import { useRuntime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { displayValue } from './format.ts';
import { headingStyle } from '../theme/scales.ts';
import { useErrorText } from './error-text.ts';
import { resolveBindings } from '../../core/bindings.ts';
import { WidgetChildren } from './WidgetNode.tsx';
import type { WidgetProps } from '../component-types.ts';

/** Translates a node's text key with its `values` (bindings, optionally formatted) interpolated. */
export function useNodeText(key: unknown, values: unknown): string {
  const { t } = useTranslator();
  const scope = useScope();
  const runtime = useRuntime();
  if (typeof key !== 'string') return '';
  const entries = Object.entries((values ?? {}) as Record<string, unknown>);
  const clean = Object.fromEntries(entries.map(([name, spec]) => [name, displayValue(spec, scope, runtime) ?? '']));
  return t(key, clean);
}

/**
 * In a spread row, the first child takes the room the others leave and its words wrap before the
 * row does: a long name keeps its badge or buttons on its own line, beside it, rather than sending
 * them to the next line, where they would sit as near the next row as their own.
 */
const SPREAD_FIRST = { '& > :first-child': { flex: '1 1 12rem', minWidth: '0' } } as const;

export function StackWidget({ node }: WidgetProps) {
  const narrow = node.width === 'narrow';
  const row = node.direction === 'row';
  // `auto`: a group that stays beside its neighbours in a row rather than taking a line of its own.
  const auto = node.width === 'auto';
  return (
    <Stack className="engine-stack" gap={String(node.gap ?? (row ? '3' : 'layout.stack'))} maxWidth={narrow ? '32rem' : undefined}
      width={auto ? 'auto' : '100%'} minWidth={auto ? '0' : undefined}
      direction={row ? 'row' : 'column'} wrap={row ? 'wrap' : undefined} align={row ? 'center' : undefined}
      justify={row && node.spread ? 'space-between' : undefined} css={row && node.spread ? SPREAD_FIRST : undefined}>
      <WidgetChildren nodes={node.children} />
    </Stack>
  );
}

export function HeadingWidget({ node }: WidgetProps) {
  const text = useNodeText(node.text, node.values);
  const level = Number(node.level ?? 1);
  // With `to`, its text is a `link` node (the link widget: the site's paths, placeholders, a route not built).
  const link = node.to ? { widget: 'link', text: node.text, values: node.values, to: node.to } : null;
  return (
    <Heading as={`h${level}` as 'h1'} fontFamily="heading" {...headingStyle(level)}>
      {link ? <WidgetChildren nodes={[link]} /> : text}
    </Heading>
  );
}

export function TextWidget({ node }: WidgetProps) {
  return <Text>{useNodeText(node.text, node.values)}</Text>;
}

export function AlertWidget({ node }: WidgetProps) {
  const scope = useScope();
  const errorText = useErrorText(node.error === undefined ? null : resolveBindings(node.error, scope));
  const text = useNodeText(node.text, node.values) || errorText || '';
  const status = (node.status as 'info' | 'success' | 'warning' | 'error') ?? 'info';
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

export function SpacerWidget() {
  return <div aria-hidden="true" style={{ height: '1rem' }} />;
}
