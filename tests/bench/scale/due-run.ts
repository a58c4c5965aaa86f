// One size of the scale bench: N schedules seeded due 11 days ahead (seed-schedules.ts), and a
// warm-up of W more due today, which the two instances notice and charge once both are up (so
// their code is compiled and their connections open, as on a server that has been up a while);
// then the shared app clock (server/clock.ts: an offset in settings that every
// instance reads on each tick) moved forward twice, the way the development clock route moves it,
// without running anything itself:
//   +1 day: the schedules are 10 days away, each needs its debit notice (recurring-notices.ts),
//           recorded and mailed by the instances' ticks;
//   +11 days: they are due, each occurrence is charged by the ticks (recurring-due-work.ts).
// Each phase is timed from the start of the first tick that found work (the rows' created_at is that
// tick's app-clock now, less the offset) until the bench sees the last item done, then checked
// exactly once (verify.ts). With `kill`, the instance running the due work is killed with SIGKILL
// once a third of the occurrences are done, and the other one must finish.
import type { Db } from '../../../server/db/index.ts';
import { CLOCK_OFFSET_SETTING } from '../../../server/clock.ts';
import { addDays, appDate } from '../../../server/payments/billing.ts';
import { sleep } from '../lib/procs.ts';
import { createBenchDatabase, type BenchDatabase } from './database.ts';
import { cpuBetween, sampleCpu } from './cpu.ts';
import { busiest, isAlive, killHard, startPair, type Instance, type StartOptions } from './instances.ts';
import { seedDueSchedules } from './seed-schedules.ts';
import { dueChecks, failedChecks, noticeChecks } from './verify.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days between the seed's today and the schedules' date. */
const DAYS_AHEAD = 11;
/** A phase fails when nothing more got done for this long (a kill's recovery takes about 80 s: the tick's heartbeat, then the 60 s claim lease). */
const STALL_MS = Number(process.env.BENCH_SCALE_STALL_MS ?? 180_000);
/** Schedules due today, charged before the measured ones (BENCH_SCALE_WARMUP). */
const WARMUP = Number(process.env.BENCH_SCALE_WARMUP ?? 200);

export interface PhaseResult {
  items: number;
  seconds: number;
  perSecond: number;
  /** CPU ms per item from the clock's move to the last item, the servers' and PostgreSQL's (cpu.ts). */
  cpuMsPerItem: { servers: number; database: number };
}

export interface SizeResult {
  size: number;
  notices: PhaseResult;
  due: PhaseResult;
  /** Exactly-once checks that failed (empty: all held). */
  problems: string[];
  /** What the kill did, when asked for. */
  kill?: { at: number; killed: string; survivor: string; resumedAfterS?: number };
}

export interface RunOptions extends Omit<StartOptions, 'databaseUrl'> {
  adminUrl: string;
  size: number;
  kill: boolean;
  log: (line: string) => void;
}

async function moveClock(db: Db, offsetMs: number): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`,
    [CLOCK_OFFSET_SETTING, String(offsetMs)],
  );
}

interface Watch {
  /** Items done so far. */
  done: () => Promise<number>;
  /** Real time (ms) the first item's tick started, or null before any. */
  started: (offsetMs: number) => Promise<number | null>;
}

/** The notices of the schedules due on `date`: done once mailed. */
const noticeWatch = (db: Db, date: string): Watch => ({
  done: async () => Number((await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM recurring_debit_notices WHERE occurrence_date = $1::date AND sent_at IS NOT NULL`, [date])).rows[0].n),
  started: async (offsetMs) => {
    const { rows } = await db.query<{ t: Date | null }>(`SELECT min(created_at) AS t FROM recurring_debit_notices WHERE occurrence_date = $1::date`, [date]);
    return rows[0].t ? rows[0].t.getTime() - offsetMs : null;
  },
});

