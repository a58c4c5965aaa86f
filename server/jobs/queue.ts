// The job runner: pg-boss on the app's database (PGlite embedded, or PostgreSQL), a recurring
// `tick` job that runs the due work with the app clock's now, and a manual runDueWork() for tests
// and for the development clock route.
//
// Each instance enqueues a tick every `tickSeconds` into a 'stately' queue (at most one waiting and
// one running across all instances), and any instance's worker runs it. The due work itself claims
// rows with SKIP LOCKED, so even overlapping runs never process an item twice.
//
// A running tick blocks the next one everywhere, so the tick of an instance that dies must not stay
// running: its worker refreshes the job's heartbeat while it works, and every instance's supervisor
// fails a tick whose heartbeat stopped, after which the waiting tick runs on a surviving instance
// (within heartbeatSeconds + superviseSeconds + a poll of the crash, about 21 s by default).
//
// Spread work: due work too long for one tick (thousands of recurring charges on one date) hands
// its bulk to every instance instead of holding the tick (and every other due work) for minutes.
// spread(name, now) puts up to `slots` jobs on the SPREAD_QUEUE ('exclusive': at most one queued or
// running per slot, so a tick repeating the call adds nothing while they run); each instance's
// worker takes one at a time and runs the registered spread work with the tick's now (so what the
// due work before it did for that now, e.g. posting the day's assessments, is done first). A
// spread job of a dead instance is given up by its heartbeat like a tick, and the next tick spreads
// the work again. The spread work must claim its rows as due work does (SKIP LOCKED): several
// instances run it at once. Without the queue spread() does nothing and returns false: the due
// work then runs the work itself, in the tick (tests, the development clock route).
import { PgBoss, fromPglite, type PGliteLike } from 'pg-boss';
import type { Db } from '../db/index.ts';
import { isAdjustableClock, type Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { registeredDueWork, type DueWork } from './due-work.ts';

export const TICK_QUEUE = 'app-tick';
export const DEFAULT_TICK_SECONDS = 5;
/** pg-boss's smallest heartbeat interval for a job. */
export const DEFAULT_HEARTBEAT_SECONDS = 10;
export const DEFAULT_SUPERVISE_SECONDS = 10;
export const SPREAD_QUEUE = 'app-spread';
/** A spread job running longer than this is given up (the next tick spreads the work again). */
const SPREAD_EXPIRE_SECONDS = 900;

export interface JobsQueueOptions {
  /** PostgreSQL: the connection string pg-boss opens its own small pool on (required for a postgres Db). */
  databaseUrl?: string;
  /** Seconds between ticks (default 5). */
  tickSeconds?: number;
  /** Seconds between a worker's polls for a tick job (default 1). */
  pollingIntervalSeconds?: number;
  /** A running tick whose heartbeat is older than this is given up (an integer >= 10; default 10). */
  heartbeatSeconds?: number;
  /** Seconds between an instance's looks for ticks given up (pg-boss supervise and monitor; default 10). */
  superviseSeconds?: number;
  /** pg-boss's schema (default pgboss). */
  schema?: string;
}

export interface StartJobsOptions {
  db: Db;
  clock: Clock;
  /** Due work of this runner only, besides what registerDueWork registered for the process. */
  handlers?: Record<string, DueWork>;
  /** false (default): no queue and no timers; call runDueWork() yourself (tests). */
  queue?: boolean | JobsQueueOptions;
  log?: Logger;
}

export interface DueWorkReport {
  now: Date;
  /** Items processed, by due-work name. */
  ran: Record<string, number>;
  /** Error messages of due work that threw (the others still ran). */
  failed: Record<string, string>;
}

export interface Jobs {
  /** Adds due work to this runner; returns a function that removes it. */
  register(name: string, fn: DueWork): () => void;
  /** Refreshes the clock and runs all due work now (serialized within this instance). */
  runDueWork(): Promise<DueWorkReport>;
  /** Asks for a tick as soon as possible (any instance's worker runs it); no-op without the queue. */
  trigger(): Promise<void>;
  /** Adds work that due work can spread over the instances (spread()); returns a function that removes it. */
  registerSpread(name: string, fn: DueWork): () => void;
  /**
   * Queue mode: has up to `slots` instances run the spread work `name` with this now, one job per
   * slot (a slot still queued or running is left as it is); true. Without the queue: false (run it yourself).
   */
  spread(name: string, now: Date, slots: number): Promise<boolean>;
  /** The pg-boss instance when the queue runs. */
  readonly boss: PgBoss | null;
  stop(): Promise<void>;
}

const silentLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { db, clock } = options;
  const log = options.log ?? silentLog;
  const own = new Map<string, DueWork>(Object.entries(options.handlers ?? {}));
  const spreadWork = new Map<string, DueWork>();
  let chain: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const stopping = new AbortController();

  async function runOnce(mayDefer: boolean): Promise<DueWorkReport> {
    if (isAdjustableClock(clock)) await clock.refresh();
    const now = clock();
    const report: DueWorkReport = { now, ran: {}, failed: {} };
    const all = new Map<string, DueWork>([...registeredDueWork(), ...own]);
    for (const [name, fn] of all) {
      try {
        report.ran[name] = Number((await fn(now, { db, log, mayDefer })) ?? 0);
      } catch (error) {
        report.failed[name] = (error as Error).message;
        log.error({ err: error, dueWork: name }, `due work ${name} failed`);
      }
    }
    return report;
  }

  function runDueWork(mayDefer = false): Promise<DueWorkReport> {
    const once = () => runOnce(mayDefer);
    const run = chain.then(once, once);
    chain = run.catch(() => undefined);
    return run;
  }

  let boss: PgBoss | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  if (options.queue) {
    const q = options.queue === true ? {} : options.queue;
    const superviseSeconds = q.superviseSeconds ?? DEFAULT_SUPERVISE_SECONDS;
    const common = {
      schema: q.schema ?? 'pgboss',
      schedule: false,
      supervise: true,
      migrate: true,
      superviseIntervalSeconds: superviseSeconds,
      monitorIntervalSeconds: superviseSeconds,
    };
    if (db.kind === 'pglite') {
      const pglite = (db as Db & { pglite?: PGliteLike }).pglite;
      if (!pglite) throw new Error('startJobs: this PGlite database does not expose its PGlite instance (open it with openPglite)');
      boss = new PgBoss({ ...common, db: fromPglite(pglite), backend: 'pglite' });
    } else {
      if (!q.databaseUrl) throw new Error('startJobs: the job queue on PostgreSQL needs databaseUrl');
      boss = new PgBoss({ ...common, connectionString: q.databaseUrl, max: 3, application_name: 'portal-jobs' });
    }
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    // A tick that lives on past its heartbeat or 5 minutes is failed, not retried: the next tick redoes its work.
    const tickJobs = { retryLimit: 0, expireInSeconds: 300, heartbeatSeconds: q.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS, deleteAfterSeconds: 600 };
    await boss.createQueue(TICK_QUEUE, { policy: 'stately', ...tickJobs });
    // createQueue leaves a queue made by an earlier version as it was.
    await boss.updateQueue(TICK_QUEUE, tickJobs);
    await boss.work(TICK_QUEUE, { pollingIntervalSeconds: q.pollingIntervalSeconds ?? 1, batchSize: 1 }, async () => {
      const report = await runDueWork(true);
      if (Object.keys(report.failed).length) log.warn({ failed: report.failed }, 'some due work failed on this tick');
    });
    // Spread jobs: one at a time per instance (the spread work runs its own concurrent workers).
    const spreadJobs = { retryLimit: 0, expireInSeconds: SPREAD_EXPIRE_SECONDS, heartbeatSeconds: tickJobs.heartbeatSeconds, deleteAfterSeconds: 600 };
    await boss.createQueue(SPREAD_QUEUE, { policy: 'exclusive', ...spreadJobs });
    await boss.updateQueue(SPREAD_QUEUE, spreadJobs);
    await boss.work<{ name: string; now: string }>(SPREAD_QUEUE, { pollingIntervalSeconds: q.pollingIntervalSeconds ?? 1, batchSize: 1, localConcurrency: 1 }, async ([job]) => {
      const fn = spreadWork.get(job.data.name);
      if (!fn || stopped) return;
      try {
        await fn(new Date(job.data.now), { db, log, signal: AbortSignal.any([job.signal, stopping.signal]) });
      } catch (error) {
        log.error({ err: error, spreadWork: job.data.name }, `spread work ${job.data.name} failed`);
      }
    });
    const tickMs = Math.max(0.5, q.tickSeconds ?? DEFAULT_TICK_SECONDS) * 1000;
    const b = boss;
    timer = setInterval(() => {
      if (stopped) return;
      void (async () => {
        // Every instance follows clock advances made on another one.
        if (isAdjustableClock(clock)) await clock.refresh();
        await b.send(TICK_QUEUE, {});
      })().catch((error) => log.warn({ err: error }, 'could not enqueue a tick'));
    }, tickMs);
    timer.unref();
    await boss.send(TICK_QUEUE, {});
  }

  return {
    register(name, fn) {
      if (own.has(name)) throw new Error(`Due work '${name}' is already registered on this runner`);
      own.set(name, fn);
      return () => void own.delete(name);
    },
    runDueWork,
    async trigger() {
      if (boss && !stopped) await boss.send(TICK_QUEUE, {});
    },
    registerSpread(name, fn) {
      if (spreadWork.has(name)) throw new Error(`Spread work '${name}' is already registered on this runner`);
      spreadWork.set(name, fn);
      return () => void spreadWork.delete(name);
    },
    async spread(name, now, slots) {
      if (!boss) return false;
      if (stopped) return true;
      for (let slot = 0; slot < slots; slot++) await boss.send(SPREAD_QUEUE, { name, now: now.toISOString() }, { singletonKey: `${name}#${slot}` });
      return true;
    },
    get boss() {
      return boss;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopping.abort();
      if (timer) clearInterval(timer);
      if (boss) await boss.stop({ graceful: true, timeout: 5000 }).catch((error) => log.warn({ err: error }, 'job queue did not stop cleanly'));
      await chain;
    },
  };
}
