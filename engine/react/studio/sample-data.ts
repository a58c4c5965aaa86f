// Sample values for a form shown alone: from its JSON Schema (examples, defaults, enums, formats,
// limits), the form's own `defaults` over them, and made-up options for the choices a screen would
// fill at run time (`ui:options.source`).
import { sample } from '@stoplight/json-schema-sampler';
import type { JSONSchema7 } from 'json-schema';
import type { FormData, FormDoc } from '../forms/types.ts';

export interface SampleChoice { value: string | number; label: string }

export interface FormSample {
  data: FormData;
  /** The options of each run-time choice list, by its `ui:options.source` name. */
  options: Record<string, SampleChoice[]>;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields whose options come from the screen: dotted path -> source name and the field's schema. */
function choiceFields(schema: unknown, ui: unknown, prefix = ''): { path: string; source: string; schema: Obj }[] {
  if (!isObj(schema) || !isObj(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const fieldUi = isObj(ui) ? ui[name] : undefined;
    const options = isObj(fieldUi) ? fieldUi['ui:options'] : undefined;
    if (isObj(options) && typeof options.source === 'string' && isObj(property)) return [{ path, source: options.source, schema: property }];
    return choiceFields(property, fieldUi, path);
  });
}

function choicesFor(schema: Obj): SampleChoice[] {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => ({ value: value as string | number, label: String(value) }));
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return [1, 2, 3].map((n) => ({ value: numeric ? n : `choice-${n}`, label: `Choice ${n}` }));
}

function setAt(data: FormData, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Obj = data;
  for (const key of keys.slice(0, -1)) {
    if (!isObj(node[key])) node[key] = {};
    node = node[key] as Obj;
  }
  node[keys[keys.length - 1]] = value;
}

/** A form's sample: deterministic, so the same form shows the same values in every frame. */
export function sampleForm(form: FormDoc): FormSample {
  const sampled = sample(form.schema as JSONSchema7, { quiet: true, skipReadOnly: true, maxSampleDepth: 8 });
  const data: FormData = { ...(isObj(sampled) ? sampled : {}), ...(form.defaults ?? {}) };
  const options: Record<string, SampleChoice[]> = {};
  for (const field of choiceFields(form.schema, form.ui)) {
    options[field.source] ??= choicesFor(field.schema);
    setAt(data, field.path, options[field.source][0].value);
  }
  return { data, options };
}

/**
 * The sample without the top-level fields named in `invalidPaths` (a pattern the sampler cannot
 * meet, a limit only known at run time): the form starts from values it accepts, and those fields empty.
 */
export function withoutFields(data: FormData, invalidPaths: string[]): FormData {
  const dropped = new Set(invalidPaths.map((path) => path.split('.')[0]).filter(Boolean));
  return Object.fromEntries(Object.entries(data).filter(([key]) => !dropped.has(key)));
}
