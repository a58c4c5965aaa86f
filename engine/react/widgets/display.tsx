import { Box, Flex, Text, chakra } from '@chakra-ui/react';
import { useTranslator } from '../app/translation.ts';
import { useRuntime, type Runtime } from '../app/runtime.ts';
import { useScope } from '../app/scope.tsx';
import { resolveBindings } from '../../core/bindings.ts';
import { displayValue } from './format.ts';
import type { WidgetProps } from '../component-types.ts';

interface SummaryItem { label: string; value: unknown; format?: string; emphasis?: boolean; when?: string; translate?: boolean; labelIsText?: boolean }

interface SummaryRows {
  items: unknown; where?: Record<string, unknown>; label?: string; labelFormat?: string; text?: string; textFields?: Record<string, string>;
  value: string; format?: string; translate?: boolean;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * One item per element of a list: `rows: { items: $session.list, where: { field: $binding }, label: <field>,
 * labelFormat, value: <field>, format }`. The label is the element's own text (formatted by
 * `labelFormat`), or a message (`text`) whose placeholders are the element's fields (`textFields`),
 * for a label that one field cannot tell apart from its neighbours.
 */
function rowItems(spec: unknown, scope: Record<string, unknown>, runtime: Runtime, t: Translate): SummaryItem[] {
  if (!spec || typeof spec !== 'object') return [];
  const rows = spec as SummaryRows;
  const list = resolveBindings<unknown>(rows.items, scope);
  const where = Object.entries(resolveBindings<Record<string, unknown>>(rows.where ?? {}, scope));
  if (!Array.isArray(list)) return [];
  return list
    .filter((row): row is Record<string, unknown> => Boolean(row) && typeof row === 'object')
    .filter((row) => where.every(([field, expected]) => expected !== undefined && String(row[field]) === String(expected)))
    .map((row) => {
      const own = rows.label === undefined ? undefined : row[rows.label];
      const label = rows.text
        ? t(rows.text, Object.fromEntries(Object.entries(rows.textFields ?? {}).map(([name, field]) => [name, row[field] ?? ''])))
        : rows.labelFormat ? displayValue({ value: '$row', format: rows.labelFormat }, { row: own }, runtime) : own;
      return { label: String(label ?? ''), value: row[rows.value], format: rows.format, translate: rows.translate, labelIsText: true };
    });
}

/** Label / value pairs (a description list), e.g. amount, fee and total; nothing at all when there are none and no `empty` text. */
export function SummaryWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const scope = useScope();
  const runtime = useRuntime();
  const listed = ((node.items as SummaryItem[]) ?? []).filter((item) => !item.when || displayValue(item.when, scope, runtime));
  const items = [...listed, ...rowItems(node.rows, scope, runtime, t)];
  if (items.length === 0) return node.empty ? <Text color="fg.muted">{t(String(node.empty))}</Text> : null;
  const caption = node.caption ? t(String(node.caption)) : null;
  return (
    <Box as="section" aria-label={node.label ? t(String(node.label)) : caption ?? undefined} borderWidth="1px" borderRadius="l2" p="4" bg="bg">
      {caption ? <Text fontWeight="semibold" mb="1">{caption}</Text> : null}
      <chakra.dl m="0">
        {items.map((item, index) => {
          const raw = item.labelIsText
            ? (item.format ? displayValue({ value: '$row', format: item.format }, { row: item.value }, runtime) : item.value)
            : displayValue(item.format ? { value: item.value, format: item.format } : item.value, scope, runtime);
          const shown = item.translate && typeof raw === 'string' && raw ? t(raw) : raw;
          return (
            <Flex key={`${index}-${item.label}`} justify="space-between" gap="6" py="1.5" borderTopWidth={item.emphasis ? '1px' : undefined}
              fontWeight={item.emphasis ? 'bold' : undefined}>
              <chakra.dt>{item.labelIsText ? item.label : t(item.label)}</chakra.dt>
              <chakra.dd m="0" textAlign="end">{shown === undefined || shown === null || shown === '' ? '—' : String(shown)}</chakra.dd>
            </Flex>
          );
        })}
      </chakra.dl>
    </Box>
  );
}

/** Where the user is in a sequence of steps: an ordered list with the current step marked. */
export function StepsWidget({ node }: WidgetProps) {
  const { t } = useTranslator();
  const scope = useScope();
  const runtime = useRuntime();
  const current = Number(displayValue(node.current, scope, runtime) ?? 1);
  const steps = (node.items as string[]) ?? [];
  return (
    <nav aria-label={node.label ? t(String(node.label)) : undefined}>
      <chakra.ol display="flex" gap="2" flexWrap="wrap" listStyleType="none" p="0" m="0">
        {steps.map((key, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'todo';
          return (
            <chakra.li key={key} aria-current={state === 'current' ? 'step' : undefined}
              px="3" py="1" borderRadius="full" borderWidth="1px" fontSize="sm"
              bg={state === 'current' ? 'brand.solid' : state === 'done' ? 'brand.muted' : 'bg'}
              color={state === 'current' ? 'brand.contrast' : 'fg'}>
              <Text as="span">{t('steps.item', { number, total: steps.length, name: t(key) })}</Text>
            </chakra.li>
          );
        })}
      </chakra.ol>
    </nav>
  );
}
