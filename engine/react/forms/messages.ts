// Message keys -> text: translated uiSchema (labels, help, placeholders, enum labels) and
// layered validation messages (form's own key, then validation.<keyword>, then validation.default).
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { toPath } from '@rjsf/utils';

import { isWithin } from './data-paths.ts';
import type { FieldStates } from './rules.ts';
import type { FormDoc } from './types.ts';

/** The subset of i18next that the forms need; `useTranslation()` provides both. */
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
 * Builds the uiSchema rjsf renders with: every text key translated (schema `title`/`description` become
 * `ui:title`/`ui:description`, so the schema itself stays identical to the one the validator was compiled
 * for), hidden fields marked `ui:widget: hidden`, disabled ones `ui:disabled`.
 */
export function renderUiSchema(
  schema: RJSFSchema,
  ui: UiSchema | undefined,
  t: Translator['t'],
  states: FieldStates,
  path = '',
): UiSchema {
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
  if (path && states.hidden.has(path)) out['ui:widget'] = 'hidden';
  if (path && states.disabled.has(path)) out['ui:disabled'] = true;
  if (path && states.required.has(path)) out['ui:engineRequired'] = states.required.get(path);

  const properties = asSchema(schema.properties);
  if (properties) {
    for (const [name, sub] of Object.entries(properties)) {
      const subSchema = asSchema(sub);
      if (!subSchema) continue;
      out[name] = renderUiSchema(subSchema, (ui?.[name] as UiSchema | undefined) ?? {}, t, states, path ? `${path}.${name}` : name);
    }
  }
  const items = asSchema(schema.items);
  if (items) out.items = renderUiSchema(items, (ui?.items as UiSchema | undefined) ?? {}, t, states, '');
  return out;
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

/** An rjsf `transformErrors`: drops errors of skipped fields, applies REQUIRE rules, adds `extra`, translates. */
export function makeTransformErrors(form: FormDoc, tr: Translator, options: () => TransformOptions) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const { skipped, required, extra = [] } = options();
    const seen = new Set<string>();
    return [...errors, ...extra]
      .filter((error) => {
        const path = errorPath(error);
        if ([...skipped].some((field) => isWithin(path, field))) return false;
        if (error.name === 'required' && required?.get(path) === false) return false;
        const key = `${path}\u0000${error.name}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((error) => {
        const params = { ...(error.params ?? {}) } as Record<string, unknown>;
        if (typeof params.otherField === 'string') params.other = fieldLabel(form, params.otherField, tr.t) ?? params.otherField;
        const message = errorMessage(form, { ...error, params }, tr);
        return { ...error, message, stack: message };
      });
  };
}
