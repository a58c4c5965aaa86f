// Conditional fields: which fields are hidden, disabled or required for given form data. Each rule's
// condition is a JSON Schema compiled at build time (virtual:engine-form/<id> exports `conditions`),
// so evaluating a rule is calling a precompiled function: no schema compiler in the browser.
import { conditionReads } from '../../core/form-conditions.ts';
import { stripHidden } from './data-paths.ts';
import type { ConditionFn, FormData, FormRule } from './types.ts';

export interface FieldStates {
  hidden: Set<string>;
  disabled: Set<string>;
  /** Fields with a REQUIRE rule, mapped to whether they are required now. */
  required: Map<string, boolean>;
}

/** The rules of a form with their compiled conditions; throws when the two do not line up. */
export interface CompiledRule extends FormRule {
  holds: ConditionFn;
}

export function compiledRules(formId: string, rules: FormRule[] | undefined, conditions: ConditionFn[] | undefined): CompiledRule[] {
  const list = rules ?? [];
  if ((conditions ?? []).length !== list.length || list.some((_, i) => typeof conditions?.[i] !== 'function')) {
    throw new Error(`form "${formId}": its ${list.length} rule(s) need as many compiled conditions, got ${conditions?.length ?? 0}`);
  }
  return list.map((rule, i) => ({ ...rule, holds: conditions![i] }));
}

type Holds = (index: number, visibleData: FormData) => boolean;

/**
 * Evaluates every rule against `data`. A hidden field's own value does not count when it controls
 * another field, so chains (A shows B, B shows C) settle: iterate until nothing changes.
 */
function evaluate(rules: CompiledRule[], data: FormData | undefined, holds: Holds): FieldStates {
  let hidden = new Set<string>();
  for (let round = 0; round <= rules.length; round++) {
    const visibleData = stripHidden(data ?? {}, hidden);
    const next = new Set<string>();
    rules.forEach((rule, i) => {
      if (rule.effect === 'SHOW' && !holds(i, visibleData)) next.add(rule.field);
      if (rule.effect === 'HIDE' && holds(i, visibleData)) next.add(rule.field);
    });
    const same = next.size === hidden.size && [...next].every((f) => hidden.has(f));
    hidden = next;
    if (same) break;
  }
  const visibleData = stripHidden(data ?? {}, hidden);
  const disabled = new Set<string>();
  const required = new Map<string, boolean>();
  rules.forEach((rule, i) => {
    if (rule.effect === 'ENABLE' && !holds(i, visibleData)) disabled.add(rule.field);
    if (rule.effect === 'DISABLE' && holds(i, visibleData)) disabled.add(rule.field);
    if (rule.effect === 'REQUIRE') required.set(rule.field, (required.get(rule.field) ?? false) || holds(i, visibleData));
  });
  return { hidden, disabled, required };
}

export function fieldStates(rules: CompiledRule[], data: FormData | undefined): FieldStates {
  return evaluate(rules, data, (i, visibleData) => rules[i].holds(visibleData));
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((value) => b.has(value));
}

export function sameStates(a: FieldStates, b: FieldStates): boolean {
  return sameSet(a.hidden, b.hidden) && sameSet(a.disabled, b.disabled) &&
    a.required.size === b.required.size && [...a.required].every(([field, required]) => b.required.get(field) === required);
}

/**
 * `fieldStates` for a form whose data changes a little at a time (each keystroke): a rule's condition
 * is called again only when a field it reads (`conditionReads`) has a new value, and the result is the
 * previous `FieldStates` object itself while no field's state changed, so renderers can compare by
 * identity. A condition that may read any part of the data is called every time.
 */
export function ruleEvaluator(rules: CompiledRule[]): (data: FormData | undefined) => FieldStates {
  const reads = rules.map((rule) => conditionReads(rule.condition));
  const last: Array<{ inputs: unknown[]; result: boolean } | undefined> = rules.map(() => undefined);
  const holds: Holds = (i, visibleData) => {
    const names = reads[i];
    if (names === null) return rules[i].holds(visibleData);
    const inputs = names.map((name) => visibleData[name]);
    const seen = last[i];
    if (seen && inputs.every((value, k) => Object.is(value, seen.inputs[k]))) return seen.result;
    const result = rules[i].holds(visibleData);
    last[i] = { inputs, result };
    return result;
  };
  let previous: FieldStates | undefined;
  return (data) => {
    const states = evaluate(rules, data, holds);
    if (previous && sameStates(previous, states)) return previous;
    previous = states;
    return states;
  };
}
