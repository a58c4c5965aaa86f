import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'stack',
  props: () => import('./stack.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../basic.tsx').then((m) => m.StackWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
