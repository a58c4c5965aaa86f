import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'description-list',
  props: () => import('./description-list.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/description-list.tsx').then((m) => m.DescriptionListWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
