import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'content',
  props: () => import('./content.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../ContentWidget.tsx').then((m) => m.ContentWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
