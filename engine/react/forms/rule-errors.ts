// Validation errors the form's schema does not produce itself: REQUIRE rules that hold for an empty
// field, and `checks` (sameAs, run-time limits, digit checksums). Raw like ajv's, and translated the same way.
import { getAt, isEmpty, isWithin, sameValue, splitPath } from './data-paths.ts';
import type { FieldStates } from './rules.ts';
import type { FormData, FormDoc } from './types.ts';

export interface RuleError {
  name: string;
  property: string;
  params: Record<string, unknown>;
  message: string;
  stack: string;
}

/** `data` is the submitted data (hidden values already removed). */
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
    } else if (check.type === 'digitChecksum') {
      if (!digitChecksumHolds(value, check.weights, check.modulus)) {
        out.push({ name: 'digitChecksum', property: `.${check.field}`, params: {}, message: '', stack: '' });
      }
    } else if (typeof check.limit === 'number' && typeof value === 'number') {
      const broken = check.type === 'maximum' ? value > check.limit : value < check.limit;
      if (broken) out.push({ name: check.type, property: `.${check.field}`, params: { limit: check.limit }, message: '', stack: '' });
    }
  }
  return out;
}

/** True unless `value` is a string of exactly `weights.length` digits whose weighted sum is not a multiple of `modulus`. */
function digitChecksumHolds(value: unknown, weights: number[], modulus: number): boolean {
  if (typeof value !== 'string' || value.length !== weights.length || !/^\d+$/.test(value)) return true;
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return sum % modulus === 0;
}
