import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'handoff',
  props: () => import('./handoff.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../HandoffWidget.tsx').then((m) => m.HandoffWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
