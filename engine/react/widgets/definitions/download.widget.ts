import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'download',
  props: () => import('./download.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../DownloadWidget.tsx').then((m) => m.DownloadWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
