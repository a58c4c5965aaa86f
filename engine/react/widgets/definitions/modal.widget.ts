import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'modal',
  props: () => import('./modal.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../ModalWidget.tsx').then((m) => m.ModalWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
