import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'summary',
  props: () => import('./summary.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../display.tsx').then((m) => m.SummaryWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
