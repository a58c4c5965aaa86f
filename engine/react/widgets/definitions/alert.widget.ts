import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'alert',
  props: () => import('./alert.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../basic.tsx').then((m) => m.AlertWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
