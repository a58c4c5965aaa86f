import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'grid',
  props: () => import('./grid.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../grid/GridWidget.tsx').then((m) => m.GridWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
