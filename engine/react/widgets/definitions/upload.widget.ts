import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'upload',
  props: () => import('./upload.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../UploadWidget.tsx').then((m) => m.UploadWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
