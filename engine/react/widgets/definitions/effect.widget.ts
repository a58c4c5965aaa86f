import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'effect',
  props: () => import('./effect.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../actions.tsx').then((m) => m.EffectWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
