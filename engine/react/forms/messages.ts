// Message keys -> text: translated uiSchema (labels, help, placeholders, enum labels) and
// layered validation messages (form's own key, then validation.<keyword>, then validation.default).
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { toPath } from '@rjsf/utils';

import { isWithin } from './data-paths.ts';
import type { FieldStates } from './rules.ts';
import type { FormDoc } from './types.ts';

/** What the forms need of the app's texts (`useTranslator()`). */
export interface Translator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string, options?: Record<string, unknown>) => boolean;
}

/** The dotted field path of a validation error (`.address.street` and `['a']` alike), '' for the root. */
export function errorPath(error: Pick<RJSFValidationError, 'property'>): string {
  const property = error.property ?? '';
  if (property === '' || property === '.') return '';
  return toPath(property.replace(/^\./, '')).join('.');
}

const TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'] as const;
const OPTION_TEXT_KEYS = ['title', 'description', 'help', 'placeholder'] as const;

function translateEnumNames(names: unknown, t: Translator['t']): unknown {
  if (Array.isArray(names)) return names.map((n) => (typeof n === 'string' ? t(n) : n));
  if (names && typeof names === 'object') {
    return Object.fromEntries(
      Object.entries(names as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? t(v) : v]),
    );
  }
  return names;
}

function asSchema(value: unknown): RJSFSchema | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as RJSFSchema) : undefined;
}

/**
 * The uiSchema with every text key translated: schema `title`/`description` become
 * `ui:title`/`ui:description`, so the schema itself stays identical to the one the validator was
 * compiled for. Every property of the schema gets its own node.
 */
export function translateUiSchema(schema: RJSFSchema, ui: UiSchema | undefined, t: Translator['t']): UiSchema {
  const out: UiSchema = { ...(ui ?? {}) };
  for (const key of TEXT_KEYS) {
    if (typeof out[key] === 'string') out[key] = t(out[key] as string);
  }
  if (out['ui:title'] === undefined && typeof schema.title === 'string') out['ui:title'] = t(schema.title);
  if (out['ui:description'] === undefined && typeof schema.description === 'string') {
    out['ui:description'] = t(schema.description);
  }
  if (out['ui:enumNames'] !== undefined) out['ui:enumNames'] = translateEnumNames(out['ui:enumNames'], t) as string[];
  const options = out['ui:options'];
  if (options && typeof options === 'object') {
    const opts: Record<string, unknown> = { ...(options as Record<string, unknown>) };
    for (const key of OPTION_TEXT_KEYS) if (typeof opts[key] === 'string') opts[key] = t(opts[key] as string);
    if (opts.enumNames !== undefined) opts.enumNames = translateEnumNames(opts.enumNames, t);
    out['ui:options'] = opts as UiSchema['ui:options'];
  }

  const properties = asSchema(schema.properties);
  if (properties) {
    for (const [name, sub] of Object.entries(properties)) {
      const subSchema = asSchema(sub);
      if (subSchema) out[name] = translateUiSchema(subSchema, (ui?.[name] as UiSchema | undefined) ?? {}, t);
    }
  }
  const items = asSchema(schema.items);
  if (items) out.items = translateUiSchema(items, (ui?.items as UiSchema | undefined) ?? {}, t);
  return out;
}

/** The uiSchema keys a field's rule state sets, over what the form's own uiSchema says. */
interface Marks {
  'ui:widget'?: 'hidden';
  'ui:disabled'?: true;
  'ui:engineRequired'?: boolean;
}

function marksOf(path: string, states: FieldStates): Marks {
  return {
    ...(states.hidden.has(path) ? { 'ui:widget': 'hidden' as const } : {}),
    ...(states.disabled.has(path) ? { 'ui:disabled': true as const } : {}),
    ...(states.required.has(path) ? { 'ui:engineRequired': states.required.get(path) } : {}),
  };
}

const MARK_KEYS = ['ui:widget', 'ui:disabled', 'ui:engineRequired'] as const;

