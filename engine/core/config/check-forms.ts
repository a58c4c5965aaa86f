// Cross-checks of schemas/forms/*: the JSON Schema compiles (draft-07, as rjsf uses), message keys
// exist, and `messages` entries name fields of the schema.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { hasMessage, isMessageKey } from '../messages.ts';
import { CATALOG_FILE, isObject, walk, type CheckContext } from './context.ts';
import { checkOperations } from './check-refs.ts';
import { toProblems } from './validate.ts';

const UI_MESSAGE_PROPS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);

export function checkForms(ctx: CheckContext, operations: Map<string, string>): void {
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  for (const doc of Object.values(ctx.project.collections.forms ?? {})) {
    if (!isObject(doc.data)) continue;
    const form = doc.data;
    checkOperations(ctx, doc, operations);

    if (isObject(form.schema)) {
      if (!ajv.validateSchema(form.schema)) {
        const seen = new Set<string>();
        for (const p of toProblems(doc, (ajv.errors ?? []).map((e) => ({ ...e, instancePath: `/schema${e.instancePath}` })))) {
          if (seen.has(p.path)) continue; // one reason per place: the first is the most specific
          seen.add(p.path);
          ctx.problems.push({ ...p, message: `invalid JSON Schema: ${p.message}` });
        }
      } else {
        try {
          ajv.compile(form.schema);
        } catch (e) {
          ctx.report(doc, ['schema'], `invalid JSON Schema: ${(e as Error).message}`);
        }
      }
      walk(form.schema, (value, path, key) => {
        const parent = path[path.length - 2];
        if ((key === 'title' || key === 'description') && parent !== 'properties') ctx.messageKey(doc, ['schema', ...path], value);
      });
    }
    walk(form.ui, (value, path, key) => {
      if (typeof key === 'string' && UI_MESSAGE_PROPS.has(key)) ctx.messageKey(doc, ['ui', ...path], value);
    });
    if (isObject(form.messages)) {
      for (const [entry, key] of Object.entries(form.messages)) {
        if (!isMessageKey(key)) ctx.report(doc, ['messages', entry], `"${String(key)}" is not a message key`);
        else ctx.messageKey(doc, ['messages', entry], key);
        const field = entry.split('.').slice(0, -1);
        if (isObject(form.schema) && field.length > 0 && !hasField(form.schema, field)) {
          ctx.report(doc, ['messages', entry], `field "${field.join('.')}" is not in the form's schema`);
        }
      }
    }
    for (const key of ['submit', 'title', 'description', 'cancel']) ctx.messageKey(doc, [key], form[key]);
  }
  const forms = Object.keys(ctx.project.collections.forms ?? {});
  const catalogDoc = ctx.project.collections.messages?.en;
  if (forms.length > 0 && ctx.catalog && !hasMessage(ctx.catalog, 'validation.default') && catalogDoc) {
    ctx.report(catalogDoc, [], 'message "validation.default" is missing (every form validation message falls back to it)');
  }
  if (!catalogDoc) ctx.problems.push({ file: CATALOG_FILE, path: '', message: 'file is missing' });
}

/** Whether a dotted field path names a property of the schema (through objects, arrays, allOf/oneOf/anyOf, dependencies). */
function hasField(schema: Record<string, unknown>, field: string[]): boolean {
  if (field.length === 0) return true;
  const [head, ...rest] = field;
  const candidates: unknown[] = [];
  if (isObject(schema.properties) && head in schema.properties) candidates.push(schema.properties[head]);
  if (/^\d+$/.test(head) || head === 'items') candidates.push(schema.items);
  const nested = (s: unknown): boolean => isObject(s) && hasField(s, field);
  if (candidates.some((c) => isObject(c) && hasField(c, rest))) return true;
  if (isObject(schema.items) && hasField(schema.items, field)) return true;
  for (const k of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(schema[k]) && (schema[k] as unknown[]).some(nested)) return true;
  for (const k of ['then', 'else']) if (nested(schema[k])) return true;
  if (isObject(schema.dependencies)) if (Object.values(schema.dependencies).some(nested)) return true;
  return false;
}
