import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'links',
  props: () => import('./links.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../links.tsx').then((m) => m.LinksWidget as WidgetComponent),
  eager: true,
} satisfies WidgetDefinition<WidgetComponent>;
