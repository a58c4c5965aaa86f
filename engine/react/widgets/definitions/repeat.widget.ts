import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'repeat',
  props: () => import('./repeat.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../RepeatWidget.tsx').then((m) => m.RepeatWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
