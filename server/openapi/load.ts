// Loads every openapi/*.yaml and turns each operation into a route definition: method, Fastify
// URL (servers[0].url + path, `{id}` -> `:id`), the older addresses it also answers at
// (x-legacy-paths), its x-policy (checked against the operation's own parameters,
// server/authz/policy.ts) and JSON Schemas.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { parsePolicy, PolicyError, type Policy } from '../authz/policy.ts';
import { FEATURES, isFeature, type FeatureName } from '../features/registry.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type JsonObject = Record<string, unknown>;

export interface ParameterDef {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonObject;
}

export interface OperationDef {
  operationId: string;
  /** The file's base name (users, payments): the API group. */
  group: string;
  file: string;
  method: Uppercase<(typeof METHODS)[number]>;
  /** The path as written in the document. */
  specPath: string;
  /** The Fastify route URL. */
  url: string;
  /**
   * Fastify URLs of x-legacy-paths: addresses existing clients call that the contract no longer
   * names (a path table may hold no trailing slash, nor one template under two names).
   */
  legacyUrls: string[];
  /** Who may call it (x-policy). */
  policy: Policy;
  /** The features it belongs to (x-feature; `core`: none): off for an association, it is refused (server/features/). */
  features: FeatureName[];
  /**
   * Under a mimic session (server/mimic/guard.ts): `read` runs (GET), `allowed` runs though it is
   * not a GET (x-mimic: allowed: it changes nothing of the owner's, or ends the session), `write`
   * runs only for staff acting on the owner's behalf, `never` (x-mimic: never) is always refused.
   */
  mimic: 'read' | 'allowed' | 'write' | 'never';
  parameters: ParameterDef[];
  /** `multipart`: a multipart/form-data upload, read by the handler step (server/uploads/), not validated as JSON. */
  body: { required: boolean; schema: JsonObject; multipart?: boolean } | null;
  /** Response status -> JSON body schema (null: no body). */
  responses: Record<string, JsonObject | null>;
}

export interface OpenApiDoc {
  file: string;
  group: string;
  /** Stable $id under which the document's component schemas are registered with ajv. */
  id: string;
  components: Record<string, JsonObject>;
  operations: OperationDef[];
}

function fail(file: string, where: string, reason: string): never {
  throw new Error(`OpenAPI ${file}: ${where}: ${reason}`);
}

function resolveLocal(doc: JsonObject, file: string, value: unknown): JsonObject {
  let current = value as JsonObject;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) fail(file, ref, 'only local $ref are supported');
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      target = (target as JsonObject | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (target === undefined) fail(file, ref, 'unresolved $ref');
    current = target as JsonObject;
  }
  return current;
}

export function docIdFor(group: string): string {
  return `https://portal.invalid/openapi/${group}.yaml`;
}

/**
 * Rewrites `#/components/schemas/X` to `<docId>#/$defs/X` so ajv resolves it across documents,
 * and drops `x-*` annotations (not JSON Schema keywords) outside of property maps.
 */
export function rewriteRefs<T>(value: T, docId: string, inNameMap = false): T {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, docId)) as T;
  if (value && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value as JsonObject)) {
      if (!inNameMap && k.startsWith('x-')) continue;
      if (!inNameMap && k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        out[k] = `${docId}#/$defs/${v.slice('#/components/schemas/'.length)}`;
      } else {
        const nameMap = !inNameMap && ['properties', 'patternProperties', '$defs', 'dependentSchemas'].includes(k);
        out[k] = rewriteRefs(v, docId, nameMap);
      }
    }
    return out as T;
  }
  return value;
}

export function toFastifyUrl(base: string, specPath: string): string {
  const joined = `${base.replace(/\/+$/, '')}/${specPath.replace(/^\/+/, '')}`;
  return joined.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

const pathParamsOf = (specPath: string) => [...specPath.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]).sort().join(',');

/**
 * An operation's x-legacy-paths, checked: each starts with `/`, differs from the path and names the
 * same path parameters, so that the handler gets the same request whichever address was called.
 */
