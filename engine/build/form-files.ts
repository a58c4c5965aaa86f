// Reads and checks schemas/forms/*.yaml. A mistake is reported with file, line, path inside the
// document and reason, so an analyst can fix the YAML without reading code.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LineCounter, isNode, parseDocument, type Document } from 'yaml';

import { conditionFields, readsOwnField } from '../core/form-conditions.ts';
import { CHECK_TYPES, RULE_EFFECTS, type FormCheck, type FormDoc, type FormRule } from '../react/forms/types.ts';

export class FormConfigError extends Error {
  readonly file: string;
  readonly line?: number;
  readonly path: string;
  readonly reason: string;
  constructor(file: string, path: string, reason: string, line?: number) {
    super(`${file}${line ? `:${line}` : ''}: ${path || '(document)'}: ${reason}`);
    this.name = 'FormConfigError';
    this.file = file;
    this.path = path;
    this.reason = reason;
    this.line = line;
  }
}

const FORM_FILE = /^[a-z0-9][a-z0-9-]*\.ya?ml$/i;
const TOP_KEYS = new Set(['schema', 'ui', 'messages', 'rules', 'submit', 'title', 'description', 'cancel', 'defaults', 'checks', 'serverFields']);
const RULE_KEYS = ['field', 'effect', 'condition'];

export function formIdOf(file: string): string {
  return basename(file).replace(/\.ya?ml$/i, '');
}

/** Form files in `formsDir`, sorted, as absolute paths. */
export function listFormFiles(formsDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(formsDir);
  } catch {
    return [];
  }
  return names.filter((n) => FORM_FILE.test(n)).sort().map((n) => join(formsDir, n));
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Does `path` (dotted) name a property of `schema`? */
function hasField(schema: unknown, path: string): boolean {
  let cur: unknown = schema;
  for (const key of path.split('.')) {
    if (!isObj(cur)) return false;
    const props = cur.properties;
    if (isObj(props) && key in props) {
      cur = props[key];
    } else if (isObj(cur.items) && /^\d+$/.test(key)) {
      cur = cur.items;
    } else {
      return false;
    }
  }
  return true;
}

