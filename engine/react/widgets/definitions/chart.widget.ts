import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

// The charting libraries are heavy: they come with the first screen that draws a chart, never before.
export default {
  name: 'chart',
  props: () => import('./chart.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../chart/ChartWidget.tsx').then((m) => m.ChartWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
