// The parts of a form that name its fields besides `messages`, `serverFields` and rules
// (check-forms.ts): each check's `field` and a sameAs check's `other`, the uiSchema's field keys
// and `ui:order`, and `defaults`. A misspelt name there is silently ignored by the browser.
import { hasField } from './check-forms.ts';
import { isObject, type CheckContext } from './context.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

type Schema = Record<string, unknown>;

export function checkFormFields(ctx: CheckContext): void {
  for (const doc of Object.values(ctx.project.collections.forms ?? {})) {
    if (!isObject(doc.data) || !isObject(doc.data.schema)) continue;
    const form = doc.data;
    const schema = doc.data.schema;
    const field = (name: unknown, at: PathSegment[]) => {
      if (typeof name === 'string' && !hasField(schema, name.split('.'))) ctx.report(doc, at, `field "${name}" is not in the form's schema`);
    };
    if (Array.isArray(form.checks)) {
      form.checks.forEach((check, i) => {
        if (!isObject(check)) return;
        field(check.field, ['checks', i, 'field']);
        if (check.type === 'sameAs') field(check.other, ['checks', i, 'other']);
      });
    }
    if (isObject(form.defaults)) for (const name of Object.keys(form.defaults)) field(name, ['defaults', name]);
    if (isObject(form.ui)) checkUiFields(ctx, doc, form.ui, schema, [], ['ui']);
  }
}

/** The uiSchema's keys that are not `ui:` options name fields of the schema at the same level; so does `ui:order`. */
function checkUiFields(ctx: CheckContext, doc: SourceDoc, ui: Schema, schema: Schema, field: string[], path: PathSegment[]): void {
  const order = ui['ui:order'];
  if (Array.isArray(order)) {
    order.forEach((name, i) => {
      if (typeof name === 'string' && name !== '*' && !hasField(schema, [...field, name])) {
        ctx.report(doc, [...path, 'ui:order', i], `field "${[...field, name].join('.')}" is not in the form's schema`);
      }
    });
  }
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:') || !isObject(value)) continue;
    const inner = [...field, key];
    // `items` describes a list's items, `additionalProperties` a map's values (whose keys are data): not fields.
    if (key === 'additionalProperties') continue;
    if (key !== 'items' && !hasField(schema, inner)) {
      ctx.report(doc, [...path, key], `field "${inner.join('.')}" is not in the form's schema`);
      continue;
    }
    checkUiFields(ctx, doc, value, schema, inner, [...path, key]);
  }
}
