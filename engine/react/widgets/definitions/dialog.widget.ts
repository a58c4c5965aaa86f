import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'dialog',
  props: () => import('./dialog.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../DialogWidget.tsx').then((m) => m.DialogWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
