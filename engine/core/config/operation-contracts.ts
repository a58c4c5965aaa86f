// What each operation of openapi/ accepts, as the checks of bindings and forms need it: path and
// query parameters with their requiredness, and the JSON request body's schema, with where each
// is declared so that a problem can point at the contract too.
import { deref, HTTP_METHODS } from '../operation-index.ts';
import { isObject } from './context.ts';
import type { Project } from './load.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

type Obj = Record<string, unknown>;

export interface OperationContract {
  id: string;
  doc: SourceDoc;
  /** ['paths', '/Items/{id}', 'get'] */
  at: PathSegment[];
  pathParams: string[];
  /** Query parameter name -> required. */
  query: Map<string, boolean>;
  /** Undefined when the operation takes no request body. */
  body?: { required: boolean; schema?: Obj };
  /** Follows a local `$ref` of the operation's document. */
  resolve(node: unknown): Obj;
}

/** The properties a body schema names, merged over allOf (all apply) and oneOf/anyOf (any may). */
export interface ObjectShape {
  properties: Map<string, Obj>;
  /** Required in every case. */
  required: Set<string>;
  /** Whether keys other than `properties` are declared acceptable (additionalProperties true or a schema). */
  open: boolean;
}

/** operationId -> contract, first declaration wins (duplicates are reported by the reference checks). */
export function operationContracts(project: Project): Map<string, OperationContract> {
  const out = new Map<string, OperationContract>();
  for (const doc of Object.values(project.openapi)) {
    if (!isObject(doc.data) || !isObject(doc.data.paths)) continue;
    const root = doc.data;
    const resolve = (node: unknown): Obj => (isObject(node) ? deref(root, node) : {});
    for (const [path, rawItem] of Object.entries(doc.data.paths)) {
      const item = resolve(rawItem);
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!isObject(op) || typeof op.operationId !== 'string' || out.has(op.operationId)) continue;
        const params = [...asList(item.parameters), ...asList(op.parameters)].map(resolve);
        const query = new Map<string, boolean>();
        for (const p of params) if (p.in === 'query' && typeof p.name === 'string') query.set(p.name, p.required === true);
        let body: OperationContract['body'];
        if (op.requestBody !== undefined) {
          const rb = resolve(op.requestBody);
          const content = isObject(rb.content) ? rb.content : {};
          const media = content['application/json'] ?? Object.values(content)[0];
          body = { required: rb.required === true, schema: isObject(media) && isObject(media.schema) ? resolve(media.schema) : undefined };
        }
        out.set(op.operationId, {
          id: op.operationId,
          doc,
          at: ['paths', path, method],
          pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
          query,
          body,
          resolve,
        });
      }
    }
  }
  return out;
}

export function objectShape(schema: Obj | undefined, resolve: (node: unknown) => Obj): ObjectShape {
  const shape: ObjectShape = { properties: new Map(), required: new Set(), open: false };
  if (!schema) return { ...shape, open: true };
  const s = resolve(schema);
  if (isObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) shape.properties.set(k, resolve(v));
  if (Array.isArray(s.required)) for (const k of s.required) if (typeof k === 'string') shape.required.add(k);
  shape.open = s.additionalProperties === true || isObject(s.additionalProperties);
  for (const part of asList(s.allOf)) {
    const inner = objectShape(resolve(part), resolve);
    for (const [k, v] of inner.properties) if (!shape.properties.has(k)) shape.properties.set(k, v);
    for (const k of inner.required) shape.required.add(k);
    shape.open ||= inner.open;
  }
  for (const key of ['oneOf', 'anyOf']) {
    const alternatives = asList(s[key]).map((part) => objectShape(resolve(part), resolve));
    if (alternatives.length === 0) continue;
    for (const alt of alternatives) {
      for (const [k, v] of alt.properties) if (!shape.properties.has(k)) shape.properties.set(k, v);
      shape.open ||= alt.open;
    }
    for (const k of alternatives[0].required) if (alternatives.every((alt) => alt.required.has(k))) shape.required.add(k);
  }
  return shape;
}

/** Where a contract item is declared, as `openapi/x.yaml:12`. */
export function contractPlace(contract: OperationContract, path: PathSegment[] = contract.at): string {
  const line = contract.doc.locate(throughRefs(contract.doc.data, path))?.line;
  return line === undefined ? contract.doc.file : `${contract.doc.file}:${line}`;
}

/** Where a body property is declared: in the operation, or in the component its schema refers to. */
export function bodyPropertyPath(contract: OperationContract, property: string): PathSegment[] {
  return [...contract.at, 'requestBody', 'content', 'application/json', 'schema', 'properties', property];
}

/** `path` with every local `$ref` met on the way replaced by the place it points to. */
function throughRefs(root: unknown, path: PathSegment[]): PathSegment[] {
  let at: PathSegment[] = [];
  let node: unknown = root;
  const follow = () => {
    for (let i = 0; i < 10 && isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/'); i++) {
      at = node.$ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      node = at.reduce<unknown>((acc, key) => (isObject(acc) ? acc[key as string] : undefined), root);
    }
  };
  for (const seg of path) {
    follow();
    if (!isObject(node) && !Array.isArray(node)) return [...at, seg];
    node = (node as Record<string, unknown>)[seg as string];
    at = [...at, seg];
  }
  return at;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
