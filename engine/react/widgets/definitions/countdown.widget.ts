import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'countdown',
  props: () => import('./countdown.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../actions.tsx').then((m) => m.CountdownWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
