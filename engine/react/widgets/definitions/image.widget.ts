import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'image',
  props: () => import('./image.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../ImageWidget.tsx').then((m) => m.ImageWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
