import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Flex, HStack, Span, useChakraContext } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CATEGORY, type ChartModel } from './chart-model.ts';

/** A line's key in the legend: its colour and its dash. */
function LineKey({ color, dash }: { color: string; dash?: string }) {
  return (
    <svg width="18" height="6" aria-hidden="true">
      <line x1="0" y1="3" x2="18" y2="3" stroke={color} strokeWidth="2" strokeDasharray={dash} />
    </svg>
  );
}

/**
 * Which colour (and dash) is which series, in the series' order (a stack's parts bottom to top or
 * left to right). Drawn here rather than by Chakra's legend, whose swatch needs a recipe the
 * portal's lean theme goes without.
 */
function ChartLegend({ model, color }: { model: ChartModel; color: (token: string) => string }) {
  return (
    <Flex wrap="wrap" gap="1.5" columnGap="4" justify="center" pt="2" textStyle="xs">
      {model.series.map((s) => (
        <HStack key={s.key} gap="1.5">
          {model.kind === 'line'
            ? <LineKey color={color(s.color)} dash={s.dash} />
            : <Box boxSize="2.5" borderRadius="xs" flexShrink="0" style={{ background: color(s.color) }} />}
          <Span color="fg.muted">{s.label}</Span>
        </HStack>
      ))}
    </Flex>
  );
}

/**
 * The drawing of a chart (Chakra's charts over recharts), sized by its place: as wide as the
 * column it stands in and `height` pixels tall. Hidden from screen readers by its caller, which
 * gives them the same figures as a table; so it takes no focus (no keyboard layer of its own).
 */
export function ChartDrawing({ model, height }: { model: ChartModel; height: number }) {
  const system = useChakraContext();
  const stacked = model.kind === 'stacked-bar';
  const line = model.kind === 'line';
  const chart = useChart({
    data: model.data,
    series: model.series.map((s) => ({ name: s.key, label: s.label, color: s.color, stackId: stacked ? 'stack' : undefined, strokeDasharray: s.dash })),
  });
  const color = (token: string) => system.token(`colors.${token}`, token);
  const tooltip = (
    <Tooltip
      cursor={line ? { stroke: chart.color('border') } : { fill: chart.color('bg.muted') }}
      animationDuration={100}
      content={<Chart.Tooltip formatter={(value: unknown) => model.formatValue(Number(value))} hideIndicator />}
    />
  );
  const grid = <CartesianGrid stroke={chart.color('border.muted')} vertical={model.horizontal} horizontal={!model.horizontal} />;
  const tickStyle = { fontSize: 12 };
  const categoryLabel = model.categoryLabel ? { value: model.categoryLabel, position: 'insideBottom' as const, offset: -4 } : undefined;
  const root = { chart, height: `${height}px`, aspectRatio: 'auto' as const, width: '100%' };
  const common = { data: chart.data, responsive: true, accessibilityLayer: false, style: { width: '100%', height: '100%' } };

  const drawing = line ? (
    <LineChart {...common} margin={{ top: 8, right: 12, bottom: categoryLabel ? 16 : 0, left: 8 }}>
      {grid}
      <XAxis dataKey={CATEGORY} tickLine={false} axisLine={false} tick={tickStyle} label={categoryLabel} />
      <YAxis tickLine={false} axisLine={false} tick={tickStyle} tickFormatter={model.formatTick} allowDecimals={false} width="auto" />
      {tooltip}
      {model.series.map((s) => (
        <Line key={s.key} type="linear" isAnimationActive={false} dataKey={s.key} name={s.key} stroke={chart.color(s.color)} strokeWidth={2}
          strokeDasharray={s.dash} dot={{ r: 3, fill: chart.color(s.color) }} />
      ))}
    </LineChart>
  ) : (
    <BarChart {...common} layout={model.horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 12, bottom: categoryLabel && !model.horizontal ? 16 : 0, left: 8 }}>
      {grid}
      {model.horizontal ? (
        <>
          <XAxis type="number" tickLine={false} axisLine={false} tick={tickStyle} tickFormatter={model.formatTick} />
          <YAxis type="category" dataKey={CATEGORY} tickLine={false} axisLine={false} tick={tickStyle} width={110} />
        </>
      ) : (
        <>
          <XAxis dataKey={CATEGORY} tickLine={false} axisLine={false} tick={tickStyle} label={categoryLabel} />
          <YAxis tickLine={false} axisLine={false} tick={tickStyle} tickFormatter={model.formatTick} width="auto" />
        </>
      )}
      {tooltip}
      {model.series.map((s, index) => (
        <Bar key={s.key} isAnimationActive={false} dataKey={s.key} name={s.key} fill={chart.color(s.color)} stackId={stacked ? 'stack' : undefined}
          radius={stacked && index < model.series.length - 1 ? 0 : 2} />
      ))}
    </BarChart>
  );
  return (
    <>
      <Chart.Root {...root}>{drawing}</Chart.Root>
      <ChartLegend model={model} color={color} />
    </>
  );
}
