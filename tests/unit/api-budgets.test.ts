// The API and guest payment budgets' arithmetic (tests/bench/lib/api-budgets.ts).
import { describe, expect, it } from 'vitest';
import { API_BUDGETS, apiBudgetProblems } from '../bench/lib/api-budgets.ts';

describe('apiBudgetProblems', () => {
  it('holds the read to 0.85 of the bare route and guest payments to twice the baseline of 100 ops/s', () => {
    expect(API_BUDGETS).toEqual({ readOverBare: 0.85, payConfirmBaselineRps: 100, payConfirmOverBaseline: 2 });
  });

  it('passes figures within both budgets, the limits included', () => {
    expect(apiBudgetProblems({ readRps: 1200, bareRps: 1000, payRps: 250 })).toEqual([]);
    expect(apiBudgetProblems({ readRps: 850, bareRps: 1000, payRps: 200 })).toEqual([]);
  });

  it('names each budget missed', () => {
    expect(apiBudgetProblems({ readRps: 849, bareRps: 1000, payRps: 200 })).toEqual([
      'api.read.rps: 849 req/s is under 0.85 × api.bare.rps (1000 req/s), 850 req/s',
    ]);
    expect(apiBudgetProblems({ readRps: 900, bareRps: 1000, payRps: 199.9 })).toEqual([
      'pay.confirm.rps: 199.9 ops/s is under 2 × the baseline of 100.0 ops/s, 200.0 ops/s',
    ]);
    expect(apiBudgetProblems({ readRps: 700, bareRps: 1000, payRps: 95 })).toHaveLength(2);
  });

  it('checks only the read when the guest payment figures were not measured', () => {
    expect(apiBudgetProblems({ readRps: 700, bareRps: 1000, payRps: null })).toEqual([
      'api.read.rps: 700 req/s is under 0.85 × api.bare.rps (1000 req/s), 850 req/s',
    ]);
    expect(apiBudgetProblems({ readRps: 900, bareRps: 1000, payRps: null })).toEqual([]);
  });

  it('takes other budgets', () => {
    expect(apiBudgetProblems({ readRps: 900, bareRps: 1000, payRps: 120 }, { readOverBare: 1, payConfirmBaselineRps: 50, payConfirmOverBaseline: 3 })).toEqual([
      'api.read.rps: 900 req/s is under 1 × api.bare.rps (1000 req/s), 1000 req/s',
      'pay.confirm.rps: 120.0 ops/s is under 3 × the baseline of 50.0 ops/s, 150.0 ops/s',
    ]);
  });
});
