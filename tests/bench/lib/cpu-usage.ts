// CPU time used by a process and by the PostgreSQL backends serving one database, read from
// /proc (Linux): what a request costs the machine, whatever else keeps it busy. Throughput on a
// shared 2-core machine moves with the other load; CPU time per request moves far less.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** The kernel's clock ticks per second for /proc times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in µs; null when it is gone. */
export function processCpuMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The process ids of the PostgreSQL backends connected to `database` (the server's pool). */
export async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  return rows.map((r) => Number(r.pid));
}

export interface CpuSample { server: number | null; backends: Map<number, number> }

export async function sampleCpu(serverPid: number | undefined, admin: pg.Client, database: string): Promise<CpuSample> {
  const backends = new Map<number, number>();
  for (const pid of await backendPids(admin, database)) {
    const micros = processCpuMicros(pid);
    if (micros !== null) backends.set(pid, micros);
  }
  return { server: serverPid === undefined ? null : processCpuMicros(serverPid), backends };
}

/**
 * CPU µs used between two samples by the server and by the backends (those present in both; a
 * backend that started meanwhile counts from zero).
 */
export function cpuBetween(before: CpuSample, after: CpuSample): { server: number | null; database: number } {
  let database = 0;
  for (const [pid, micros] of after.backends) database += micros - (before.backends.get(pid) ?? 0);
  const server = before.server !== null && after.server !== null ? after.server - before.server : null;
  return { server, database };
}