export function parseFormSource(text: string, file: string): FormDoc {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const err = doc.errors[0];
    throw new FormConfigError(file, '', err.message.split('\n')[0], err.linePos?.[0]?.line);
  }
  const lineOf = (path: (string | number)[]): number | undefined => {
    const node = doc.getIn(path, true);
    const range = isNode(node) ? node.range : undefined;
    return range ? lineCounter.linePos(range[0]).line : undefined;
  };
  const fail = (path: (string | number)[], reason: string): never => {
    throw new FormConfigError(file, path.join('.'), reason, lineOf(path.length ? path : []) ?? lineOf(path.slice(0, -1)));
  };

  const raw: unknown = doc.toJS();
  if (!isObj(raw)) fail([], 'a form file must be a mapping with `schema`');
  const data = raw as Obj;
  for (const key of Object.keys(data)) if (!TOP_KEYS.has(key)) fail([key], `unknown key; expected one of ${[...TOP_KEYS].join(', ')}`);

  const schema = data.schema;
  if (!isObj(schema)) fail(['schema'], 'required: a JSON Schema object');
  const s = schema as Obj;
  if (s.type !== 'object' || !isObj(s.properties)) fail(['schema'], 'must be `type: object` with `properties`');
  if (s.required !== undefined) {
    if (!Array.isArray(s.required)) fail(['schema', 'required'], 'must be a list of property names');
    (s.required as unknown[]).forEach((name, i) => {
      if (typeof name !== 'string' || !(name in (s.properties as Obj))) fail(['schema', 'required', i], `\`${String(name)}\` is not a property`);
    });
  }
  if (data.ui !== undefined && !isObj(data.ui)) fail(['ui'], 'must be a mapping (an rjsf uiSchema)');
  for (const key of ['submit', 'title', 'description', 'cancel']) {
    if (data[key] !== undefined && typeof data[key] !== 'string') fail([key], 'must be a message key');
  }
  if (data.defaults !== undefined && !isObj(data.defaults)) fail(['defaults'], 'must be a mapping of field values');

  const messages = data.messages;
  if (messages !== undefined) {
    if (!isObj(messages)) fail(['messages'], 'must map `<field>.<keyword>` to a message key');
    for (const [key, value] of Object.entries(messages as Obj)) {
      if (typeof value !== 'string') fail(['messages', key], 'must be a message key (a string)');
      const dot = key.lastIndexOf('.');
      if (dot > 0 && !hasField(s, key.slice(0, dot))) fail(['messages', key], `no field \`${key.slice(0, dot)}\` in schema`);
    }
  }

  const rules = data.rules;
  if (rules !== undefined) {
    if (!Array.isArray(rules)) fail(['rules'], 'must be a list');
    (rules as unknown[]).forEach((rule, i) => {
      if (!isObj(rule)) fail(['rules', i], 'must be a mapping with `field`, `effect` and `condition`');
      const r = rule as Obj;
      for (const key of Object.keys(r)) if (!RULE_KEYS.includes(key)) fail(['rules', i, key], `unknown key; expected ${RULE_KEYS.join(', ')}`);
      if (typeof r.field !== 'string' || !hasField(s, r.field)) fail(['rules', i, 'field'], `no field \`${String(r.field)}\` in schema`);
      if (!(RULE_EFFECTS as readonly unknown[]).includes(r.effect)) fail(['rules', i, 'effect'], `unknown effect \`${String(r.effect)}\`; expected ${RULE_EFFECTS.join(', ')}`);
      if (!isObj(r.condition)) fail(['rules', i, 'condition'], 'must be a JSON Schema (a mapping) that the form data is matched against');
      const condition = r.condition as Obj;
      if ('$id' in condition) fail(['rules', i, 'condition', '$id'], 'a condition cannot have its own `$id` (the build names it)');
      for (const named of conditionFields(condition, s)) {
        const at = ['rules', i, 'condition', ...named.at];
        if (!named.known) fail(at, `no field \`${named.field}\` in schema`);
        if (readsOwnField(named.field, r.field as string)) fail(at, `a rule cannot depend on its own field \`${r.field as string}\``);
      }
    });
  }

  const checks = data.checks;
  if (checks !== undefined) {
    if (!Array.isArray(checks)) fail(['checks'], 'must be a list');
    (checks as unknown[]).forEach((check, i) => {
      if (!isObj(check)) fail(['checks', i], 'must be a mapping with `type` and `field`');
      const c = check as Obj;
      if (!(CHECK_TYPES as readonly unknown[]).includes(c.type)) fail(['checks', i, 'type'], `unknown check \`${String(c.type)}\`; supported: ${CHECK_TYPES.join(', ')}`);
      if (typeof c.field !== 'string' || !hasField(s, c.field)) fail(['checks', i, 'field'], `no field \`${String(c.field)}\` in schema`);
      if (c.type === 'sameAs' && (typeof c.other !== 'string' || !hasField(s, c.other))) fail(['checks', i, 'other'], `no field \`${String(c.other)}\` in schema`);
      if ((c.type === 'maximum' || c.type === 'minimum') && typeof c.limit !== 'number' && !(typeof c.limit === 'string' && c.limit.startsWith('$'))) {
        fail(['checks', i, 'limit'], 'must be a number or a binding such as $context.balance');
      }
      if (c.type === 'digitChecksum') {
        if (!Array.isArray(c.weights) || c.weights.length === 0 || !c.weights.every((w) => Number.isInteger(w))) fail(['checks', i, 'weights'], 'must be a list of whole numbers, one per digit');
        if (!Number.isInteger(c.modulus) || (c.modulus as number) < 2) fail(['checks', i, 'modulus'], 'must be a whole number of at least 2');
      }
    });
  }

  const serverFields = data.serverFields;
  if (serverFields !== undefined) {
    if (!isObj(serverFields)) fail(['serverFields'], 'must be a mapping of request field to form field');
    for (const [requestField, field] of Object.entries(serverFields as Obj)) {
      if (typeof field !== 'string' || !hasField(s, field)) fail(['serverFields', requestField], `no field \`${String(field)}\` in schema`);
    }
  }

  return {
    id: formIdOf(file),
    schema: s,
    ...(data.ui !== undefined ? { ui: data.ui as FormDoc['ui'] } : {}),
    ...(messages !== undefined ? { messages: messages as Record<string, string> } : {}),
    ...(rules !== undefined ? { rules: rules as FormRule[] } : {}),
    ...(data.submit !== undefined ? { submit: data.submit as string } : {}),
    ...(data.title !== undefined ? { title: data.title as string } : {}),
    ...(data.description !== undefined ? { description: data.description as string } : {}),
    ...(data.cancel !== undefined ? { cancel: data.cancel as string } : {}),
    ...(data.defaults !== undefined ? { defaults: data.defaults as Record<string, unknown> } : {}),
    ...(checks !== undefined ? { checks: checks as FormCheck[] } : {}),
    ...(serverFields !== undefined ? { serverFields: serverFields as Record<string, string> } : {}),
  } satisfies FormDoc;
}

export function readFormFile(file: string): FormDoc {
  return parseFormSource(readFileSync(file, 'utf8'), file);
}

export type { FormCheck, FormDoc, FormRule };