function legacyPathsOf(value: unknown, specPath: string, refuse: (reason: string) => never): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) refuse('must be a list of paths');
  for (const legacy of value) {
    if (typeof legacy !== 'string' || !legacy.startsWith('/') || legacy === specPath) refuse(`${JSON.stringify(legacy)} must be another path starting with /`);
    if (pathParamsOf(legacy) !== pathParamsOf(specPath)) refuse(`${legacy} must name the same path parameters as ${specPath}`);
  }
  return value as string[];
}

/** An operation's x-feature: a feature name, or a list of them, each of server/features/registry.ts. */
function featuresOf(value: unknown, refuse: (reason: string) => never): FeatureName[] {
  const known = () => Object.keys(FEATURES).join(', ');
  if (value === undefined) refuse(`is missing: name the feature the operation belongs to (core for none; known: ${known()})`);
  const names = Array.isArray(value) ? value : [value];
  if (names.length === 0) refuse('must name at least one feature');
  for (const name of names) if (!isFeature(name)) refuse(`unknown feature ${JSON.stringify(name)} (known: ${known()})`);
  return names as FeatureName[];
}

export function parseOpenApi(text: string, file: string): OpenApiDoc {
  const group = path.basename(file).replace(/\.ya?ml$/, '');
  const id = docIdFor(group);
  let doc: JsonObject;
  try {
    doc = parse(text) as JsonObject;
  } catch (error) {
    fail(file, 'document', `not valid YAML: ${(error as Error).message}`);
  }
  if (!doc || typeof doc !== 'object') fail(file, 'document', 'not a YAML mapping');
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) fail(file, 'openapi', 'must be 3.1.x');
  const servers = doc.servers as JsonObject[] | undefined;
  const base = servers?.[0]?.url;
  if (typeof base !== 'string' || !base.startsWith('/')) fail(file, 'servers[0].url', 'must be an absolute base path such as /api/users');
  const components = rewriteRefs(((doc.components as JsonObject | undefined)?.schemas ?? {}) as Record<string, JsonObject>, id, true);
  const operations: OperationDef[] = [];
  for (const [specPath, item] of Object.entries((doc.paths ?? {}) as Record<string, JsonObject>)) {
    const shared = ((item.parameters ?? []) as unknown[]).map((p) => resolveLocal(doc, file, p));
    for (const method of METHODS) {
      const op = item[method] as JsonObject | undefined;
      if (!op) continue;
      const where = `paths.${specPath}.${method}`;
      const operationId = op.operationId;
      if (typeof operationId !== 'string' || !operationId) fail(file, where, 'operationId is missing');
      if (op['x-roles'] !== undefined) fail(file, where, 'x-roles was replaced by x-policy (see docs/server.md, "Authorization")');
      const rawParameters = [...shared, ...((op.parameters ?? []) as unknown[]).map((p) => resolveLocal(doc, file, p))];
      const parameters: ParameterDef[] = rawParameters.map((p) => {
        if (typeof p.name !== 'string' || !['path', 'query', 'header'].includes(p.in as string)) fail(file, where, 'parameter needs name and in (path, query or header)');
        return { name: p.name, in: p.in as ParameterDef['in'], required: p.in === 'path' || p.required === true, schema: rewriteRefs((p.schema ?? {}) as JsonObject, id) };
      });
      for (const match of specPath.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === match[1])) fail(file, where, `path parameter {${match[1]}} is not declared`);
      }
      const legacyUrls = legacyPathsOf(op['x-legacy-paths'], specPath, (reason) => fail(file, `${where}.x-legacy-paths`, reason))
        .map((legacy) => toFastifyUrl(base, legacy));
      let body: OperationDef['body'] = null;
      let bodySchema: JsonObject | null = null;
      if (op.requestBody) {
        const rb = resolveLocal(doc, file, op.requestBody);
        const content = rb.content as JsonObject | undefined;
        const json = (content?.['application/json'] as JsonObject | undefined)?.schema;
        const multipart = (content?.['multipart/form-data'] as JsonObject | undefined)?.schema;
        const schema = json ?? multipart;
        if (!schema) fail(file, `${where}.requestBody`, 'needs content.application/json.schema (or multipart/form-data.schema for an upload)');
        bodySchema = resolveLocal(doc, file, schema);
        body = { required: rb.required === true, schema: rewriteRefs(schema as JsonObject, id), ...(json ? {} : { multipart: true }) };
      }
      let policy: Policy;
      try {
        policy = parsePolicy(op['x-policy'], {
          schemaOf(from, name) {
            if (from === 'body') {
              const property = (bodySchema?.properties as Record<string, unknown> | undefined)?.[name];
              return property === undefined ? undefined : resolveLocal(doc, file, property);
            }
            const parameter = rawParameters.find((p) => p.in === from && p.name === name);
            return parameter ? resolveLocal(doc, file, parameter.schema ?? {}) : undefined;
          },
        });
      } catch (error) {
        if (error instanceof PolicyError) fail(file, where, error.message);
        throw error;
      }
      const features = featuresOf(op['x-feature'], (reason) => fail(file, `${where}.x-feature`, reason));
      const mimicMark = op['x-mimic'];
      if (mimicMark !== undefined && mimicMark !== 'allowed' && mimicMark !== 'never') {
        fail(file, `${where}.x-mimic`, `must be "allowed" (a write that may run in mimic mode), "never" (refused even to staff acting on the owner's behalf) or left out, not ${JSON.stringify(mimicMark)}`);
      }
      if (mimicMark !== undefined && method === 'get') fail(file, `${where}.x-mimic`, 'a GET is a read, which mimic mode always allows: leave x-mimic out');
      const mimic = method === 'get' ? 'read' : mimicMark ?? 'write';
      const responses: Record<string, JsonObject | null> = {};
      for (const [status, raw] of Object.entries((op.responses ?? {}) as JsonObject)) {
        const response = resolveLocal(doc, file, raw);
        const schema = ((response.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
        responses[status] = schema ? rewriteRefs(schema as JsonObject, id) : null;
      }
      operations.push({
        operationId,
        group,
        file,
        method: method.toUpperCase() as OperationDef['method'],
        specPath,
        url: toFastifyUrl(base, specPath),
        legacyUrls,
        policy,
        features,
        mimic,
        parameters,
        body,
        responses,
      });
    }
  }
  return { file, group, id, components, operations };
}

