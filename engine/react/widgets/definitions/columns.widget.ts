import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'columns',
  props: () => import('./columns.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/columns.tsx').then((m) => m.ColumnsWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
