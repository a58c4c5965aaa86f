import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'calendar',
  props: () => import('./calendar.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../calendar/CalendarWidget.tsx').then((m) => m.CalendarWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
