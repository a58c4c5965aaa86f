import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { resolveBindings } from '../../core/bindings.ts';
import { ItemScopeProvider, useScope } from '../app/scope.tsx';
import { WidgetChildren, type WidgetProps } from './WidgetNode.tsx';

/** Its children once per item of a list (`items: $context.methods`), each seeing the item as `$item`. */
export function RepeatWidget({ node }: WidgetProps) {
  const { t } = useTranslation();
  const scope = useScope();
  const items = resolveBindings<unknown[] | undefined>(node.items, scope) ?? [];
  if (!Array.isArray(items) || items.length === 0) {
    return node.empty ? <Text color="fg.muted">{t(String(node.empty))}</Text> : null;
  }
  return (
    <Stack as="ul" gap={String(node.gap ?? '3')} listStyleType="none" p="0" m="0" aria-label={node.label ? t(String(node.label)) : undefined}>
      {items.map((item, index) => (
        <li key={index}>
          <ItemScopeProvider value={item as Record<string, unknown>}>
            <Stack gap="2"><WidgetChildren nodes={node.children} /></Stack>
          </ItemScopeProvider>
        </li>
      ))}
    </Stack>
  );
}
