// The values of a widget node that its props schema marks with a shared schema (`$ref: message`,
// `$ref: event`, ...), found by walking the node beside its schema. A prop left out that has a
// `default` counts with that default: a form without `event` still sends SUBMIT.
import type { JsonSchema } from '../registry.ts';
import { isObject } from './context.ts';
import type { PathSegment } from './problem.ts';

export interface MarkedValue {
  value: unknown;
  /** Where the value is, relative to the node (for a default: where the prop would be). */
  rel: PathSegment[];
  /** The value is the prop's default: the node does not write it. */
  byDefault: boolean;
}

/** Nested widget nodes are not followed: each is walked on its own, against its own schema. */
const NODE_REFS = new Set(['node', 'view']);

export function propsOfKind(schema: JsonSchema | undefined, node: unknown, kind: string): MarkedValue[] {
  const found: MarkedValue[] = [];
  const visit = (at: unknown, value: unknown, rel: PathSegment[]) => {
    if (!isObject(at)) return;
    if (at.$ref === kind) {
      found.push({ value, rel, byDefault: false });
      return;
    }
    if (typeof at.$ref === 'string' && NODE_REFS.has(at.$ref)) return;
    if (Array.isArray(value)) {
      if (isObject(at.items)) value.forEach((item, i) => visit(at.items, item, [...rel, i]));
      return;
    }
    if (!isObject(value)) return;
    const properties = isObject(at.properties) ? at.properties : {};
    for (const [key, sub] of Object.entries(properties)) {
      if (Object.hasOwn(value, key)) visit(sub, value[key], [...rel, key]);
      else if (isObject(sub) && sub.$ref === kind && sub.default !== undefined) found.push({ value: sub.default, rel: [...rel, key], byDefault: true });
    }
    if (isObject(at.additionalProperties)) {
      for (const [key, item] of Object.entries(value)) if (!Object.hasOwn(properties, key)) visit(at.additionalProperties, item, [...rel, key]);
    }
  };
  visit(schema, node, []);
  return found;
}
