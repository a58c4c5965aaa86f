// The scale bench's arithmetic (tests/bench/scale/budgets.ts): flat rates, the 100,000-item estimate and its budgets.
import { describe, expect, it } from 'vitest';
import { estimateTarget, estimateText, flatness, nearestRank, rateProblems, SCALE_BUDGETS } from '../bench/scale/budgets.ts';

describe('the scale bench budgets', () => {
  it('extrapolates the time of 100,000 items from the largest run when the rate stayed flat', () => {
    const estimate = estimateTarget([{ items: 20_000, perSecond: 180 }, { items: 1000, perSecond: 190 }]);
    expect(estimate).toEqual({ kind: 'extrapolated', minutes: 100_000 / 180 / 60, from: 20_000 });
    expect(estimateText(estimate)).toBe('9.3 min (extrapolated from 20000)');
    expect(rateProblems('scale.due', [{ items: 1000, perSecond: 190 }, { items: 20_000, perSecond: 180 }], estimate, SCALE_BUDGETS.dueMinutes)).toEqual([]);
  });

  it('does not extrapolate a rate that falls with the size, and says so', () => {
    const rates = [{ items: 1000, perSecond: 130 }, { items: 20_000, perSecond: 105 }];
    const estimate = estimateTarget(rates);
    expect(estimate.kind).toBe('not flat');
    expect(estimateText(estimate)).toBe('not extrapolated (rate at 20000 is 81 % of the rate at 1000)');
    expect(rateProblems('scale.due', rates, estimate, SCALE_BUDGETS.dueMinutes)).toEqual([
      'scale.due: the rate falls with the size: 105.0/s at 20000 is 81 % of 130.0/s at 1000 (at least 90 %)',
      'scale.due.minutes.100000: cannot be extrapolated (the rate is not flat); measure it with BENCH_SCALE_FULL=1',
    ]);
  });

  it('takes the measured time of a full run over any extrapolation, and checks it against the budget', () => {
    const rates = [{ items: 1000, perSecond: 130 }, { items: 20_000, perSecond: 105 }];
    const estimate = estimateTarget(rates, 12.5);
    expect(estimate).toEqual({ kind: 'measured', minutes: 12.5 });
    expect(rateProblems('scale.notices', rates, estimate, SCALE_BUDGETS.noticeMinutes)).toEqual([
      'scale.notices: the rate falls with the size: 105.0/s at 20000 is 81 % of 130.0/s at 1000 (at least 90 %)',
      'scale.notices.minutes.100000: 12.5 minutes is over its budget of 5 minutes',
    ]);
  });

  it('fails a flat rate that is too slow for the budget', () => {
    const rates = [{ items: 1000, perSecond: 100 }, { items: 20_000, perSecond: 100 }];
    expect(rateProblems('scale.due', rates, estimateTarget(rates), 10)).toEqual([
      'scale.due.minutes.100000: 16.7 minutes (extrapolated from 20000) is over its budget of 10 minutes',
    ]);
  });

  it('compares the smallest and the largest size whatever order they were run in', () => {
    expect(flatness([{ items: 3000, perSecond: 50 }, { items: 500, perSecond: 100 }, { items: 1000, perSecond: 70 }]).ratio).toBe(0.5);
  });

  it('takes the nearest-rank percentile', () => {
    const times = Array.from({ length: 200 }, (_, i) => 200 - i); // 1..200, unsorted
    expect(nearestRank(times, 50)).toBe(100);
    expect(nearestRank(times, 99)).toBe(198);
    expect(() => nearestRank([], 99)).toThrow();
  });
});
