import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'card',
  props: () => import('./card.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/card.tsx').then((m) => m.CardWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
