// Validates every loaded document against the engine's own meta-schemas (meta/*.json).
import { readdirSync, readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../registry.ts';
import type { Project } from './load.ts';
import { formatPath, type PathSegment, type Problem } from './problem.ts';
import type { SourceDoc } from './source.ts';

const metaDir = new URL('./meta/', import.meta.url);
let validators: Record<string, ValidateFunction> | undefined;

/** The compiled meta-schemas by name (routes, redirects, screen, form, flow, theme ...). */
export function metaValidators(): Record<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictRequired: false });
  validators = {};
  for (const [name, schema] of Object.entries(metaSchemas())) validators[name] = ajv.compile(schema);
  return validators;
}

/** The meta-schemas as written, by name (the file name without .json). */
export function metaSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const name of readdirSync(metaDir).filter((f) => f.endsWith('.json')).sort()) {
    schemas[name.replace(/\.json$/, '')] = JSON.parse(readFileSync(new URL(name, metaDir), 'utf8'));
  }
  return schemas;
}

/** Which meta-schema applies to each document of the project. */
export function metaSchemaFor(project: Project): [SourceDoc, string][] {
  const pairs: [SourceDoc, string][] = [];
  const known = metaValidators();
  for (const [name, doc] of Object.entries(project.schemas)) if (known[name]) pairs.push([doc, name]);
  const collection: Record<string, string> = { screens: 'screen', forms: 'form', messages: 'messages', grids: 'grid' };
  for (const [dir, meta] of Object.entries(collection)) {
    for (const doc of Object.values(project.collections[dir] ?? {})) pairs.push([doc, meta]);
  }
  for (const doc of Object.values(project.flows)) pairs.push([doc, 'flow']);
  for (const doc of Object.values(project.themes)) pairs.push([doc, 'theme']);
  for (const doc of Object.values(project.openapi)) pairs.push([doc, 'openapi']);
  return pairs;
}

export function validateProject(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const [doc, meta] of metaSchemaFor(project)) {
    if (doc.data === undefined) continue; // already reported as a syntax error
    const validate = metaValidators()[meta];
    if (!validate(doc.data ?? null)) problems.push(...toProblems(doc, validate.errors ?? []));
  }
  return problems;
}

/**
 * Ajv errors as problems located in `doc`. `part` places a part validated on its own: `data` (the
 * value validated), `base` (its path in the document), `subject` (what it is, for the message).
 */
export function toProblems(doc: SourceDoc, errors: ErrorObject[], part: { data?: unknown; base?: PathSegment[]; subject?: string } = {}): Problem[] {
  const seen = new Set<string>();
  const out: Problem[] = [];
  const of = part.subject ? ` of ${part.subject}` : '';
  for (const err of errors) {
    const path = [...(part.base ?? []), ...instancePath(part.data ?? doc.data, err.instancePath)];
    let message = err.message ?? 'is invalid';
    if (err.keyword === 'additionalProperties') {
      path.push(String(err.params.additionalProperty));
      const allowed = Object.keys((err.parentSchema as { properties?: object })?.properties ?? {});
      message = `unknown property${of}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`;
    } else if (err.keyword === 'required') {
      message = `missing required property "${err.params.missingProperty}"${of}`;
    } else if (err.keyword === 'enum') {
      message = `must be one of: ${(err.params.allowedValues as unknown[]).join(', ')}`;
    } else if (err.keyword === 'propertyNames') {
      continue; // reported by the inner error below, with the name
    } else if (err.propertyName !== undefined) {
      path.push(err.propertyName);
      message = `property name ${message}`;
    } else if (part.subject) {
      message = `${message} (${part.subject})`;
    }
    const key = `${formatPath(path)}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = doc.locate(path);
    out.push({ file: doc.file, line: at?.line, column: at?.column, path: formatPath(path), message });
  }
  return out;
}

/** "/layouts/root/routes/3" -> ['layouts', 'root', 'routes', 3] (numbers where the data is an array). */
function instancePath(data: unknown, pointer: string): PathSegment[] {
  const path: PathSegment[] = [];
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const seg: PathSegment = Array.isArray(node) ? Number(key) : key;
    path.push(seg);
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return path;
}
