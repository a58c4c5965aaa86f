import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'data',
  props: () => import('./data.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../DataWidget.tsx').then((m) => m.DataWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
