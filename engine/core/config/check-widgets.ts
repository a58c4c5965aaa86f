// Every widget node of every screen against its widget's props schema (the registry's definitions):
// unknown props, wrong types, missing required props, at any depth (children, flow views ...).
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from '../registry.ts';
import { isObject, type CheckContext } from './context.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';
import { toProblems } from './validate.ts';
import { compileWidgetValidators, POSITION_PROPS } from './widget-props.ts';

type Position = keyof typeof POSITION_PROPS | 'node';

/** Checks the screens; returns what is wrong with the props schemas themselves. */
export function checkWidgetProps(ctx: CheckContext, props: Record<string, JsonSchema>): string[] {
  const { validators, invalid } = compileWidgetValidators(props);
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    if (isObject(doc.data)) checkNode(ctx, doc, doc.data, [], 'root', { props, validators });
  }
  return invalid;
}

interface Schemas { props: Record<string, JsonSchema>; validators: Record<string, ValidateFunction> }

function checkNode(ctx: CheckContext, doc: SourceDoc, node: Record<string, unknown>, path: PathSegment[], position: Position, schemas: Schemas): void {
  const name = typeof node.widget === 'string' ? node.widget : undefined;
  const validate = name ? schemas.validators[name] : undefined;
  // An unknown widget is reported by the name check (check-refs.ts); its nested nodes are still checked.
  if (validate) {
    const placed: readonly string[] = position === 'node' ? [] : POSITION_PROPS[position];
    const own = Object.fromEntries(Object.entries(node).filter(([key]) => !placed.includes(key)));
    if (!validate(own)) ctx.problems.push(...toProblems(doc, validate.errors ?? [], { data: own, base: path, subject: `widget "${name}"` }));
  }
  const schema = name ? schemas.props[name] : undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'widget') nestedNodes(value, [key], (child, rel) => {
      const at = schemaAt(schema, rel);
      const childPosition: Position = at?.$ref === 'view' || (!schema && 'states' in child) ? 'view' : 'node';
      checkNode(ctx, doc, child, [...path, ...rel], childPosition, schemas);
    });
  }
}

/** Calls `found` for each widget node inside `value` (not looking inside the nodes found). */
function nestedNodes(value: unknown, rel: PathSegment[], found: (node: Record<string, unknown>, rel: PathSegment[]) => void): void {
  if (Array.isArray(value)) value.forEach((item, index) => nestedNodes(item, [...rel, index], found));
  else if (isObject(value)) {
    if (typeof value.widget === 'string') found(value, rel);
    else for (const [key, item] of Object.entries(value)) nestedNodes(item, [...rel, key], found);
  }
}

/** The part of a props schema describing the value at `rel` (properties by key, items by index). */
function schemaAt(schema: JsonSchema | undefined, rel: PathSegment[]): JsonSchema | undefined {
  let current: unknown = schema;
  for (const seg of rel) {
    if (!isObject(current)) return undefined;
    current = typeof seg === 'number' ? current.items : isObject(current.properties) ? current.properties[seg] : undefined;
  }
  return isObject(current) ? current : undefined;
}
