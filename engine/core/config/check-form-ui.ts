// What a form asks rjsf for by name: `ui:widget` (one that fits the field's type), `ui:field`, the
// `ui:…Template`s (also inside `ui:options`), and each `format` of its JSON Schema, which the
// validator would otherwise ignore without a word.
import { isObject, type CheckContext, type FormNames } from './context.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

type Schema = Record<string, unknown>;

export function checkFormUi(ctx: CheckContext): void {
  const names = ctx.names.forms;
  if (!names) return;
  for (const doc of Object.values(ctx.project.collections.forms ?? {})) {
    if (!isObject(doc.data)) continue;
    const schema = isObject(doc.data.schema) ? doc.data.schema : undefined;
    if (isObject(doc.data.ui)) checkUi(ctx, names, doc, doc.data.ui, schema, ['ui']);
    if (schema) checkFormats(ctx, names, doc, schema, ['schema']);
    // A rule's condition is compiled by the same validator.
    if (Array.isArray(doc.data.rules)) {
      doc.data.rules.forEach((rule, i) => {
        if (isObject(rule) && isObject(rule.condition)) checkFormats(ctx, names, doc, rule.condition, ['rules', i, 'condition']);
      });
    }
  }
}

function checkUi(ctx: CheckContext, names: FormNames, doc: SourceDoc, ui: Schema, schema: Schema | undefined, path: PathSegment[]): void {
  const named = (key: string, value: unknown, at: PathSegment[]) => {
    if (typeof value !== 'string') return;
    if (key === 'widget') checkWidget(ctx, names, doc, value, schema, at);
    else if (key === 'field' && !names.fields.includes(value)) ctx.report(doc, at, `field "${value}" is not registered for forms (known: ${names.fields.join(', ')})`);
    else if (key.endsWith('Template') && !names.templates.includes(value)) ctx.report(doc, at, `template "${value}" is not registered for forms (known: ${names.templates.join(', ')})`);
  };
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:options' && isObject(value)) {
      for (const [option, given] of Object.entries(value)) named(option, given, [...path, key, option]);
    } else if (key.startsWith('ui:')) {
      named(key.slice(3), value, [...path, key]);
    } else if (isObject(value)) {
      // A field's own uiSchema; a field the schema lacks is reported by check-form-fields.ts.
      checkUi(ctx, names, doc, value, childSchema(schema, key), [...path, key]);
    }
  }
}

function checkWidget(ctx: CheckContext, names: FormNames, doc: SourceDoc, widget: string, schema: Schema | undefined, at: PathSegment[]): void {
  const known = schema ? names.widgetFits(schema, widget) : names.widgets.includes(widget);
  if (known) return;
  const type = schema ? ` for a field of type ${JSON.stringify(schema.type ?? 'unknown')}` : '';
  ctx.report(doc, at, `widget "${widget}" is not registered for forms${type} (known: ${names.widgets.filter((n) => !n.endsWith('Widget')).join(', ')}, and rjsf's by type)`);
}

/** The schema of a uiSchema key below `schema`: a property, or `items` of a list. */
function childSchema(schema: Schema | undefined, key: string): Schema | undefined {
  if (!schema) return undefined;
  if (key === 'items' || key === 'additionalProperties') return isObject(schema[key]) ? schema[key] as Schema : undefined;
  if (isObject(schema.properties) && isObject(schema.properties[key])) return schema.properties[key];
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[k];
    if (!Array.isArray(list)) continue;
    for (const sub of list) {
      const found = isObject(sub) ? childSchema(sub, key) : undefined;
      if (found) return found;
    }
  }
  for (const k of ['then', 'else']) {
    const found = isObject(schema[k]) ? childSchema(schema[k] as Schema, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Subschemas by keyword: a schema, a list of schemas, or a map of them. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'items'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];

function checkFormats(ctx: CheckContext, names: FormNames, doc: SourceDoc, schema: Schema, path: PathSegment[]): void {
  if (typeof schema.format === 'string' && !names.formats.includes(schema.format)) {
    ctx.report(doc, [...path, 'format'], `format "${schema.format}" is not known to the forms' validator (known: ${names.formats.join(', ')})`);
  }
  for (const key of ONE) if (isObject(schema[key])) checkFormats(ctx, names, doc, schema[key] as Schema, [...path, key]);
  for (const key of LIST) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => isObject(sub) && checkFormats(ctx, names, doc, sub, [...path, key, i]));
  }
  for (const key of MAP) {
    const map = schema[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) if (isObject(sub)) checkFormats(ctx, names, doc, sub, [...path, key, name]);
  }
}
