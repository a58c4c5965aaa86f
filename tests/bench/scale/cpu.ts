// CPU time the work of a phase cost, read from /proc: the server instances' processes and the
// PostgreSQL backends serving the database (but the bench's own, named WATCH_APPLICATION). On a
// machine shared with other work the rates move with the other load; the CPU per item much less.
import type { Db } from '../../../server/db/index.ts';
import { processCpuMicros } from '../lib/cpu-usage.ts';
import { WATCH_APPLICATION } from './database.ts';

export interface CpuSample { servers: Map<number, number>; backends: Map<number, number> }

export async function sampleCpu(db: Db, database: string, serverPids: number[]): Promise<CpuSample> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name IS DISTINCT FROM $2 AND backend_type = 'client backend'`, [database, WATCH_APPLICATION]);
  const read = (pids: number[]) => new Map(pids.flatMap((pid) => {
    const micros = processCpuMicros(pid);
    return micros === null ? [] : [[pid, micros] as const];
  }));
  return { servers: read(serverPids), backends: read(rows.map((r) => Number(r.pid))) };
}

/** CPU ms used between two samples by the servers and by PostgreSQL (a process that started meanwhile counts from zero; one that ended is left out). */
export function cpuBetween(before: CpuSample, after: CpuSample): { servers: number; database: number } {
  const sum = (b: Map<number, number>, a: Map<number, number>) => [...a].reduce((total, [pid, micros]) => total + micros - (b.get(pid) ?? 0), 0) / 1000;
  return { servers: sum(before.servers, after.servers), database: sum(before.backends, after.backends) };
}
