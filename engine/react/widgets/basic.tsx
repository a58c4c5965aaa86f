import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { resolveBindings } from '../../core/bindings.ts';
import { useScope } from '../app/scope.tsx';
import { WidgetChildren, type WidgetProps } from './WidgetNode.tsx';

/** Translates a node's text key with its `values` bindings interpolated. */
export function useNodeText(key: unknown, values: unknown): string {
  const { t } = useTranslation();
  const scope = useScope();
  if (typeof key !== 'string') return '';
  const resolved = resolveBindings<Record<string, unknown>>(values ?? {}, scope);
  const clean = Object.fromEntries(Object.entries(resolved).map(([name, value]) => [name, value ?? '']));
  return t(key, clean);
}

export function StackWidget({ node }: WidgetProps) {
  const narrow = node.width === 'narrow';
  return (
    <Stack gap={String(node.gap ?? '5')} maxWidth={narrow ? '32rem' : undefined} width="100%">
      <WidgetChildren nodes={node.children} />
    </Stack>
  );
}

export function HeadingWidget({ node }: WidgetProps) {
  const text = useNodeText(node.text, node.values);
  const level = Number(node.level ?? 1);
  return <Heading as={`h${level}` as 'h1'} size={level === 1 ? '2xl' : 'xl'} fontFamily="heading">{text}</Heading>;
}

export function TextWidget({ node }: WidgetProps) {
  return <Text>{useNodeText(node.text, node.values)}</Text>;
}

export function AlertWidget({ node }: WidgetProps) {
  const text = useNodeText(node.text, node.values);
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
