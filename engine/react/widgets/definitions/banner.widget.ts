import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';

export default {
  name: 'banner',
  props: () => import('./banner.props.json', { with: { type: 'json' } }).then((m) => m.default),
  load: () => import('../layout/banner.tsx').then((m) => m.BannerWidget as WidgetComponent),
} satisfies WidgetDefinition<WidgetComponent>;
