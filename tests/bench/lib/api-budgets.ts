// The API and guest payment figures' budgets (docs/bench.md), kept pure so they are unit-tested
// (tests/unit/api-budgets.test.ts): a signed-in read costs the real server at most a little more
// than the same query through bare Fastify + pg measured in the same run, and guest payments go
// through at least twice as fast as before the server's costs were worked on.

export interface ApiBudgets {
  readOverBare: number;
  payConfirmBaselineRps: number;
  payConfirmOverBaseline: number;
}

export const API_BUDGETS: Readonly<ApiBudgets> = {
  /** api.read.rps at least this share of api.bare.rps, the two measured in turns in the same run. */
  readOverBare: 0.85,
  /**
   * pay.confirm.rps before that work, ops/s: 90–110 at 50 payers on the 2-core machine when it
   * was quieter (p99 about 600 ms); the middle of that range.
   */
  payConfirmBaselineRps: 100,
  /** pay.confirm.rps at least this many times the baseline. */
  payConfirmOverBaseline: 2,
};

export interface ApiFigures {
  readRps: number;
  bareRps: number;
  /** null when the guest payment figures were not measured (BENCH_SKIP=pay) or failed. */
  payRps: number | null;
}

/** Each budget the figures miss, as a `FAIL` line's text (empty when all are met). */
export function apiBudgetProblems(figures: ApiFigures, budgets: Readonly<ApiBudgets> = API_BUDGETS): string[] {
  const problems: string[] = [];
  const readLimit = budgets.readOverBare * figures.bareRps;
  if (figures.readRps < readLimit) {
    problems.push(
      `api.read.rps: ${figures.readRps.toFixed(0)} req/s is under ${budgets.readOverBare} × api.bare.rps (${figures.bareRps.toFixed(0)} req/s), ${readLimit.toFixed(0)} req/s`,
    );
  }
  if (figures.payRps !== null) {
    const payLimit = budgets.payConfirmOverBaseline * budgets.payConfirmBaselineRps;
    if (figures.payRps < payLimit) {
      problems.push(
        `pay.confirm.rps: ${figures.payRps.toFixed(1)} ops/s is under ${budgets.payConfirmOverBaseline} × the baseline of ${budgets.payConfirmBaselineRps.toFixed(1)} ops/s, ${payLimit.toFixed(1)} ops/s`,
      );
    }
  }
  return problems;
}
