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
