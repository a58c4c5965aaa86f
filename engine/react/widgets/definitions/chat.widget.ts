import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

// A conversation comes with the first screen that has one, never before (and the event-stream
// parser with its first answer).
export default {
  name: 'chat',
  props: () => import('./chat.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../chat/ChatWidget.tsx').then((m) => m.ChatWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
