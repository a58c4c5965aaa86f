// `node tests/bench/grid.ts`: the board grid figure alone (api.grid.p99, lib/grid.ts), without
// building anything; `npm run bench` measures it too (BENCH_SKIP=grid leaves it out there).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cleanupAll, onCleanup } from './lib/procs.ts';
import { GRID_P99_BUDGET_MS, runGridBench } from './lib/grid.ts';

const root = resolve(import.meta.dirname, '../..');

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let failed = false;
try {
  const grid = await runGridBench({ root, tempDir });
  console.log(`api.grid.p99: ${grid.p99.toFixed(1)} ms`);
  console.error(`bench: board grid p50 ${grid.p50.toFixed(1)} ms over ${grid.requests} requests`);
  for (const note of grid.notes) console.error(`bench: ${note}`);
  if (grid.p99 > GRID_P99_BUDGET_MS) {
    console.log(`FAIL api.grid.p99: ${grid.p99.toFixed(1)} ms is over its budget of ${GRID_P99_BUDGET_MS} ms`);
    failed = true;
  }
} finally {
  await cleanupAll();
}
process.exit(failed ? 1 : 0);
