// The settings' one declaration, schemas/settings.schema.yaml: each key's JSON Schema, default,
// title and the console's annotations (readOnly, x-locked, x-group). Loaded once per process.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

export const SETTINGS_SCHEMA_FILE = fileURLToPath(new URL('../../schemas/settings.schema.yaml', import.meta.url));

export interface SettingKey {
  key: string;
  title: string;
  description: string;
  group: string;
  /** The global level: the key's default. */
  default: unknown;
  /** The console shows it but never changes it. */
  readOnly: boolean;
  /** Locked globally: no company or association may change it. */
  lockedGlobally: boolean;
  /** The key's own JSON Schema (what a value must be). */
  schema: Record<string, unknown>;
  validate: ValidateFunction;
}

export interface SettingsSchema {
  keys: SettingKey[];
  byKey: Map<string, SettingKey>;
}

const ANNOTATIONS = new Set(['x-group', 'x-locked']);

/** Reads and compiles a settings schema (the project's by default); throws naming a key whose default is invalid. */
export function loadSettingsSchema(file = SETTINGS_SCHEMA_FILE): SettingsSchema {
  const doc = parse(readFileSync(file, 'utf8')) as { properties?: Record<string, Record<string, unknown>> };
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  const keys: SettingKey[] = [];
  for (const [key, declared] of Object.entries(doc.properties ?? {})) {
    const schema = Object.fromEntries(Object.entries(declared).filter(([name]) => !ANNOTATIONS.has(name)));
    const validate = ajv.compile(schema);
    if (!('default' in declared)) throw new Error(`${file}: setting ${key} has no default`);
    if (!validate(declared.default)) throw new Error(`${file}: the default of setting ${key} ${describeErrors(validate.errors)}`);
    keys.push({
      key,
      title: String(declared.title ?? key),
      description: String(declared.description ?? ''),
      group: String(declared['x-group'] ?? 'other'),
      default: declared.default,
      readOnly: declared.readOnly === true,
      lockedGlobally: declared['x-locked'] === true,
      schema,
      validate,
    });
  }
  return { keys, byKey: new Map(keys.map((k) => [k.key, k])) };
}

/** ajv's first error as a short sentence ("must match pattern ..."). */
export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'is not valid';
  const where = first.instancePath ? ` (at ${first.instancePath})` : '';
  if (first.keyword === 'enum') return `must be one of: ${(first.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}${where}`;
  return `${first.message ?? 'is not valid'}${where}`;
}

let cached: SettingsSchema | null = null;
/** The project's settings schema, loaded on first use. */
export function settingsSchema(): SettingsSchema {
  cached ??= loadSettingsSchema();
  return cached;
}
