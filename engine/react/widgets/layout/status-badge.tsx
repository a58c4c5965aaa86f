import { Badge } from '@chakra-ui/react';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import type { WidgetProps } from '../../component-types.ts';
import { useNodeText } from '../basic.tsx';
import { displayValue } from '../format.ts';

type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';
interface Status { tone: Tone; text: string }

const PALETTES: Record<Tone, string> = { neutral: 'gray', info: 'blue', success: 'green', warning: 'orange', danger: 'red' };

/**
 * A value's status as a coloured badge that always says it in words (colour is never the only sign).
 * A value the map does not name shows `other`, else the value itself in the neutral tone; `values`
 * are interpolated into the texts.
 */
export function StatusBadgeWidget({ node }: WidgetProps) {
  const scope = useScope();
  const runtime = useRuntime();
  const value = displayValue(node.value, scope, runtime);
  const statuses = (node.statuses ?? {}) as Record<string, Status>;
  const status = value === undefined || value === null || value === '' ? undefined : statuses[String(value)] ?? (node.other as Status | undefined);
  const words = useNodeText(status?.text, node.values);
  if (value === undefined || value === null || value === '') return null;
  const text = status ? words : String(value);
  return (
    <Badge className="engine-status-badge" colorPalette={PALETTES[status?.tone ?? 'neutral']} variant="subtle" size="md"
      data-tone={status?.tone ?? 'neutral'} alignSelf="flex-start">
      {text}
    </Badge>
  );
}