function sameMarks(a: Marks, b: Marks): boolean {
  return MARK_KEYS.every((key) => a[key] === b[key]);
}

/** Whether `path` names a field through object properties only (rules inside list items are not marked). */
function isPropertyPath(schema: RJSFSchema, path: string): boolean {
  let node: RJSFSchema | undefined = schema;
  for (const key of path.split('.')) {
    node = asSchema(asSchema(node?.properties)?.[key]);
    if (!node) return false;
  }
  return true;
}

/** A copy of `node` with `marks` applied; keys no longer marked fall back to `base`, the translated node. */
function applyMarks(node: UiSchema, base: UiSchema, marks: Marks): UiSchema {
  const out: UiSchema = { ...node };
  for (const key of MARK_KEYS) {
    if (marks[key] !== undefined) out[key] = marks[key];
    else if (key in base) out[key] = base[key];
    else delete out[key];
  }
  return out;
}

/** `root` with the node at `keys` replaced by `update(node, translated node)`, copying only the nodes on the way. */
function updateAt(root: UiSchema, base: UiSchema, keys: string[], update: (node: UiSchema, base: UiSchema) => UiSchema): UiSchema {
  if (keys.length === 0) return update(root, base);
  const [key, ...rest] = keys;
  return { ...root, [key]: updateAt((root[key] as UiSchema | undefined) ?? {}, (base[key] as UiSchema | undefined) ?? {}, rest, update) };
}

/**
 * The translated uiSchema with each field's rule state on it: hidden fields `ui:widget: hidden`,
 * disabled ones `ui:disabled`, REQUIRE fields `ui:engineRequired`. Given the `previous` states and the
 * uiSchema made for them from the same translated one, only the nodes of fields whose state changed
 * (and their parents) are new objects; every other node, and the whole uiSchema when nothing changed,
 * is the previous object, so rjsf's memoized fields do not render again.
 */
export function markFieldStates(
  translated: UiSchema,
  schema: RJSFSchema,
  states: FieldStates,
  previous?: { states: FieldStates; ui: UiSchema },
): UiSchema {
  const paths = new Set([...states.hidden, ...states.disabled, ...states.required.keys()]);
  if (previous) for (const path of [...previous.states.hidden, ...previous.states.disabled, ...previous.states.required.keys()]) paths.add(path);
  let out = previous?.ui ?? translated;
  for (const path of paths) {
    if (!path || !isPropertyPath(schema, path)) continue;
    const marks = marksOf(path, states);
    if (previous ? sameMarks(marks, marksOf(path, previous.states)) : Object.keys(marks).length === 0) continue;
    out = updateAt(out, translated, path.split('.'), (node, base) => applyMarks(node, base, marks));
  }
  return out;
}

/** The uiSchema rjsf renders with: `translateUiSchema`, then `markFieldStates`. */
export function renderUiSchema(schema: RJSFSchema, ui: UiSchema | undefined, t: Translator['t'], states: FieldStates): UiSchema {
  return markFieldStates(translateUiSchema(schema, ui, t), schema, states);
}

/** Field paths in display order (ui:order honoured), used to order the error summary. */
export function fieldOrder(schema: RJSFSchema, ui: UiSchema | undefined, prefix = ''): string[] {
  const properties = asSchema(schema.properties);
  if (!properties) return [];
  let names = Object.keys(properties);
  const order = ui?.['ui:order'];
  if (Array.isArray(order)) {
    const listed = order.filter((n: unknown): n is string => typeof n === 'string' && n in properties);
    const rest = names.filter((n) => !listed.includes(n));
    const star = order.indexOf('*');
    names = star >= 0 ? [...listed.slice(0, star), ...rest, ...listed.slice(star)] : [...listed, ...rest];
  }
  return names.flatMap((name) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const sub = asSchema(properties[name]);
    return [path, ...(sub ? fieldOrder(sub, ui?.[name] as UiSchema | undefined, path) : [])];
  });
}

