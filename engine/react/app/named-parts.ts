// The widgets, forms and flows a piece of screen configuration names, found by walking it.

export interface Named { widgets: Set<string>; forms: Set<string>; flows: Set<string> }

/** Every widget, form and flow a screen's tree names. */
export function namesIn(node: unknown, into: Named = { widgets: new Set(), forms: new Set(), flows: new Set() }): Named {
  if (Array.isArray(node)) for (const item of node) namesIn(item, into);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.widget === 'string') {
      into.widgets.add(record.widget);
      if (record.widget === 'form' && typeof record.form === 'string') into.forms.add(record.form);
      if (record.widget === 'flow' && typeof record.flow === 'string') into.flows.add(record.flow);
    }
    for (const value of Object.values(record)) if (value && typeof value === 'object') namesIn(value, into);
  }
  return into;
}

/** A flow node of a screen (`{ widget: flow, flow, views }`). */
export interface FlowNode { flow: string; views: Array<{ states?: string[] }> }

/**
 * What a screen shows as soon as it renders: every widget and form it names except those in the
 * views of its flows, which load as each view is reached (a view after the first waits for its own
 * code); and those flows' nodes, whose first views a caller may add (namesIn on them).
 */
export function partsShownAtOnce(node: unknown, into: Named & { flowNodes: FlowNode[] } = { widgets: new Set(), forms: new Set(), flows: new Set(), flowNodes: [] }) {
  if (Array.isArray(node)) for (const item of node) partsShownAtOnce(item, into);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    const isFlow = record.widget === 'flow' && typeof record.flow === 'string';
    if (typeof record.widget === 'string') {
      into.widgets.add(record.widget);
      if (record.widget === 'form' && typeof record.form === 'string') into.forms.add(record.form);
      if (isFlow) {
        into.flows.add(record.flow as string);
        into.flowNodes.push({ flow: record.flow as string, views: Array.isArray(record.views) ? record.views as FlowNode['views'] : [] });
      }
    }
    for (const [key, value] of Object.entries(record)) {
      if (isFlow && key === 'views') continue;
      if (value && typeof value === 'object') partsShownAtOnce(value, into);
    }
  }
  return into;
}

/** The widgets a screen shows as soon as it renders (partsShownAtOnce). */
export function widgetsShownAtOnce(node: unknown): Set<string> {
  return partsShownAtOnce(node).widgets;
}

/** The views of a flow shown in its machine's `initial` state (one of theirs, or a state within it). */
export function firstViews(views: FlowNode['views'], initial: unknown): FlowNode['views'] {
  if (typeof initial !== 'string') return [];
  return views.filter((view) => (view.states ?? []).some((state) => state === initial || state.startsWith(`${initial}.`)));
}
