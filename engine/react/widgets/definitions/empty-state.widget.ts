import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'empty-state',
  props: () => import('./empty-state.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/empty-state.tsx').then((m) => m.EmptyStateWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
