import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'form',
  props: () => import('./form.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../FormWidget.tsx').then((m) => m.FormWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
