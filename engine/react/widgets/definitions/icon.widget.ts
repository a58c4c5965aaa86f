import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'icon',
  props: () => import('./icon.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/icon.tsx').then((m) => m.IconWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
