// Cross-checks of schemas/forms/*: the JSON Schema compiles (draft-07, as rjsf uses), message keys
// exist, `messages` entries name fields of the schema, and each rule's condition is a JSON Schema
// that compiles and names only fields of the form.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { conditionFields, readsOwnField } from '../form-conditions.ts';
import { isMessageKey } from '../messages.ts';
import { CATALOG_FILE, isObject, walk, type CheckContext } from './context.ts';
import { checkOperations } from './check-refs.ts';
import type { SourceDoc } from './source.ts';
import { toProblems } from './validate.ts';

// The uiSchema's texts the form translates (engine/react/forms/messages.ts translateUiSchema).
const UI_MESSAGE_PROPS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);
const UI_OPTION_MESSAGE_PROPS = new Set(['title', 'description', 'help', 'placeholder']);

/** Whether the uiSchema value at `path` is a text the form translates: also inside `ui:options` and each of `enumNames`. */
function isUiText(path: readonly (string | number)[]): boolean {
  const key = path[path.length - 1];
  const parent = path[path.length - 2];
  if (typeof key === 'string' && UI_MESSAGE_PROPS.has(key)) return true;
  if (parent === 'ui:options' && typeof key === 'string' && UI_OPTION_MESSAGE_PROPS.has(key)) return true;
  return parent === 'ui:enumNames' || (parent === 'enumNames' && path[path.length - 3] === 'ui:options');
}

export function checkForms(ctx: CheckContext, operations: Map<string, string>): void {
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  for (const doc of Object.values(ctx.project.collections.forms ?? {})) {
    if (!isObject(doc.data)) continue;
    const form = doc.data;
    checkOperations(ctx, doc, operations);

    if (isObject(form.schema)) {
      checkJsonSchema(ctx, ajv, doc, ['schema'], form.schema);
      walk(form.schema, (value, path, key) => {
        const parent = path[path.length - 2];
        if ((key === 'title' || key === 'description') && parent !== 'properties') ctx.messageKey(doc, ['schema', ...path], value);
      });
    }
    walk(form.ui, (value, path) => {
      if (isUiText(path)) ctx.messageKey(doc, ['ui', ...path], value);
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
    if (isObject(form.serverFields) && isObject(form.schema)) {
      for (const [requestField, field] of Object.entries(form.serverFields)) {
        if (typeof field === 'string' && !hasField(form.schema, field.split('.'))) ctx.report(doc, ['serverFields', requestField], `field "${field}" is not in the form's schema`);
      }
    }
    for (const key of ['submit', 'title', 'description', 'cancel']) ctx.messageKey(doc, [key], form[key]);
    if (Array.isArray(form.rules) && isObject(form.schema)) checkRules(ctx, ajv, doc, form.rules, form.schema);
  }
  if (!ctx.project.collections.messages?.en) ctx.problems.push({ file: CATALOG_FILE, path: '', message: 'file is missing' });
}

/** Reports `schema` (at `at` in `doc`) when it is not valid draft-07 JSON Schema or does not compile. */
function checkJsonSchema(ctx: CheckContext, ajv: Ajv, doc: SourceDoc, at: (string | number)[], schema: Record<string, unknown>): void {
  if (!ajv.validateSchema(schema)) {
    const seen = new Set<string>();
    const prefix = at.map((segment) => `/${String(segment)}`).join('');
    for (const p of toProblems(doc, (ajv.errors ?? []).map((e) => ({ ...e, instancePath: `${prefix}${e.instancePath}` })))) {
      if (seen.has(p.path)) continue; // one reason per place: the first is the most specific
      seen.add(p.path);
      ctx.problems.push({ ...p, message: `invalid JSON Schema: ${p.message}` });
    }
    return;
  }
  try {
    // Compiled too: a valid-looking schema can still fail, e.g. on a $ref that resolves nowhere.
    ajv.compile(schema);
  } catch (e) {
    ctx.report(doc, at, `invalid JSON Schema: ${(e as Error).message}`);
  }
}

/** Each rule names a field of the form, and its condition is a JSON Schema naming only fields of the form. */
function checkRules(ctx: CheckContext, ajv: Ajv, doc: SourceDoc, rules: unknown[], schema: Record<string, unknown>): void {
  rules.forEach((rule, i) => {
    if (!isObject(rule)) return; // the meta-schema reports it
    const field = typeof rule.field === 'string' ? rule.field : undefined;
    if (field !== undefined && !hasField(schema, field.split('.'))) {
      ctx.report(doc, ['rules', i, 'field'], `field "${field}" is not in the form's schema`);
    }
    if (!isObject(rule.condition)) return;
    const at = ['rules', i, 'condition'];
    if ('$id' in rule.condition) {
      ctx.report(doc, [...at, '$id'], 'a condition cannot have its own $id (the build names it)');
      return;
    }
    checkJsonSchema(ctx, ajv, doc, at, rule.condition);
    for (const named of conditionFields(rule.condition, schema)) {
      if (!named.known) ctx.report(doc, [...at, ...named.at], `field "${named.field}" is not in the form's schema`);
      else if (field !== undefined && readsOwnField(named.field, field)) {
        ctx.report(doc, [...at, ...named.at], `a rule cannot depend on its own field "${field}"`);
      }
    }
  });
}

/** Whether a dotted field path names a property of the schema (through objects, arrays, allOf/oneOf/anyOf, dependencies). */
export function hasField(schema: Record<string, unknown>, field: string[]): boolean {
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
