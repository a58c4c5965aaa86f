import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'one-time-link',
  props: () => import('./one-time-link.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../OneTimeLinkWidget.tsx').then((m) => m.OneTimeLinkWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
