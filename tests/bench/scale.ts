// `npm run bench:scale`: the due work and the homeowners grid at the sizes a large management
// company reaches, on PostgreSQL with two real server instances (docs/bench.md, "Scale figures"):
//   scale.due.occ_per_s.<N>      recurring occurrences charged per second, N schedules all due at once
//   scale.notices.per_s.<N>      debit notices recorded and mailed per second
//   scale.due.minutes.100000     measured with BENCH_SCALE_FULL=1, else extrapolated when the rate is flat
//   scale.notices.minutes.100000 the same for the notices
//   scale.due.kill9              ok when a kill -9 of one instance mid-run leaves everything exactly once
//   scale.grid.p50/p99.50000     the homeowners grid's sorted and filtered pages of a 50,000-home association
// Not part of `npm run bench`. One `name: value unit` line per figure; progress on standard error;
// exits 1 with `FAIL …` lines when a budget is missed or a figure could not be measured.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { cleanupAll, stopOnLimitOrSignal, tempDir } from './lib/procs.ts';
import { adminUrlOf } from './scale/database.ts';
import { runSize, type SizeResult } from './scale/due-run.ts';
import { runGrid, GRID_HOMES } from './scale/grid.ts';
import { estimateTarget, estimateText, rateProblems, SCALE_BUDGETS, TARGET_ITEMS, type Rate } from './scale/budgets.ts';

const root = resolve(import.meta.dirname, '../..');
const env = process.env;
const HARD_LIMIT_MS = Number(env.BENCH_TIMEOUT_MS ?? (env.BENCH_SCALE_FULL === '1' ? 3_600_000 : 1_800_000));
const full = env.BENCH_SCALE_FULL === '1';
const sizes = (env.BENCH_SCALE_SIZES ?? '1000,20000').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
const killSize = Number(env.BENCH_SCALE_KILL_SIZE ?? Math.max(...sizes));
const skip = new Set((env.BENCH_SCALE_SKIP ?? '').split(',').filter(Boolean)); // "due", "kill", "grid"
const gridHomes = Number(env.BENCH_SCALE_GRID_HOMES ?? GRID_HOMES);
const gridRequests = Number(env.BENCH_SCALE_GRID_REQUESTS ?? 200);
const nodeEnv = env.BENCH_SCALE_NODE_ENV ?? 'development';

const problems: string[] = [];
const figure = (name: string, value: string, unit = '') => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`);
const log = (line: string) => console.error(`bench:scale: ${line}`);

stopOnLimitOrSignal('bench:scale', HARD_LIMIT_MS, (message) => console.log(`FAIL ${message}`));

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function benchDue(adminUrl: string) {
  const results: SizeResult[] = [];
  const runSizes = full && !sizes.includes(TARGET_ITEMS) ? [...sizes, TARGET_ITEMS] : sizes;
  for (const size of runSizes) {
    log(`${size}: starting (load average ${load()})`);
    try {
      const result = await runSize({ root, tempDir, nodeEnv, adminUrl, size, kill: false, log });
      results.push(result);
      figure(`scale.notices.per_s.${size}`, result.notices.perSecond.toFixed(1), 'notices/s');
      figure(`scale.due.occ_per_s.${size}`, result.due.perSecond.toFixed(1), 'occ/s');
      const cpu = (c: { servers: number; database: number }) => `${(c.servers + c.database).toFixed(1)} ms (servers ${c.servers.toFixed(1)} + PostgreSQL ${c.database.toFixed(1)})`;
      figure(`scale.notices.cpu_per_notice.${size}`, cpu(result.notices.cpuMsPerItem));
      figure(`scale.due.cpu_per_occ.${size}`, cpu(result.due.cpuMsPerItem));
      problems.push(...result.problems);
      log(`${size}: done (load average ${load()})`);
    } catch (error) {
      problems.push(`scale.due at ${size}: ${(error as Error).message}`);
    }
  }
  // Flatness and the extrapolation compare the sizes asked for (BENCH_SCALE_SIZES), not the full run.
  const rates = (pick: (r: SizeResult) => Rate) => results.filter((r) => sizes.includes(r.size)).map(pick);
  const target = results.find((r) => r.size === TARGET_ITEMS);
  const dueRates = rates((r) => ({ items: r.size, perSecond: r.due.perSecond }));
  const noticeRates = rates((r) => ({ items: r.size, perSecond: r.notices.perSecond }));
  // A size that could not be measured leaves nothing to extrapolate from (its FAIL line says why).
  if (results.length < runSizes.length) {
    for (const kind of ['due', 'notices']) figure(`scale.${kind}.minutes.${TARGET_ITEMS}`, 'not measured (a run failed)');
    return;
  }
  const due = estimateTarget(dueRates, target ? target.due.seconds / 60 : null);
  const notices = estimateTarget(noticeRates, target ? target.notices.seconds / 60 : null);
  figure(`scale.due.minutes.${TARGET_ITEMS}`, estimateText(due));
  figure(`scale.notices.minutes.${TARGET_ITEMS}`, estimateText(notices));
  problems.push(...rateProblems('scale.due', dueRates, due, SCALE_BUDGETS.dueMinutes));
  problems.push(...rateProblems('scale.notices', noticeRates, notices, SCALE_BUDGETS.noticeMinutes));
}

async function benchKill(adminUrl: string) {
  log(`kill -9 at ${killSize}: starting (load average ${load()})`);
  try {
    const result = await runSize({ root, tempDir, nodeEnv, adminUrl, size: killSize, kill: true, log });
    log(`kill -9 at ${killSize}: ${result.due.perSecond.toFixed(1)} occ/s with the kill and the survivor's recovery (load average ${load()})`);
    figure('scale.due.kill9', result.problems.length === 0 ? 'ok' : `FAIL (${result.problems.length} checks)`);
    problems.push(...result.problems.map((p) => `scale.due.kill9: ${p}`));
  } catch (error) {
    figure('scale.due.kill9', 'FAIL');
    problems.push(`scale.due.kill9: ${(error as Error).message}`);
  }
}

