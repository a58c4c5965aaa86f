import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'heading',
  props: () => import('./heading.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../basic.tsx').then((m) => m.HeadingWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
