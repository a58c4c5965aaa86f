// The widgets, forms, flows and icons a piece of screen configuration names, found by walking it.
// Which props name icons comes from the widgets' props schemas (engine/core/icons-used.ts), as the
// build reads them (`virtual:engine-icon-props`); without that map no icon is found.
import { nodeIcons, type WidgetIconProps } from '../../core/icons-used.ts';

export interface Named { widgets: Set<string>; forms: Set<string>; flows: Set<string>; icons: Set<string> }

const noneNamed = (): Named => ({ widgets: new Set(), forms: new Set(), flows: new Set(), icons: new Set() });

/** Notes what one widget node names itself (not its children). */
function noteNode(record: Record<string, unknown>, into: Named, iconProps: WidgetIconProps) {
  if (typeof record.widget !== 'string') return;
  into.widgets.add(record.widget);
  if (record.widget === 'form' && typeof record.form === 'string') into.forms.add(record.form);
  if (record.widget === 'flow' && typeof record.flow === 'string') into.flows.add(record.flow);
  for (const { name } of nodeIcons(record, iconProps)) into.icons.add(name);
}

/** Every widget, form, flow and icon a screen's tree names. */
export function namesIn(node: unknown, into: Named = noneNamed(), iconProps: WidgetIconProps = {}): Named {
  if (Array.isArray(node)) for (const item of node) namesIn(item, into, iconProps);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    noteNode(record, into, iconProps);
    for (const value of Object.values(record)) if (value && typeof value === 'object') namesIn(value, into, iconProps);
  }
  return into;
}

/** A flow node of a screen (`{ widget: flow, flow, views }`). */
export interface FlowNode { flow: string; views: Array<{ states?: string[] }> }

/**
 * What a screen shows as soon as it renders: every widget, form and icon it names except those in
 * the views of its flows, which load as each view is reached (a view after the first waits for its
 * own code); and those flows' nodes, whose first views a caller may add (namesIn on them).
 */
export function partsShownAtOnce(node: unknown, into: Named & { flowNodes: FlowNode[] } = { ...noneNamed(), flowNodes: [] }, iconProps: WidgetIconProps = {}) {
  if (Array.isArray(node)) for (const item of node) partsShownAtOnce(item, into, iconProps);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    const isFlow = record.widget === 'flow' && typeof record.flow === 'string';
    noteNode(record, into, iconProps);
    if (isFlow) into.flowNodes.push({ flow: record.flow as string, views: Array.isArray(record.views) ? record.views as FlowNode['views'] : [] });
    for (const [key, value] of Object.entries(record)) {
      if (isFlow && key === 'views') continue;
      if (value && typeof value === 'object') partsShownAtOnce(value, into, iconProps);
    }
  }
  return into;
}

/** The views of a flow shown in its machine's `initial` state (one of theirs, or a state within it). */
export function firstViews(views: FlowNode['views'], initial: unknown): FlowNode['views'] {
  if (typeof initial !== 'string') return [];
  return views.filter((view) => (view.states ?? []).some((state) => state === initial || state.startsWith(`${initial}.`)));
}