/** The occurrences of `date`: done once their outcome is counted. */
const dueWatch = (db: Db, date: string): Watch => ({
  done: async () => Number((await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM recurring_payment_occurrences WHERE occurrence_date = $1::date AND applied_at IS NOT NULL`, [date])).rows[0].n),
  started: async (offsetMs) => {
    const { rows } = await db.query<{ t: Date | null }>(`SELECT min(created_at) AS t FROM recurring_payment_occurrences WHERE occurrence_date = $1::date`, [date]);
    return rows[0].t ? rows[0].t.getTime() - offsetMs : null;
  },
});

/** Waits until `count` items are done; `onProgress` sees each count (the kill hangs on it). */
async function waitFor(name: string, database: BenchDatabase, watch: Watch, count: number, offsetMs: number, instances: Instance[], log: (line: string) => void,
  onProgress?: (done: number) => Promise<void>): Promise<PhaseResult> {
  const moved = Date.now();
  const pids = instances.map((i) => i.child.process.pid!);
  const cpuBefore = await sampleCpu(database.db, database.name, pids);
  let lastDone = -1;
  let lastChange = Date.now();
  let lastLog = 0;
  for (;;) {
    const done = await watch.done();
    const now = Date.now();
    if (done >= count) {
      const cpu = cpuBetween(cpuBefore, await sampleCpu(database.db, database.name, pids));
      const first = (await watch.started(offsetMs)) ?? moved;
      const seconds = (now - first) / 1000;
      const cpuMsPerItem = { servers: cpu.servers / count, database: cpu.database / count };
      log(`${name}: ${done} of ${count} done ${seconds.toFixed(1)} s after the first tick that found them (${((now - moved) / 1000).toFixed(1)} s after the wait began); `
        + `CPU per item: the servers ${cpuMsPerItem.servers.toFixed(1)} ms, PostgreSQL ${cpuMsPerItem.database.toFixed(1)} ms`);
      return { items: count, seconds, perSecond: count / seconds, cpuMsPerItem };
    }
    if (done !== lastDone) {
      lastDone = done;
      lastChange = now;
    } else if (now - lastChange > STALL_MS) {
      throw new Error(`${name}: stuck at ${done} of ${count} for ${STALL_MS / 1000} s`);
    }
    if (!instances.some(isAlive)) throw new Error(`${name}: every instance exited:\n${instances.map((i) => i.child.output()).join('\n')}`);
    if (now - lastLog >= Number(process.env.BENCH_SCALE_PROGRESS_MS ?? 5000)) {
      lastLog = now;
      log(`${name}: ${done} of ${count} done, ${((now - moved) / 1000).toFixed(0)} s after the wait began`);
    }
    if (onProgress) await onProgress(done);
    await sleep(250);
  }
}

export async function runSize(options: RunOptions): Promise<SizeResult> {
  const { size, log } = options;
  const database = await createBenchDatabase(options.adminUrl, 'bench_scale_due');
  let instances: Instance[] = [];
  try {
    const now = new Date();
    const today = appDate(now);
    const dueDate = addDays(today, DAYS_AHEAD);
    const seeding = Date.now();
    await seedDueSchedules(database.db, { count: size, dueDate, warm: WARMUP, warmDate: today }, now);
    log(`${size}: seeded ${size} schedules due ${dueDate} and ${WARMUP} due today in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    // The warm-up waits, paused, until both instances are up (the first would otherwise do it alone while the second starts).
    await database.db.query(`UPDATE recurring_payments SET status = 'paused' WHERE start_date = $1::date`, [today]);
    instances = await startPair({ ...options, databaseUrl: database.url });
    if (WARMUP > 0) {
      await database.db.query(`UPDATE recurring_payments SET status = 'active' WHERE start_date = $1::date`, [today]);
      await waitFor(`${size} warm-up`, database, dueWatch(database.db, today), WARMUP, 0, instances, log);
    }
    const early = await noticeWatch(database.db, dueDate).done();
    if (early > 0) throw new Error(`${early} notices were recorded before the clock moved (did the New York date change during the seed?)`);

    const noticeOffset = DAY_MS;
    await moveClock(database.db, noticeOffset);
    const notices = await waitFor(`${size} notices`, database, noticeWatch(database.db, dueDate), size, noticeOffset, instances, log);
    const problems = failedChecks(await noticeChecks(database.db, size + WARMUP)).map((p) => `notices at ${size}: ${p}`);

    const dueOffset = DAYS_AHEAD * DAY_MS;
    await moveClock(database.db, dueOffset);
    let kill: SizeResult['kill'];
    const killAt = Math.ceil(size / 3);
    let killedAt = 0;
    const due = await waitFor(`${size} due`, database, dueWatch(database.db, dueDate), size, dueOffset, instances, log, options.kill ? async (done) => {
      if (kill && !kill.resumedAfterS && done > kill.at) {
        kill.resumedAfterS = (Date.now() - killedAt) / 1000;
        log(`${size} due: ${kill.survivor} went on ${kill.resumedAfterS.toFixed(1)} s after the kill`);
      }
      if (kill || done < killAt) return;
      const victim = await busiest(instances, 500);
      await killHard(victim);
      killedAt = Date.now();
      const survivor = instances.find((i) => i !== victim)!;
      kill = { at: await dueWatch(database.db, dueDate).done(), killed: victim.child.name, survivor: survivor.child.name };
      log(`${size} due: killed ${victim.child.name} (kill -9, the busier one) with ${kill.at} of ${size} done; ${survivor.child.name} goes on`);
    } : undefined);
    if (options.kill && !kill) problems.push(`kill -9 at ${size}: the work was done before the instance could be killed`);
    problems.push(...failedChecks(await dueChecks(database.db, size + WARMUP)).map((p) => `due at ${size}: ${p}`));
    return { size, notices, due, problems, kill };
  } finally {
    for (const instance of instances) await instance.child.stop();
    await database.drop();
  }
}
