import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'button',
  props: () => import('./button.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../actions.tsx').then((m) => m.ButtonWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
