// The keystroke bench's arithmetic (tests/bench/lib/keystroke-budget.ts): percentiles and budgets.
import { describe, expect, it } from 'vitest';

import { KEYSTROKE_BUDGETS, keystrokeBudgetProblems, percentile } from '../bench/lib/keystroke-budget.ts';

describe('percentile', () => {
  it('interpolates between the two nearest ranks, whatever the order of the values', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile(Array.from({ length: 20 }, (_, i) => i + 1), 95)).toBeCloseTo(19.05, 10);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 9], 0)).toBe(1);
    expect(percentile([1, 9], 100)).toBe(9);
  });

  it('refuses no values and percentiles outside 0–100', () => {
    expect(() => percentile([], 50)).toThrow(/no values/);
    expect(() => percentile([1], 101)).toThrow(/not within/);
    expect(() => percentile([1], Number.NaN)).toThrow(/not within/);
  });
});

describe('keystrokeBudgetProblems', () => {
  it('passes figures within every budget, the limits included', () => {
    expect(KEYSTROKE_BUDGETS).toEqual({ largeP50Ms: 16, largeP95Ms: 25, largeOverSmall: 1.5 });
    expect(keystrokeBudgetProblems({ large: { p50: 12, p95: 20 }, small: { p50: 10 } })).toEqual([]);
    expect(keystrokeBudgetProblems({ large: { p50: 15, p95: 25 }, small: { p50: 10 } })).toEqual([]);
  });

  it('names each budget exceeded', () => {
    expect(keystrokeBudgetProblems({ large: { p50: 16.5, p95: 20 }, small: { p50: 14 } })).toEqual([
      'form.keystroke200.p50: 16.5 ms is over its budget of 16.0 ms',
    ]);
    expect(keystrokeBudgetProblems({ large: { p50: 12, p95: 25.1 }, small: { p50: 10 } })).toEqual([
      'form.keystroke200.p95: 25.1 ms is over its budget of 25.0 ms',
    ]);
    expect(keystrokeBudgetProblems({ large: { p50: 48, p95: 64 }, small: { p50: 14.5 } })).toEqual([
      'form.keystroke200.p50: 48.0 ms is over its budget of 16.0 ms',
      'form.keystroke200.p95: 64.0 ms is over its budget of 25.0 ms',
      'form.keystroke200.p50: 48.0 ms is over 1.5 × form.keystroke10.p50 (14.5 ms), 21.8 ms',
    ]);
  });

  it('holds the large form to 1.5 times the small one measured in the same run', () => {
    expect(keystrokeBudgetProblems({ large: { p50: 12.1, p95: 20 }, small: { p50: 8 } })).toEqual([
      'form.keystroke200.p50: 12.1 ms is over 1.5 × form.keystroke10.p50 (8.0 ms), 12.0 ms',
    ]);
    expect(keystrokeBudgetProblems({ large: { p50: 12, p95: 20 }, small: { p50: 8 } })).toEqual([]);
  });
});
