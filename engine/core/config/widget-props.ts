// The parts widget props schemas share (`$ref: message`, `node`, ...) and the validators compiled
// from them. Used by `npm run check` (check-widgets.ts) and the widgets reference (widgets-doc.ts).
import Ajv, { type ValidateFunction } from 'ajv';
import type { JsonSchema } from '../registry.ts';

/** Props every widget node takes, whatever its widget. */
export const COMMON_PROPS: Record<string, JsonSchema> = {
  widget: { type: 'string', description: 'the widget name' },
  when: {
    description: 'shown only while this binding is truthy (a list: while every one of them is)',
    oneOf: [{ $ref: 'binding' }, { type: 'array', items: { $ref: 'binding' }, minItems: 1 }],
  },
  unless: {
    description: 'shown only while this binding is falsy (a list: unless every one of them is truthy)',
    oneOf: [{ $ref: 'binding' }, { type: 'array', items: { $ref: 'binding' }, minItems: 1 }],
  },
  // A layout hint read by the `columns` widget around the node (ignored elsewhere): on any node so
  // that any widget can be made wider without an item wrapper.
  span: {
    description: 'inside `columns`: how many columns the node spans, one number or per width `{ base, sm, md, lg }` (never more than there are)',
    oneOf: [
      { type: 'integer', minimum: 1, maximum: 12 },
      {
        type: 'object',
        properties: Object.fromEntries(['base', 'sm', 'md', 'lg'].map((width) => [width, { type: 'integer', minimum: 1, maximum: 12 }])),
        additionalProperties: false,
      },
    ],
  },
};

/** Props a node takes because of where it stands, not because of its widget. */
export const POSITION_PROPS = {
  /** The root node of a screen. */
  root: ['title'],
  /** A view of a flow widget (`$ref: view`). */
  view: ['states', 'busyIn'],
} as const;

/** The shared schemas, by the `$ref` name props schemas use; `label` is how the docs show them. */
export const SHARED_SCHEMAS: Record<string, { label: string; schema: JsonSchema }> = {
  message: { label: 'message key', schema: { type: 'string' } },
  // An event the widget sends to the flow around it: `npm run check` looks for a state that takes it.
  event: { label: 'event sent to the flow', schema: { type: 'string' } },
  // Any lucide name: which ones exist is checked apart (check-icons.ts), so that the editor schemas do not list ~1,700.
  icon: { label: 'lucide icon name, e.g. `file-text`', schema: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' } },
  binding: { label: 'binding', schema: { type: 'string', pattern: '^\\$[A-Za-z_]' } },
  display: {
    label: 'value or binding, or `{ value, format }`',
    schema: {
      type: ['string', 'number', 'boolean', 'object'],
      required: ['value'],
      properties: { value: {}, format: { type: 'string' } },
      additionalProperties: false,
    },
  },
  values: {
    label: '`{ name: value }` for `{{name}}`',
    schema: { type: 'object', additionalProperties: { $ref: 'display' } },
  },
  // Nested nodes are checked on their own, against their widget's schema: here only their shape.
  node: { label: 'widget node', schema: { type: 'object', required: ['widget'], properties: { widget: { type: 'string' } } } },
  view: {
    label: 'widget node with `states` and `busyIn`',
    schema: {
      type: 'object',
      required: ['states', 'widget'],
      properties: {
        widget: { type: 'string' },
        states: { type: 'array', minItems: 1, items: { type: 'string' } },
        busyIn: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictRequired: false });
  for (const [id, { schema }] of Object.entries(SHARED_SCHEMAS)) ajv.addSchema({ $id: id, ...schema });
  return ajv;
}

/**
 * One validator per widget, for a node as written: its props plus the common ones. A props schema
 * that is itself invalid is left out and named in `invalid`.
 */
export function compileWidgetValidators(props: Record<string, JsonSchema>): { validators: Record<string, ValidateFunction>; invalid: string[] } {
  const ajv = newAjv();
  const out: Record<string, ValidateFunction> = {};
  const invalid: string[] = [];
  for (const [name, schema] of Object.entries(props)) {
    const { $schema: _draft, ...rest } = schema;
    const properties = { ...COMMON_PROPS, widget: { const: name }, ...(rest.properties as object | undefined) };
    try {
      out[name] = ajv.compile({ ...rest, properties });
    } catch (e) {
      invalid.push(`the props schema of widget "${name}" is invalid: ${(e as Error).message}`);
    }
  }
  return { validators: out, invalid };
}