async function benchGrid(adminUrl: string) {
  log(`grid of ${gridHomes} homes: starting (load average ${load()})`);
  try {
    const grid = await runGrid({ root, tempDir, adminUrl, homes: gridHomes, requests: gridRequests, log,
      // As deployed: the grid's latency is the production server's.
      nodeEnv: env.BENCH_SCALE_GRID_NODE_ENV ?? 'production' });
    figure(`scale.grid.p50.${gridHomes}`, grid.sorted.p50.toFixed(1), 'ms');
    figure(`scale.grid.p99.${gridHomes}`, grid.sorted.p99.toFixed(1), 'ms');
    figure(`scale.grid.filtered.p50.${gridHomes}`, grid.filtered.p50.toFixed(1), 'ms');
    figure(`scale.grid.filtered.p99.${gridHomes}`, grid.filtered.p99.toFixed(1), 'ms');
    log(`grid: ${grid.sorted.requests} sorted and ${grid.filtered.requests} filtered pages of 100, one at a time (load average ${load()})`);
    for (const [name, p99] of [[`scale.grid.p99.${gridHomes}`, grid.sorted.p99], [`scale.grid.filtered.p99.${gridHomes}`, grid.filtered.p99]] as const) {
      if (p99 > SCALE_BUDGETS.gridP99Ms) problems.push(`${name}: ${p99.toFixed(1)} ms is over its budget of ${SCALE_BUDGETS.gridP99Ms} ms`);
    }
  } catch (error) {
    problems.push(`scale.grid: ${(error as Error).message}`);
  }
}

async function main() {
  const started = Date.now();
  if (sizes.length === 0) throw new Error(`BENCH_SCALE_SIZES must list sizes like 1000,20000, got '${env.BENCH_SCALE_SIZES}'`);
  const adminUrl = adminUrlOf(env);
  if (!skip.has('due')) await benchDue(adminUrl);
  if (!skip.has('kill')) await benchKill(adminUrl);
  if (!skip.has('grid')) await benchGrid(adminUrl);
  log(`took ${((Date.now() - started) / 1000).toFixed(0)} s (load average ${load()})`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  problems.push(`bench:scale: ${(error as Error).message}`);
} finally {
  await cleanupAll();
}
for (const problem of problems) console.log(`FAIL ${problem}`);
if (problems.length > 0) exitCode = 1;
process.exit(exitCode);
