// Conditional fields as data: which fields are hidden or disabled for given form data,
// clearing dependants when their controller changes, and stripping hidden values.
import type { FormData, FormDoc, RuleCondition } from './types.ts';

export function splitPath(path: string): string[] {
  return path.split('.').filter((p) => p !== '');
}

export function getAt(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const key of splitPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function cloneShallowPath(data: FormData, keys: string[]): FormData {
  // Copies every object along `keys` so callers never mutate the input.
  const root: FormData = { ...data };
  let cur: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) {
    const next = cur[key];
    if (next === null || typeof next !== 'object') return root;
    const copy = Array.isArray(next) ? [...next] : { ...(next as Record<string, unknown>) };
    cur[key] = copy;
    cur = copy as Record<string, unknown>;
  }
  return root;
}

/** Returns a copy of `data` without the value at `path` (a no-op copy when it is absent). */
export function unsetAt(data: FormData, path: string): FormData {
  const keys = splitPath(path);
  if (keys.length === 0 || getAt(data, path) === undefined) return data;
  const root = cloneShallowPath(data, keys);
  let cur: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) cur = cur[key] as Record<string, unknown>;
  delete cur[keys[keys.length - 1]];
  return root;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export function conditionHolds(cond: RuleCondition, data: unknown): boolean {
  const value = getAt(data, cond.field);
  if ('equals' in cond) return sameValue(value, cond.equals);
  if (Array.isArray(cond.in)) return cond.in.some((v) => sameValue(value, v));
  if (cond.notEmpty !== undefined) return cond.notEmpty ? !isEmpty(value) : isEmpty(value);
  return true;
}

export interface FieldStates {
  hidden: Set<string>;
  disabled: Set<string>;
  /** Fields with a `require` rule, mapped to whether they are required now. */
  required: Map<string, boolean>;
}

/**
 * Evaluates every rule against `data`. A hidden field's own value does not count when it controls
 * another field, so chains (A shows B, B shows C) settle: iterate until nothing changes.
 */
export function fieldStates(form: FormDoc, data: FormData | undefined): FieldStates {
  const rules = form.rules ?? [];
  let hidden = new Set<string>();
  for (let round = 0; round <= rules.length; round++) {
    const visibleData = stripHidden(data ?? {}, hidden);
    const next = new Set<string>();
    for (const rule of rules) {
      if (rule.show && !conditionHolds(rule.show, visibleData)) next.add(rule.field);
      if (rule.hide && conditionHolds(rule.hide, visibleData)) next.add(rule.field);
    }
    const same = next.size === hidden.size && [...next].every((f) => hidden.has(f));
    hidden = next;
    if (same) break;
  }
  const visibleData = stripHidden(data ?? {}, hidden);
  const disabled = new Set<string>();
  const required = new Map<string, boolean>();
  for (const rule of rules) {
    if (rule.enable && !conditionHolds(rule.enable, visibleData)) disabled.add(rule.field);
    if (rule.require) required.set(rule.field, (required.get(rule.field) ?? false) || conditionHolds(rule.require, visibleData));
  }
  return { hidden, disabled, required };
}

/** A copy of `data` without the values of hidden fields (what is validated and submitted). */
export function stripHidden(data: FormData, hidden: Iterable<string>): FormData {
  let out = data;
  for (const path of hidden) out = unsetAt(out, path);
  return out;
}

/** Clears every field whose `show`/`hide` controller changed between `prev` and `next`. */
export function clearDependants(form: FormDoc, prev: FormData | undefined, next: FormData): FormData {
  let out = next;
  for (const rule of form.rules ?? []) {
    for (const cond of [rule.show, rule.hide]) {
      if (cond && !sameValue(getAt(prev, cond.field), getAt(next, cond.field))) out = unsetAt(out, rule.field);
    }
  }
  return out;
}

export { isEmpty };

/** True when `path` is `field` or lies inside it. */
export function isWithin(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}

/** A raw validation error produced by the rules and checks (translated like ajv's). */
export interface RuleError {
  name: string;
  property: string;
  params: Record<string, unknown>;
  message: string;
  stack: string;
}

/**
 * Errors the schema cannot express: `require` rules that hold for an empty field, and `checks`
 * (`sameAs`). `data` is the submitted data (hidden values already removed).
 */
export function ruleErrors(form: FormDoc, data: FormData, states: FieldStates): RuleError[] {
  const out: RuleError[] = [];
  const skipped = (path: string) => [...states.hidden, ...states.disabled].some((f) => isWithin(path, f));
  for (const [field, required] of states.required) {
    if (required && !skipped(field) && isEmpty(getAt(data, field))) {
      const name = splitPath(field).pop() ?? field;
      out.push({ name: 'required', property: `.${field}`, params: { missingProperty: name }, message: '', stack: '' });
    }
  }
  for (const check of form.checks ?? []) {
    if (skipped(check.field)) continue;
    const value = getAt(data, check.field);
    if (isEmpty(value)) continue;
    if (check.type === 'sameAs') {
      if (!sameValue(value, getAt(data, check.other))) {
        out.push({ name: 'sameAs', property: `.${check.field}`, params: { otherField: check.other }, message: '', stack: '' });
      }
    } else if (typeof check.limit === 'number' && typeof value === 'number') {
      const broken = check.type === 'maximum' ? value > check.limit : value < check.limit;
      if (broken) out.push({ name: check.type, property: `.${check.field}`, params: { limit: check.limit }, message: '', stack: '' });
    }
  }
  return out;
}
