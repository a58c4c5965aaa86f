import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'file-download',
  props: () => import('./file-download.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../FileDownloadWidget.tsx').then((m) => m.FileDownloadWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
