import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'steps',
  props: () => import('./steps.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../display.tsx').then((m) => m.StepsWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