/** The translated label of the field at `path` (ui:title, then schema title), or undefined. */
export function fieldLabel(form: FormDoc, path: string, t: Translator['t']): string | undefined {
  let schema: RJSFSchema | undefined = form.schema;
  let ui: UiSchema | undefined = form.ui;
  for (const key of path.split('.').filter(Boolean)) {
    const props = asSchema(schema?.properties);
    const items = asSchema(schema?.items);
    if (props && asSchema(props[key])) {
      schema = asSchema(props[key]);
      ui = ui?.[key] as UiSchema | undefined;
    } else if (items && /^\d+$/.test(key)) {
      schema = items;
      ui = ui?.items as UiSchema | undefined;
    } else {
      return undefined;
    }
  }
  const key = (ui?.['ui:title'] as string | undefined) ?? (typeof schema?.title === 'string' ? schema.title : undefined);
  return key ? t(key) : undefined;
}

/** The message for one error: form key for `<path>.<keyword>`, then `validation.<keyword>`, then `validation.default`. */
export function errorMessage(form: FormDoc, error: RJSFValidationError, tr: Translator): string {
  const path = errorPath(error);
  const keyword = error.name ?? 'default';
  const params: Record<string, unknown> = {
    ...(error.params && typeof error.params === 'object' ? error.params : {}),
    field: fieldLabel(form, path, tr.t) ?? path,
  };
  const own = form.messages?.[path ? `${path}.${keyword}` : keyword];
  if (own) return tr.t(own, params);
  const generic = `validation.${keyword}`;
  if (tr.exists(generic)) return tr.t(generic, params);
  return tr.t('validation.default', params);
}

export interface TransformOptions {
  /** Hidden and disabled fields: their errors are dropped. */
  skipped: Set<string>;
  /** Fields with a REQUIRE rule -> required now? A `false` drops the schema's `required` error. */
  required?: Map<string, boolean>;
  /** Errors from rules and checks, added to ajv's. */
  extra?: RJSFValidationError[];
}

/**
 * An rjsf `transformErrors` that keeps the errors to show, untranslated: drops errors of skipped
 * fields and duplicates, applies REQUIRE rules, adds `extra`.
 */
export function makeErrorFilter(options: () => TransformOptions) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const { skipped, required, extra = [] } = options();
    const seen = new Set<string>();
    return [...errors, ...extra].filter((error) => {
      const path = errorPath(error);
      if ([...skipped].some((field) => isWithin(path, field))) return false;
      if (error.name === 'required' && required?.get(path) === false) return false;
      const key = `${path}\u0000${error.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
}

/** The translated message of one error (`errorMessage`), with a `sameAs` check's other field named by its label. */
export function translateError(form: FormDoc, error: RJSFValidationError, tr: Translator): string {
  const params = { ...(error.params ?? {}) } as Record<string, unknown>;
  if (typeof params.otherField === 'string') params.other = fieldLabel(form, params.otherField, tr.t) ?? params.otherField;
  return errorMessage(form, { ...error, params }, tr);
}

/**
 * `translateError` remembering what it translated: live validation translates the same few errors on
 * every keystroke. Make one per form and translator.
 */
export function cachedErrorTranslator(form: FormDoc, tr: Translator): (error: RJSFValidationError) => string {
  const cache = new Map<string, string>();
  return (error) => {
    const key = `${errorPath(error)}\u0000${error.name}\u0000${JSON.stringify(error.params ?? {})}`;
    let message = cache.get(key);
    if (message === undefined) {
      message = translateError(form, error, tr);
      cache.set(key, message);
    }
    return message;
  };
}

/** An rjsf `transformErrors`: `makeErrorFilter`, then each error's message translated. */
export function makeTransformErrors(form: FormDoc, tr: Translator, options: () => TransformOptions) {
  const filter = makeErrorFilter(options);
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    filter(errors).map((error) => {
      const message = translateError(form, error, tr);
      return { ...error, message, stack: message };
    });
}
