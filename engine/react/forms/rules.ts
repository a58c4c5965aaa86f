// Conditional fields: which fields are hidden, disabled or required for given form data. Each rule's
// condition is a JSON Schema compiled at build time (virtual:engine-form/<id> exports `conditions`),
// so evaluating a rule is calling a precompiled function: no schema compiler in the browser.
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

/**
 * Evaluates every rule against `data`. A hidden field's own value does not count when it controls
 * another field, so chains (A shows B, B shows C) settle: iterate until nothing changes.
 */
export function fieldStates(rules: CompiledRule[], data: FormData | undefined): FieldStates {
  let hidden = new Set<string>();
  for (let round = 0; round <= rules.length; round++) {
    const visibleData = stripHidden(data ?? {}, hidden);
    const next = new Set<string>();
    for (const rule of rules) {
      if (rule.effect === 'SHOW' && !rule.holds(visibleData)) next.add(rule.field);
      if (rule.effect === 'HIDE' && rule.holds(visibleData)) next.add(rule.field);
    }
    const same = next.size === hidden.size && [...next].every((f) => hidden.has(f));
    hidden = next;
    if (same) break;
  }
  const visibleData = stripHidden(data ?? {}, hidden);
  const disabled = new Set<string>();
  const required = new Map<string, boolean>();
  for (const rule of rules) {
    if (rule.effect === 'ENABLE' && !rule.holds(visibleData)) disabled.add(rule.field);
    if (rule.effect === 'DISABLE' && rule.holds(visibleData)) disabled.add(rule.field);
    if (rule.effect === 'REQUIRE') required.set(rule.field, (required.get(rule.field) ?? false) || rule.holds(visibleData));
  }
  return { hidden, disabled, required };
}
