// The Lighthouse figures' arithmetic, kept apart from the browser so it can be unit-tested: which
// pages there are, how one Lighthouse result becomes the printed figures, which run is the median,
// and the budgets each page is held to against the floor page measured in the same run.

/** The pages measured, in the order each round visits them. */
export const LH_PAGES = ['floor', 'login', 'paynow', 'paynow-branded', 'paynow-console-branded', 'public', 'dashboard', 'billing'] as const;
export type LhPage = (typeof LH_PAGES)[number];

/** A page's figures as printed: score 0–100, times in whole ms, CLS to 3 decimals (as Lighthouse shows them). */
export interface LhFigures { score: number; fcp: number; lcp: number; tbt: number; cls: number }

/** The parts of a Lighthouse result (LH.Result) the figures come from. */
export interface LhResultLike {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
}

const AUDITS = {
  fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift',
} as const;

/** The printed figures of one result; throws when Lighthouse gave no score or one of the metrics. */
export function figuresOf(lhr: LhResultLike): LhFigures {
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`Lighthouse gave no value for ${id}`);
    return value;
  };
  return {
    score: Math.round(score * 100),
    fcp: Math.round(metric(AUDITS.fcp)),
    lcp: Math.round(metric(AUDITS.lcp)),
    tbt: Math.round(metric(AUDITS.tbt)),
    cls: Math.round(metric(AUDITS.cls) * 1000) / 1000,
  };
}

/**
 * The median run by performance score: runs sorted by score (stable, so among equal scores the
 * earlier run), the middle one; with an even count the lower of the two middle ones. Its own
 * metrics are reported, so every figure of a page comes from one real page load.
 */
export function medianRun<T extends { figures: LhFigures }>(runs: T[]): T {
  if (runs.length === 0) throw new Error('no run to take the median of');
  const sorted = [...runs].sort((a, b) => a.figures.score - b.figures.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export const CLS_BUDGET = 0.05;
/** Screens a visitor reaches without signing in: held to the floor page itself. */
const FIRST_VISIT: LhPage[] = ['login', 'paynow', 'paynow-branded', 'paynow-console-branded', 'public'];
/** Signed-in screens, which must fetch the visitor's data: 90 % of the floor's score. */
const SIGNED_IN: LhPage[] = ['dashboard', 'billing'];

export interface BudgetReport {
  /** One line per budget missed, `lh.<page>.<figure>: …`. */
  problems: string[];
  /** Budgets that could not be checked because the floor page was not measured. */
  unchecked: string[];
}

/**
 * Checks each measured page's figures against its budgets:
 * - login, paynow, paynow-branded, paynow-console-branded, public: score ≥ the floor's, LCP ≤ 1.2 × the floor's, TBT ≤ the
 *   floor's, CLS ≤ 0.05;
 * - dashboard, billing: score ≥ 0.9 × the floor's, CLS ≤ 0.05.
 * Pages missing from `figures` (not measured) are skipped; without the floor only CLS is checked.
 */
export function checkLighthouseBudgets(figures: Partial<Record<LhPage, LhFigures>>): BudgetReport {
  const problems: string[] = [];
  const unchecked: string[] = [];
  const floor = figures.floor;
  for (const page of [...FIRST_VISIT, ...SIGNED_IN]) {
    const f = figures[page];
    if (!f) continue;
    if (f.cls > CLS_BUDGET) problems.push(`lh.${page}.cls: ${f.cls.toFixed(3)} is over its budget of ${CLS_BUDGET}`);
    if (!floor) {
      unchecked.push(`lh.${page}: the budgets relative to the floor page (it was not measured)`);
      continue;
    }
    if (FIRST_VISIT.includes(page)) {
      if (f.score < floor.score) problems.push(`lh.${page}.score: ${f.score} is below the floor page's ${floor.score}`);
      const maxLcp = 1.2 * floor.lcp;
      if (f.lcp > maxLcp) problems.push(`lh.${page}.lcp: ${f.lcp} ms is over its budget of ${Math.round(maxLcp)} ms (1.2 × the floor page's ${floor.lcp} ms)`);
      if (f.tbt > floor.tbt) problems.push(`lh.${page}.tbt: ${f.tbt} ms is over the floor page's ${floor.tbt} ms`);
    } else {
      const minScore = 0.9 * floor.score;
      if (f.score < minScore) problems.push(`lh.${page}.score: ${f.score} is below its budget of ${+minScore.toFixed(1)} (0.9 × the floor page's ${floor.score})`);
    }
  }
  return { problems, unchecked };
}

/**
 * The pages and number of runs from BENCH_LH_PAGES (comma-separated keys, default all) and
 * BENCH_LH_RUNS (default 3); throws on an unknown page or a count that is not a positive integer.
 */
export function lighthouseSettings(env: Record<string, string | undefined>): { pages: LhPage[]; runs: number } {
  const asked = (env.BENCH_LH_PAGES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = asked.filter((p) => !(LH_PAGES as readonly string[]).includes(p));
  if (unknown.length > 0) throw new Error(`BENCH_LH_PAGES: unknown page ${unknown.join(', ')} (pages: ${LH_PAGES.join(', ')})`);
  const pages = asked.length === 0 ? [...LH_PAGES] : LH_PAGES.filter((p) => asked.includes(p));
  const runs = Number(env.BENCH_LH_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_LH_RUNS: ${env.BENCH_LH_RUNS} is not a positive whole number`);
  return { pages, runs };
}
