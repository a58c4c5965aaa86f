import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'hosted-entry',
  props: () => import('./hosted-entry.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../HostedEntryWidget.tsx').then((m) => m.HostedEntryWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
