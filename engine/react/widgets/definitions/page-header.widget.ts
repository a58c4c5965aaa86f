import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'page-header',
  props: () => import('./page-header.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/page-header.tsx').then((m) => m.PageHeaderWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
