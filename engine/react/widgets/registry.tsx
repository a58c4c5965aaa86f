import { lazy, type ComponentType } from 'react';
import { builtinWidgetNames } from '../../core/builtin-names.ts';
import { AlertWidget, HeadingWidget, SpacerWidget, StackWidget, TextWidget } from './basic.tsx';
import { ButtonWidget, CountdownWidget, EffectWidget } from './actions.tsx';
import { FlowWidget } from './FlowWidget.tsx';
import { LinkWidget, LinksWidget } from './links.tsx';

// Widgets most first screens do without are their own chunks, fetched by the screens that use them.
const FormWidget = lazy(() => import('./FormWidget.tsx').then((m) => ({ default: m.FormWidget })));
const DialogWidget = lazy(() => import('./DialogWidget.tsx').then((m) => ({ default: m.DialogWidget })));
const HostedEntryWidget = lazy(() => import('./HostedEntryWidget.tsx').then((m) => ({ default: m.HostedEntryWidget })));
const HandoffWidget = lazy(() => import('./HandoffWidget.tsx').then((m) => ({ default: m.HandoffWidget })));
const ContentWidget = lazy(() => import('./ContentWidget.tsx').then((m) => ({ default: m.ContentWidget })));
// The data grid library is large: only screens with a grid fetch it.
const GridWidget = lazy(() => import('./grid/GridWidget.tsx').then((m) => ({ default: m.GridWidget })));
const SummaryWidget = lazy(() => import('./display.tsx').then((m) => ({ default: m.SummaryWidget })));
const StepsWidget = lazy(() => import('./display.tsx').then((m) => ({ default: m.StepsWidget })));
const RepeatWidget = lazy(() => import('./RepeatWidget.tsx').then((m) => ({ default: m.RepeatWidget })));
const ImageWidget = lazy(() => import('./ImageWidget.tsx').then((m) => ({ default: m.ImageWidget })));
const DataWidget = lazy(() => import('./DataWidget.tsx').then((m) => ({ default: m.DataWidget })));

type WidgetName = (typeof builtinWidgetNames)[number];

/** Every widget configuration may name. `npm run check` uses the same names (engine/core/builtin-names.ts). */
export const widgetRegistry: Record<WidgetName, ComponentType<never>> = {
  stack: StackWidget,
  heading: HeadingWidget,
  text: TextWidget,
  content: ContentWidget,
  link: LinkWidget,
  links: LinksWidget,
  alert: AlertWidget,
  form: FormWidget,
  flow: FlowWidget,
  countdown: CountdownWidget,
  button: ButtonWidget,
  effect: EffectWidget,
  spacer: SpacerWidget,
  summary: SummaryWidget,
  repeat: RepeatWidget,
  steps: StepsWidget,
  dialog: DialogWidget,
  'hosted-entry': HostedEntryWidget,
  handoff: HandoffWidget,
  image: ImageWidget,
  grid: GridWidget,
  data: DataWidget,
};
