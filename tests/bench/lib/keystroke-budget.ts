// The keystroke figures' arithmetic, kept pure so it is unit-tested (tests/unit/keystroke-budget.test.ts):
// percentiles of the per-keystroke times and the budgets they must meet (docs/bench.md).

/**
 * The `p`-th percentile (0–100) of `values`, interpolated linearly between the two nearest ranks
 * (the usual "type 7" definition: p50 of an even count is the mean of the middle two).
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is not within 0–100`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

export interface KeystrokeFigures {
  /** Median and 95th percentile of keystroke-to-next-paint on the 200-field form, ms. */
  large: { p50: number; p95: number };
  /** The same on the 10-field form, in the same run. */
  small: { p50: number };
}

export const KEYSTROKE_BUDGETS = {
  /** A keystroke on the large form paints within one 60 Hz frame, at the median... */
  largeP50Ms: 16,
  /** ...and within a frame and a half for 19 keystrokes in 20. */
  largeP95Ms: 25,
  /** The form's size costs at most half as much again as a small form's keystroke (same run, same machine). */
  largeOverSmall: 1.5,
} as const;

/** Each budget the figures exceed, as a `FAIL` line's text (empty when all are met). */
export function keystrokeBudgetProblems(figures: KeystrokeFigures, budgets = KEYSTROKE_BUDGETS): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const problems: string[] = [];
  const { large, small } = figures;
  if (large.p50 > budgets.largeP50Ms) {
    problems.push(`form.keystroke200.p50: ${ms(large.p50)} is over its budget of ${ms(budgets.largeP50Ms)}`);
  }
  if (large.p95 > budgets.largeP95Ms) {
    problems.push(`form.keystroke200.p95: ${ms(large.p95)} is over its budget of ${ms(budgets.largeP95Ms)}`);
  }
  const limit = budgets.largeOverSmall * small.p50;
  if (large.p50 > limit) {
    problems.push(
      `form.keystroke200.p50: ${ms(large.p50)} is over ${budgets.largeOverSmall} × form.keystroke10.p50 (${ms(small.p50)}), ${ms(limit)}`,
    );
  }
  return problems;
}
