import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'frame',
  props: () => import('./frame.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../FrameWidget.tsx').then((m) => m.FrameWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
