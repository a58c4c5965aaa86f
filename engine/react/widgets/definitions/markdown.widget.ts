import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'markdown',
  props: () => import('./markdown.props.json', { with: { type: 'json' } }).then((m) => m.default),
  // react-markdown is in this chunk alone: no other screen's bundle carries it.
  load: () => import('../MarkdownWidget.tsx').then((m) => m.MarkdownWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