/**
 * Documents already read, by file and text: parsing the contract's YAML is a large part of building
 * an app, and a process that builds several (a test file builds one per database) reads the same
 * files each time. The documents are only read after loading, never changed.
 */
const parsedDocuments = new Map<string, OpenApiDoc>();
const DOCUMENTS_KEPT = 64;

function parsedOnce(text: string, file: string): OpenApiDoc {
  const key = `${file}\0${text}`;
  let doc = parsedDocuments.get(key);
  if (!doc) {
    doc = parseOpenApi(text, file);
    parsedDocuments.set(key, doc);
    if (parsedDocuments.size > DOCUMENTS_KEPT) parsedDocuments.delete(parsedDocuments.keys().next().value!);
  }
  return doc;
}

export async function loadOpenApiDir(dir: string): Promise<OpenApiDoc[]> {
  const files = (await readdir(dir)).filter((f) => /\.ya?ml$/.test(f)).sort();
  if (files.length === 0) throw new Error(`No OpenAPI documents (*.yaml) in ${dir}`);
  const docs: OpenApiDoc[] = [];
  const seen = new Map<string, string>();
  for (const f of files) {
    const file = path.join(dir, f);
    const doc = parsedOnce(await readFile(file, 'utf8'), file);
    for (const op of doc.operations) {
      const other = seen.get(op.operationId);
      if (other) throw new Error(`OpenAPI: operationId '${op.operationId}' is declared twice (${other} and ${file})`);
      seen.set(op.operationId, file);
    }
    docs.push(doc);
  }
  return docs;
}
