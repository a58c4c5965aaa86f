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

/**
 * The widgets a screen shows as soon as it renders: every one it names except those in the views of
 * its flows, which load as each view is reached (a view after the first waits for its own code).
 */
export function widgetsShownAtOnce(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) widgetsShownAtOnce(item, into);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.widget === 'string') into.add(record.widget);
    for (const [key, value] of Object.entries(record)) {
      if (record.widget === 'flow' && key === 'views') continue;
      if (value && typeof value === 'object') widgetsShownAtOnce(value, into);
    }
  }
  return into;
}
