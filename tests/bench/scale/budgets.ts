// The scale bench's arithmetic, kept pure so it is unit-tested (tests/unit/bench-scale-budgets.test.ts):
// whether the cost per item is flat across sizes, the time 100,000 items take (measured, or
// extrapolated from the largest run when flat) and the budgets (docs/bench.md, "Scale figures").

/** The size the time budgets are stated for. */
export const TARGET_ITEMS = 100_000;
export const SCALE_BUDGETS = {
  /** 100,000 due occurrences reach an outcome within this, on two instances. */
  dueMinutes: 10,
  /** 100,000 debit notices are recorded and mailed within this. */
  noticeMinutes: 5,
  /** The rate at the largest size is at least this share of the rate at the smallest: the cost per item does not grow with the size. */
  flatRatio: 0.9,
  /** The homeowners grid of a 50,000-home association, sorted and filtered pages, p99. */
  gridP99Ms: 100,
} as const;

export interface Rate {
  items: number;
  perSecond: number;
}

export type Estimate =
  | { kind: 'measured'; minutes: number }
  | { kind: 'extrapolated'; minutes: number; from: number }
  | { kind: 'not flat'; smallest: Rate; largest: Rate; ratio: number };

/** The rates sorted by size; the ratio largest / smallest (1 with one size). */
export function flatness(rates: Rate[]): { smallest: Rate; largest: Rate; ratio: number } {
  if (rates.length === 0) throw new Error('no rates measured');
  const sorted = [...rates].sort((a, b) => a.items - b.items);
  const smallest = sorted[0];
  const largest = sorted[sorted.length - 1];
  return { smallest, largest, ratio: largest.perSecond / smallest.perSecond };
}

/**
 * The minutes TARGET_ITEMS take: measured when a run of that size was made; else extrapolated from
 * the largest run, only when the rate stayed flat (a rate that falls with the size would promise
 * too little time).
 */
export function estimateTarget(rates: Rate[], measuredMinutes: number | null = null): Estimate {
  if (measuredMinutes !== null) return { kind: 'measured', minutes: measuredMinutes };
  const f = flatness(rates);
  if (f.ratio < SCALE_BUDGETS.flatRatio) return { kind: 'not flat', ...f };
  return { kind: 'extrapolated', minutes: TARGET_ITEMS / f.largest.perSecond / 60, from: f.largest.items };
}

/** The FAIL reasons of one kind of work (`name`: the figure prefix, e.g. scale.due) against its budget. */
export function rateProblems(name: string, rates: Rate[], estimate: Estimate, budgetMinutes: number): string[] {
  const problems: string[] = [];
  const f = flatness(rates);
  if (rates.length > 1 && f.ratio < SCALE_BUDGETS.flatRatio) {
    problems.push(`${name}: the rate falls with the size: ${f.largest.perSecond.toFixed(1)}/s at ${f.largest.items} is ${(f.ratio * 100).toFixed(0)} % of ${f.smallest.perSecond.toFixed(1)}/s at ${f.smallest.items} (at least ${SCALE_BUDGETS.flatRatio * 100} %)`);
  }
  if (estimate.kind === 'not flat') {
    problems.push(`${name}.minutes.${TARGET_ITEMS}: cannot be extrapolated (the rate is not flat); measure it with BENCH_SCALE_FULL=1`);
  } else if (estimate.minutes > budgetMinutes) {
    problems.push(`${name}.minutes.${TARGET_ITEMS}: ${estimate.minutes.toFixed(1)} minutes${estimate.kind === 'extrapolated' ? ` (extrapolated from ${estimate.from})` : ''} is over its budget of ${budgetMinutes} minutes`);
  }
  return problems;
}

/** The figure's value as printed: minutes with one decimal, saying how it was found. */
export function estimateText(estimate: Estimate): string {
  if (estimate.kind === 'not flat') return `not extrapolated (rate at ${estimate.largest.items} is ${(estimate.ratio * 100).toFixed(0)} % of the rate at ${estimate.smallest.items})`;
  return estimate.kind === 'measured' ? `${estimate.minutes.toFixed(1)} min` : `${estimate.minutes.toFixed(1)} min (extrapolated from ${estimate.from})`;
}

/** The `p`-th percentile (nearest rank) of some times. */
export function nearestRank(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
