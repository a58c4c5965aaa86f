// The report of a profiled bench run (BENCH_CPU_PROF=<dir>, docs/bench.md "Where the time goes"):
// the real server's .cpuprofile in <dir> and the bench's phases.json (when each load ran, on the
// profile's clock, and how many requests or operations it made), summarized per phase.
// Also a command: `node tests/bench/lib/profile-report.ts <dir>` prints it again.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { summarize, type CpuProfile, type Window } from './cpu-profile.ts';

export interface Phase {
  /** e.g. `api.read` */
  name: string;
  windows: Window[];
  /** Requests (or operations) completed in the windows. */
  count: number;
  unit: string;
}

/** The monotonic clock the V8 profiler stamps its samples with, in µs. */
export const profileClock = (): number => Number(process.hrtime.bigint() / 1000n);

export function writePhases(dir: string, phases: Phase[]): void {
  writeFileSync(join(dir, 'phases.json'), `${JSON.stringify({ phases }, null, 2)}\n`);
}

/** The newest .cpuprofile in dir (one server profiled per run). */
function newestProfile(dir: string): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir} (did the server exit cleanly?)`);
  return join(dir, files.sort((a, b) => statSync(join(dir, b)).mtimeMs - statSync(join(dir, a)).mtimeMs)[0]);
}

export function profileReport(dir: string, root: string): string {
  const profile = JSON.parse(readFileSync(newestProfile(dir), 'utf8')) as CpuProfile;
  const { phases } = JSON.parse(readFileSync(join(dir, 'phases.json'), 'utf8')) as { phases: Phase[] };
  const lines: string[] = [];
  for (const phase of phases) {
    const s = summarize(profile, root, phase.windows);
    const per = (micros: number) => (phase.count > 0 ? micros / phase.count : NaN);
    // Busy: the main thread was not waiting in the event loop. On a loaded machine that includes
    // moments the process waited for a core, so it is more than the CPU time /proc counts.
    lines.push(`${phase.name}: ${phase.count} ${phase.unit} in ${(s.wallMicros / 1e6).toFixed(1)} s; the server's main thread busy ${(s.busyMicros / 1e3).toFixed(0)} ms `
      + `(${((s.busyMicros / s.wallMicros) * 100).toFixed(0)} % of the time), ${per(s.busyMicros).toFixed(0)} µs per ${phase.unit.replace(/s$/, '')}`);
    for (const { part, micros } of s.parts) {
      if (micros === 0) continue;
      lines.push(`  ${((micros / s.busyMicros) * 100).toFixed(1).padStart(5)} %  ${per(micros).toFixed(0).padStart(6)} µs  ${part}`);
    }
    lines.push('  functions that ran most themselves:');
    for (const { name, micros } of s.topFunctions) lines.push(`  ${((micros / s.busyMicros) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
  return lines.join('\n');
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node tests/bench/lib/profile-report.ts <BENCH_CPU_PROF directory>');
  console.log(profileReport(resolve(dir), resolve(import.meta.dirname, '../../..')));
}
