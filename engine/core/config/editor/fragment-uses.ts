// Makes a configuration schema accept fragment use sites (a fragment written once, included by name): any
// map may hold `$fragment` / `$with`, and a map holding `$fragment` need not have the required keys
// (the fragment brings them). Where a value that is not a map is expected, a map holding only
// `$fragment` / `$with` stands in for it (the fragment's content replaces it, or is spliced into a list).
import type { JsonSchema } from '../../registry.ts';

const FRAGMENT_USE_REF = '#/definitions/fragmentUse';

/** The keys of a use site, as definitions of the document (referenced, so each map names them in a few bytes). */
export const FRAGMENT_DEFINITIONS: Record<string, JsonSchema> = {
  fragmentName: {
    description: 'the fragment this map includes (a file of schemas/fragments/ or flows/fragments/, without .yaml), or a list of them merged in order; the keys written beside it win over the fragment\'s',
    anyOf: [
      { type: 'string', minLength: 1 },
      { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
    ],
  },
  fragmentParams: {
    description: 'the fragment\'s parameters by name; in the fragment, `$with.<name>` is replaced by the value',
    type: 'object',
  },
  fragmentUse: {
    description: 'a fragment whose content stands here',
    type: 'object',
    required: ['$fragment'],
    properties: { $fragment: { $ref: '#/definitions/fragmentName' }, $with: { $ref: '#/definitions/fragmentParams' } },
    additionalProperties: false,
  },
};

/** The keys a use site adds to a map. */
export const FRAGMENT_PROPERTIES: Record<string, JsonSchema> = {
  $fragment: { $ref: '#/definitions/fragmentName' },
  $with: { $ref: '#/definitions/fragmentParams' },
};

/**
 * The document schema with every map accepting fragment uses, and the definitions they refer to.
 * `exact` names definitions left as they are (a value a fragment cannot stand for, such as a node's widget name).
 */
export function acceptFragmentUses(schema: JsonSchema, exact: readonly string[] = []): JsonSchema {
  const { definitions, ...root } = schema;
  // Each definition describes a value wherever it is referenced.
  const relaxed = isSchemaMap(definitions)
    ? Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [name, exact.includes(name) || !isSchema(definition) ? definition : relax(definition, true)]))
    : {};
  return { ...relax(root, false), definitions: { ...relaxed, ...FRAGMENT_DEFINITIONS } };
}

/** The schema, and each schema inside it that describes a value, accepting fragment uses. */
function relax(schema: JsonSchema, standsForValue: boolean): JsonSchema {
  // A reference keeps its siblings (descriptions) as they are: its target is relaxed where it is defined.
  if ('$ref' in schema) return schema;
  const out: JsonSchema = { ...schema };
  for (const key of ['properties', 'patternProperties'] as const) {
    if (isSchemaMap(out[key])) out[key] = mapValues(out[key], (value) => relax(value, true));
  }
  for (const key of ['additionalProperties', 'additionalItems', 'contains'] as const) {
    if (isSchema(out[key])) out[key] = relax(out[key], true);
  }
  if (Array.isArray(out.items)) out.items = out.items.map((item: unknown) => (isSchema(item) ? relax(item, true) : item));
  else if (isSchema(out.items)) out.items = relax(out.items, true);
  // The branches describe the same value as the schema: it alone stands for the value.
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(out[key])) out[key] = out[key].map((branch: unknown) => (isSchema(branch) ? relax(branch, false) : branch));
  }
  for (const key of ['then', 'else'] as const) {
    if (isSchema(out[key])) out[key] = relax(out[key], false);
  }
  if (isMapSchema(out)) relaxMap(out);
  // A constant tells which schema applies (a node's `widget` in its widget's branch): never a fragment's place.
  if (standsForValue && !acceptsMap(out) && !('const' in out)) {
    // The words go outside, where an editor reads them when it offers the key.
    const { title, description, markdownDescription, ...value } = out;
    const words = Object.fromEntries(Object.entries({ title, description, markdownDescription }).filter(([, word]) => word !== undefined));
    return { ...words, anyOf: [value, { $ref: FRAGMENT_USE_REF }] };
  }
  return out;
}

/** `$fragment` / `$with` are allowed keys; the required keys are required only without `$fragment`. */
function relaxMap(schema: JsonSchema): void {
  schema.properties = { ...(schema.properties as object | undefined), ...FRAGMENT_PROPERTIES };
  if (isSchema(schema.propertyNames)) {
    schema.propertyNames = { anyOf: [{ enum: Object.keys(FRAGMENT_PROPERTIES) }, schema.propertyNames] };
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) {
    const required = schema.required;
    delete schema.required;
    schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), { if: { required: ['$fragment'] }, else: { required } }];
  }
}

/** Whether the schema describes a map (by its type, or by map keywords without a type). */
function isMapSchema(schema: JsonSchema): boolean {
  const type = schema.type;
  if (type !== undefined) return type === 'object' || (Array.isArray(type) && type.includes('object'));
  return ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'].some((k) => k in schema);
}

/** Whether a map may stand where the schema applies (so a fragment use there needs no alternative). */
function acceptsMap(schema: JsonSchema): boolean {
  if (schema.type !== undefined) return isMapSchema(schema);
  if (Array.isArray(schema.enum)) return schema.enum.some(isPlainObject);
  if ('const' in schema) return isPlainObject(schema.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return schema[key].some((branch: unknown) => branch === true || (isSchema(branch) && ('$ref' in branch || acceptsMap(branch))));
  }
  return true;
}

function isSchema(value: unknown): value is JsonSchema {
  return isPlainObject(value);
}

function isSchemaMap(value: unknown): value is Record<string, JsonSchema> {
  return isPlainObject(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapValues(map: Record<string, unknown>, fn: (value: JsonSchema) => JsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, isSchema(value) ? fn(value) : value]));
}
