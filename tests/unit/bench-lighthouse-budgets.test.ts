// tests/bench/lib/lighthouse-budgets.ts: the Lighthouse figures' arithmetic and budgets, on made-up
// results (Lighthouse itself runs only in `npm run bench`).
import { describe, expect, it } from 'vitest';
import {
  checkLighthouseBudgets, figuresOf, lighthouseSettings, LH_PAGES, medianRun, type LhFigures,
} from '../bench/lib/lighthouse-budgets.ts';

const floor: LhFigures = { score: 90, fcp: 1500, lcp: 2000, tbt: 100, cls: 0 };
const fig = (over: Partial<LhFigures> = {}): LhFigures => ({ ...floor, ...over });

describe('figuresOf', () => {
  const lhr = (score: number | null, values: Record<string, number>) => ({
    categories: { performance: { score } },
    audits: Object.fromEntries(Object.entries(values).map(([id, numericValue]) => [id, { numericValue }])),
  });
  const all = { 'first-contentful-paint': 1234.56, 'largest-contentful-paint': 2345.4, 'total-blocking-time': 99.5, 'cumulative-layout-shift': 0.04567 };

  it('gives the score out of 100, whole milliseconds and CLS to 3 decimals', () => {
    expect(figuresOf(lhr(0.87, all))).toEqual({ score: 87, fcp: 1235, lcp: 2345, tbt: 100, cls: 0.046 });
  });

  it('refuses a result without a score or a metric', () => {
    expect(() => figuresOf(lhr(null, all))).toThrow(/no performance score/);
    const { 'total-blocking-time': _tbt, ...noTbt } = all;
    expect(() => figuresOf(lhr(0.5, noTbt))).toThrow(/total-blocking-time/);
  });
});

describe('medianRun', () => {
  const run = (score: number, lcp = 1000) => ({ figures: fig({ score, lcp }) });

  it('takes the run with the middle score and keeps its own metrics', () => {
    const runs = [run(70, 3000), run(90, 1000), run(80, 2000)];
    expect(medianRun(runs)).toBe(runs[2]);
  });

  it('takes the lower middle run of an even count, and the earlier of equal scores', () => {
    const four = [run(60), run(90), run(70), run(80)];
    expect(medianRun(four)).toBe(four[2]);
    const ties = [run(80, 1), run(80, 2), run(80, 3)];
    expect(medianRun(ties)).toBe(ties[1]);
    const one = [run(50)];
    expect(medianRun(one)).toBe(one[0]);
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow();
  });
});

describe('checkLighthouseBudgets', () => {
  it('passes pages that match the floor page', () => {
    const report = checkLighthouseBudgets({
      floor, login: fig(), paynow: fig({ cls: 0.05 }), 'paynow-branded': fig({ lcp: 2400 }), 'paynow-console-branded': fig({ tbt: 100 }),
      public: fig({ score: 95, tbt: 0 }), dashboard: fig({ score: 81 }), billing: fig({ score: 81, lcp: 9000, tbt: 2000 }),
    });
    expect(report).toEqual({ problems: [], unchecked: [] });
  });

  it('holds first-visit pages to the floor: score, 1.2 × LCP, TBT and CLS 0.05', () => {
    const { problems } = checkLighthouseBudgets({
      floor, login: fig({ score: 89 }), paynow: fig({ lcp: 2401 }), 'paynow-branded': fig({ cls: 0.051 }), 'paynow-console-branded': fig({ score: 89 }),
      public: fig({ tbt: 101 }),
    });
    expect(problems).toEqual([
      "lh.login.score: 89 is below the floor page's 90",
      "lh.paynow.lcp: 2401 ms is over its budget of 2400 ms (1.2 × the floor page's 2000 ms)",
      'lh.paynow-branded.cls: 0.051 is over its budget of 0.05',
      "lh.paynow-console-branded.score: 89 is below the floor page's 90",
      "lh.public.tbt: 101 ms is over the floor page's 100 ms",
    ]);
  });

  it('holds signed-in pages to 0.9 × the floor score and CLS 0.05, not to LCP or TBT', () => {
    const { problems } = checkLighthouseBudgets({
      floor, dashboard: fig({ score: 80, lcp: 9000, tbt: 5000 }), billing: fig({ score: 81, cls: 0.2 }),
    });
    expect(problems).toEqual([
      "lh.dashboard.score: 80 is below its budget of 81 (0.9 × the floor page's 90)",
      'lh.billing.cls: 0.200 is over its budget of 0.05',
    ]);
  });

  it('reports every budget a page misses', () => {
    const { problems } = checkLighthouseBudgets({ floor, login: fig({ score: 10, lcp: 9000, tbt: 900, cls: 0.3 }) });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['lh.login.cls', 'lh.login.score', 'lh.login.lcp', 'lh.login.tbt']);
  });

  it('without the floor page checks CLS only and says what it could not check', () => {
    const report = checkLighthouseBudgets({ login: fig({ score: 1, cls: 0.06 }), dashboard: fig({ score: 1 }) });
    expect(report.problems).toEqual(['lh.login.cls: 0.060 is over its budget of 0.05']);
    expect(report.unchecked).toHaveLength(2);
  });

  it('skips pages that were not measured, and the floor page has no budget of its own', () => {
    expect(checkLighthouseBudgets({ floor: fig({ score: 1, cls: 1 }) })).toEqual({ problems: [], unchecked: [] });
  });
});

describe('lighthouseSettings', () => {
  it('defaults to every page, 3 runs', () => {
    expect(lighthouseSettings({})).toEqual({ pages: [...LH_PAGES], runs: 3 });
  });

  it('takes BENCH_LH_PAGES in the bench order and BENCH_LH_RUNS', () => {
    expect(lighthouseSettings({ BENCH_LH_PAGES: 'login, floor', BENCH_LH_RUNS: '1' })).toEqual({ pages: ['floor', 'login'], runs: 1 });
  });

  it('refuses unknown pages and bad run counts', () => {
    expect(() => lighthouseSettings({ BENCH_LH_PAGES: 'login,home' })).toThrow(/unknown page home/);
    expect(() => lighthouseSettings({ BENCH_LH_RUNS: '0' })).toThrow(/BENCH_LH_RUNS/);
    expect(() => lighthouseSettings({ BENCH_LH_RUNS: '2.5' })).toThrow(/BENCH_LH_RUNS/);
  });
});
