import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'status-badge',
  props: () => import('./status-badge.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/status-badge.tsx').then((m) => m.StatusBadgeWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
