// The fields a form rule's condition names. A condition is a JSON Schema matched against the whole
// form data: `properties` and `required` (and the keys of `dependencies`) name fields, the
// applicators (allOf, anyOf, oneOf, not, if/then/else) stay at the same level, `properties` and
// `items` go one level down. Used by the build and by `npm run check` to report a condition that
// names a field the form does not have.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ConditionField {
  /** Where the name stands inside the condition, e.g. `['properties', 'when']` or `['required', 0]`. */
  at: (string | number)[];
  /** Dotted path of the field; `[]` marks a list's items, e.g. `contacts[].phone`. */
  field: string;
  /** Whether the form's schema has that field. */
  known: boolean;
}

const SAME_LEVEL_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SAME_LEVEL_ONE = ['not', 'if', 'then', 'else'] as const;

/** The schema of property `name` at this level of the form's schema, looking through its applicators. */
function propertyOf(node: Obj | undefined, name: string): Obj | undefined {
  if (!node) return undefined;
  if (isObj(node.properties) && isObj(node.properties[name])) return node.properties[name];
  const nested: unknown[] = [
    ...SAME_LEVEL_LISTS.flatMap((k) => (Array.isArray(node[k]) ? (node[k] as unknown[]) : [])),
    node.then,
    node.else,
    ...(isObj(node.dependencies) ? Object.values(node.dependencies) : []),
  ];
  for (const sub of nested) {
    const found = isObj(sub) ? propertyOf(sub, name) : undefined;
    if (found) return found;
  }
  return undefined;
}

function join(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

function visit(condition: unknown, form: Obj | undefined, at: (string | number)[], prefix: string, out: ConditionField[]): void {
  if (!isObj(condition)) return;
  const named = (where: (string | number)[], name: string) => {
    const sub = propertyOf(form, name);
    out.push({ at: where, field: join(prefix, name), known: sub !== undefined });
    return sub;
  };
  if (isObj(condition.properties)) {
    for (const [name, sub] of Object.entries(condition.properties)) {
      const where = [...at, 'properties', name];
      const own = named(where, name);
      // Below an unknown field every name is unknown too: one problem is enough.
      if (own) visit(sub, own, where, join(prefix, name), out);
    }
  }
  if (Array.isArray(condition.required)) {
    condition.required.forEach((name, i) => {
      if (typeof name === 'string') named([...at, 'required', i], name);
    });
  }
  for (const key of ['dependencies', 'dependentRequired', 'dependentSchemas']) {
    const deps = condition[key];
    if (!isObj(deps)) continue;
    for (const [name, dep] of Object.entries(deps)) {
      named([...at, key, name], name);
      if (Array.isArray(dep)) dep.forEach((other, i) => typeof other === 'string' && named([...at, key, name, i], other));
      else visit(dep, form, [...at, key, name], prefix, out);
    }
  }
  for (const key of SAME_LEVEL_LISTS) {
    const list = condition[key];
    if (Array.isArray(list)) list.forEach((sub, i) => visit(sub, form, [...at, key, i], prefix, out));
  }
  for (const key of SAME_LEVEL_ONE) visit(condition[key], form, [...at, key], prefix, out);
  if (isObj(condition.items)) {
    visit(condition.items, isObj(form?.items) ? form.items : undefined, [...at, 'items'], `${prefix}[]`, out);
  }
}

/** Every field `condition` names, with where it names it and whether `formSchema` has it. */
export function conditionFields(condition: unknown, formSchema: unknown): ConditionField[] {
  const out: ConditionField[] = [];
  visit(condition, isObj(formSchema) ? formSchema : undefined, [], '', out);
  return out;
}

/**
 * Whether a condition naming `named` reads the value of `field` itself (the same field or one inside
 * it): such a rule would decide on a value it removes. Naming a field's parent object is fine.
 */
export function readsOwnField(named: string, field: string): boolean {
  return named === field || named.startsWith(`${field}.`) || named.startsWith(`${field}[]`);
}

/** Keywords that, at the top level of a condition, read no field's value (or name fields that `conditionFields` lists). */
const TOP_LEVEL_NEUTRAL = new Set([
  'properties', 'required', 'dependencies', 'dependentRequired', 'dependentSchemas', ...SAME_LEVEL_LISTS, ...SAME_LEVEL_ONE,
  // The form data is always an object; the rest are annotations or hold subschemas only `$ref` reaches.
  'type', 'title', 'description', '$comment', '$schema', 'default', 'examples', 'readOnly', 'writeOnly', 'deprecated',
  'definitions', '$defs',
]);

/** Whether every top-level part of `condition` only reads the fields it names. */
function readsOnlyNamed(condition: unknown): boolean {
  if (!isObj(condition)) return true; // `true` / `false` read nothing
  if (Object.keys(condition).some((key) => !TOP_LEVEL_NEUTRAL.has(key))) return false;
  const sameLevel: unknown[] = [
    ...SAME_LEVEL_LISTS.flatMap((key) => (Array.isArray(condition[key]) ? (condition[key] as unknown[]) : [])),
    ...SAME_LEVEL_ONE.map((key) => condition[key]),
    ...['dependencies', 'dependentSchemas'].flatMap((key) => (isObj(condition[key]) ? Object.values(condition[key]) : [])),
  ];
  return sameLevel.every((sub) => Array.isArray(sub) || readsOnlyNamed(sub));
}

/**
 * The top-level fields whose values `condition` can depend on, or `null` when it may depend on any
 * part of the form data (a top-level `const`, `enum`, `$ref`, `minProperties`, `additionalProperties`,
 * `patternProperties` ...). A condition's result cannot change while these fields keep their values,
 * so the renderer evaluates it again only when one of them changes.
 */
export function conditionReads(condition: unknown): string[] | null {
  if (!readsOnlyNamed(condition)) return null;
  return [...new Set(conditionFields(condition, undefined).map((named) => named.field.split(/\.|\[\]/)[0]))];
}
