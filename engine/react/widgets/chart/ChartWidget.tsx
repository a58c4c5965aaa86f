import { Box, Stack, Text } from '@chakra-ui/react';
import { resolveBindings } from '../../../core/bindings.ts';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import { useTranslator } from '../../app/translation.ts';
import { Busy } from '../Busy.tsx';
import { LoadFailed } from '../LoadFailed.tsx';
import { displayValue } from '../format.ts';
import { useSourceRows, type RowSource } from '../source-rows.ts';
import type { WidgetProps } from '../../component-types.ts';
import { chartModel } from './chart-model.ts';
import { ChartDrawing } from './ChartDrawing.tsx';
import { ChartTable } from './ChartTable.tsx';

const DEFAULT_HEIGHT = 260;
const HORIZONTAL_ROW_HEIGHT = 48;
const HORIZONTAL_MIN_HEIGHT = 160;

/**
 * Figures drawn as a chart, from a list bound with `rows` or read through `source`: one category
 * per row, one bar or line per series. The drawing is for the eyes only; screen readers read the
 * same figures in a table, and `summary` says in words what the chart shows.
 */
export function ChartWidget({ node }: WidgetProps) {
  return node.source ? <SourceChart node={node} /> : <BoundChart node={node} />;
}

function BoundChart({ node }: WidgetProps) {
  const rows = resolveBindings<unknown>(node.rows, useScope());
  return <ChartView node={node} rows={Array.isArray(rows) ? rows : []} />;
}

function SourceChart({ node }: WidgetProps) {
  const loaded = useSourceRows(node.source as RowSource);
  if (loaded.status === 'waiting') return <Busy />;
  if (loaded.status === 'error') return <LoadFailed text={node.error} error={loaded.error} retry={loaded.retry} />;
  return <ChartView node={node} rows={loaded.rows} />;
}

function ChartView({ node, rows }: WidgetProps & { rows: unknown[] }) {
  const { t, language } = useTranslator();
  const runtime = useRuntime();
  const scope = useScope();
  if (rows.length === 0) return node.empty ? <Text color="fg.muted">{t(String(node.empty))}</Text> : null;
  const model = chartModel(node, rows, runtime.formatters, (key) => t(key), language);
  const height = typeof node.height === 'number'
    ? node.height
    : model.horizontal ? Math.max(HORIZONTAL_MIN_HEIGHT, HORIZONTAL_ROW_HEIGHT * rows.length + 64) : DEFAULT_HEIGHT;
  const values = Object.fromEntries(Object.entries((node.values ?? {}) as Record<string, unknown>).map(([name, spec]) => [name, displayValue(spec, scope, runtime)]));
  return (
    <Stack gap="2" minW="0">
      <Box aria-hidden="true" minW="0">
        {model.valueLabel ? <Text fontSize="xs" color="fg.muted" mb="1">{model.valueLabel}</Text> : null}
        <ChartDrawing model={model} height={height} />
      </Box>
      <ChartTable model={model} caption={t(String(node.label))} />
      {node.summary ? <Text fontSize="sm" color="fg.muted">{t(String(node.summary), values)}</Text> : null}
    </Stack>
  );
}
