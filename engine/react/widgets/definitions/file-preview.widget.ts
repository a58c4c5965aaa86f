import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'file-preview',
  props: () => import('./file-preview.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../FilePreviewWidget.tsx').then((m) => m.FilePreviewWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
