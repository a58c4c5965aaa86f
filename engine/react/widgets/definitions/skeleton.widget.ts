import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'skeleton',
  props: () => import('./skeleton.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../Skeleton.tsx').then((m) => m.SkeletonWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
