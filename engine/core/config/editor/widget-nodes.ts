// The schema of a screen (schemas/screens/*.yaml) for editors: a node's `widget` is one of the
// registry's names, and once it is written the node takes that widget's own props (its props
// schema), as `npm run check` validates them (check-widgets.ts). Nested nodes (`$ref: node`) and
// flow views (`$ref: view`) are checked the same way, each with the props its position adds.
import type { JsonSchema } from '../../registry.ts';
import { COMMON_PROPS, SHARED_SCHEMAS } from '../widget-props.ts';

/** Where a node stands, and the props it takes there beyond its widget's own (widget-props.ts POSITION_PROPS). */
const POSITIONS: Record<string, Record<string, JsonSchema>> = {
  screen: { title: { type: 'string', description: "the screen's title: a message key, for the document title and heading" } },
  node: {},
  view: {
    states: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'the flow states in which this view is shown' },
    busyIn: { type: 'array', items: { type: 'string' }, description: 'the flow states that disable its form and buttons' },
  },
};

/** The definitions a screen schema holds (before fragment uses are added): shared parts, names, one branch per widget and position. */
export function widgetNodeDefinitions(widgetProps: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const names = Object.keys(widgetProps).sort();
  const definitions: Record<string, JsonSchema> = {};
  for (const [name, { schema }] of Object.entries(SHARED_SCHEMAS)) {
    if (!(name in POSITIONS)) definitions[name] = withLocalRefs(schema);
  }
  definitions.widgetName = widgetName(widgetProps);
  for (const [position, extra] of Object.entries(POSITIONS)) {
    definitions[position] = dispatch(position, names, extra);
    for (const name of names) definitions[`${position}.${name}`] = branch(name, widgetProps[name], extra);
  }
  return definitions;
}

/** The registry's widget names, each with its description (shown as an editor offers it). */
function widgetName(widgetProps: Record<string, JsonSchema>): JsonSchema {
  const names = Object.keys(widgetProps).sort();
  return {
    description: 'the widget this node shows (the engine\'s or the product\'s registry; docs/widgets.md)',
    type: 'string',
    enum: names,
    enumDescriptions: names.map((name) => String(widgetProps[name].description ?? '')),
  };
}

/**
 * A node at a position: `widget` names the widget (so an editor offers the names), and the branch
 * of that widget applies (so it offers the widget's props and rejects any other).
 */
function dispatch(position: string, names: string[], extra: Record<string, JsonSchema>): JsonSchema {
  return {
    description: position === 'screen' ? 'a screen: a composition of widgets' : position === 'view' ? 'a view of a flow widget: a widget node with `states` and `busyIn`' : 'a widget node',
    type: 'object',
    required: ['widget'],
    properties: withLocalRefs({ ...COMMON_PROPS, widget: { $ref: '#/definitions/widgetName' }, ...extra }),
    allOf: names.map((name) => ({
      if: { required: ['widget'], properties: { widget: { const: name } } },
      then: { $ref: `#/definitions/${position}.${name}` },
    })),
  };
}

/** One widget's node: its own props, the props every node takes and those of its position, nothing else. */
function branch(name: string, props: JsonSchema, extra: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _draft, $id: _id, title: _title, ...rest } = props;
  const own = withLocalRefs(rest);
  return {
    ...own,
    type: 'object',
    properties: withLocalRefs({ ...COMMON_PROPS, widget: { const: name, description: String(props.description ?? 'the widget name') }, ...extra, ...(own.properties as object | undefined) }),
  };
}

/** `$ref: message` (the names props schemas use for the shared parts) as references inside the document. */
function withLocalRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withLocalRefs) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [
    key,
    key === '$ref' && typeof item === 'string' && item in SHARED_SCHEMAS ? `#/definitions/${item}` : withLocalRefs(item),
  ])) as T;
}

/**
 * The nodes of a screen fragment's content, for completion and for catching a misspelt prop: a
 * node there may lack props its use gives, and any value may be a `$with.<param>` still to be
 * replaced, so only the names are checked (the widget's, its props'); nested nodes likewise.
 */
export function fragmentNodeDefinitions(widgetProps: Record<string, JsonSchema>, fragmentKeys: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const names = Object.keys(widgetProps).sort();
  const nested = { $ref: '#/definitions/fragmentNodes' };
  const definitions: Record<string, JsonSchema> = {
    fragmentNodes: {
      if: { type: 'object', required: ['widget'] },
      then: { $ref: '#/definitions/fragmentNode' },
      else: { if: { type: 'array' }, then: { items: nested } },
    },
    fragmentNode: {
      type: 'object',
      properties: { widget: { anyOf: [{ $ref: '#/definitions/widgetName' }, { $ref: '#/definitions/withParam' }] } },
      allOf: names.map((name) => ({
        if: { required: ['widget'], properties: { widget: { const: name } } },
        then: { $ref: `#/definitions/fragmentNode.${name}` },
      })),
    },
    widgetName: widgetName(widgetProps),
    withParam: { type: 'string', pattern: '^\\$with\\.', description: 'a parameter of the fragment, replaced by its value' },
  };
  const extra = Object.assign({}, ...Object.values(POSITIONS));
  for (const name of names) {
    const props = withLocalRefs({ ...COMMON_PROPS, ...extra, ...(widgetProps[name].properties as object | undefined) }) as Record<string, JsonSchema>;
    definitions[`fragmentNode.${name}`] = {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...Object.fromEntries(Object.entries(props).map(([key, schema]) => [key, namesOnly(schema, nested)])),
        widget: {},
        ...fragmentKeys,
      },
    };
  }
  return definitions;
}

/** A prop's schema reduced to its words, keeping the way to the nodes nested in it. */
function namesOnly(schema: JsonSchema, nested: JsonSchema): JsonSchema {
  const words = schema.description === undefined ? {} : { description: schema.description };
  const holdsNodes = (s: unknown) => typeof s === 'object' && s !== null && ['#/definitions/node', '#/definitions/view'].includes(String((s as JsonSchema).$ref));
  if (holdsNodes(schema) || holdsNodes(schema.items)) return { ...words, ...nested };
  return words;
}
