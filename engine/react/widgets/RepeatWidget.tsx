import { Stack, Text } from '@chakra-ui/react';
import { useTranslator } from '../app/translation.ts';
import { resolveBindings } from '../../core/bindings.ts';
import { ItemScopeProvider, useScope } from '../app/scope.tsx';
import { Busy } from './Busy.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { useSourceRows, type RowSource } from './source-rows.ts';
import { WidgetChildren } from './WidgetNode.tsx';
import type { WidgetProps } from '../component-types.ts';

/**
 * Its children once per item of a list, each seeing the item as `$item`: the list is a binding
 * (`items: $context.methods`) or read from an operation (`source: { operation, query, rows }`).
 */
export function RepeatWidget({ node }: WidgetProps) {
  return node.source ? <SourceRepeat node={node} /> : <BoundRepeat node={node} />;
}

function BoundRepeat({ node }: WidgetProps) {
  const scope = useScope();
  const items = resolveBindings<unknown[] | undefined>(node.items, scope) ?? [];
  return <RepeatList node={node} items={Array.isArray(items) ? items : []} />;
}

function SourceRepeat({ node }: WidgetProps) {
  const loaded = useSourceRows(node.source as RowSource);
  if (loaded.status === 'waiting') return <Busy />;
  if (loaded.status === 'error') return <LoadFailed text={node.error} error={loaded.error} retry={loaded.retry} />;
  return <RepeatList node={node} items={loaded.rows} />;
}

/**
 * Each item's own identity (its `id`, when every item has a different one), else its place: a row
 * removed or added then takes its own elements with it, and focus kept on one of them never lands
 * on another item's row.
 */
function itemKeys(items: unknown[]): string[] {
  const ids = items.map((item) => {
    const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    return typeof id === 'string' || typeof id === 'number' ? `id:${id}` : undefined;
  });
  const unique = ids.every((id) => id !== undefined) && new Set(ids).size === ids.length;
  return ids.map((id, index) => (unique ? id! : `at:${index}`));
}

function RepeatList({ node, items }: WidgetProps & { items: unknown[] }) {
  const { t } = useTranslator();
  if (items.length === 0) {
    return node.empty ? <Text color="fg.muted">{t(String(node.empty))}</Text> : null;
  }
  const row = node.direction === 'row';
  const keys = itemKeys(items);
  return (
    <Stack as="ul" gap={String(node.gap ?? '3')} listStyleType="none" p="0" m="0" aria-label={node.label ? t(String(node.label)) : undefined}
      direction={row ? 'row' : 'column'} wrap={row ? 'wrap' : undefined} align={row ? 'center' : undefined}>
      {items.map((item, index) => (
        <li key={keys[index]}>
          <ItemScopeProvider value={item as Record<string, unknown>}>
            <Stack gap="2" direction={row ? 'row' : 'column'} align={row ? 'center' : undefined}><WidgetChildren nodes={node.children} /></Stack>
          </ItemScopeProvider>
        </li>
      ))}
    </Stack>
  );
}
