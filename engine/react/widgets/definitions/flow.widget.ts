import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'flow',
  props: () => import('./flow.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../FlowWidget.tsx').then((m) => m.FlowWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
