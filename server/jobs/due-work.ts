// "Due work": functions run on every tick with the app clock's now (bank settlement, future-dated
// payments, ...). Each must claim its own rows safely (SELECT ... FOR UPDATE SKIP LOCKED, or a
// conditional UPDATE ... RETURNING) so that two instances running it at once never process one
// item twice, and must be safe to run again with the same now.
import type { Db } from '../db/index.ts';
import type { Logger } from '../logger.ts';

export interface DueWorkContext {
  db: Db;
  log: Logger;
  /** Spread work only: aborted when its job is given up or the runner stops (end at the next safe point). */
  signal?: AbortSignal;
  /**
   * True on a queue tick: work too long for the tick may be left to later ticks or spread over the
   * instances. False when the caller waits for the work itself (runDueWork: the development clock
   * route, tests): everything due is done before it returns.
   */
  mayDefer?: boolean;
}

/** Processes whatever is due at `now`; returns how many items it processed (for logs and reports). */
export type DueWork = (now: Date, context: DueWorkContext) => Promise<number | void>;

const registry = new Map<string, DueWork>();

/**
 * Registers due work for every job runner in this process (call at module load, e.g. beside the
 * payments handlers). Names must be unique; returns a function that unregisters it.
 */
export function registerDueWork(name: string, fn: DueWork): () => void {
  if (!name || typeof fn !== 'function') throw new Error('registerDueWork needs a name and a function');
  if (registry.has(name) && registry.get(name) !== fn) throw new Error(`Due work '${name}' is already registered`);
  registry.set(name, fn);
  return () => {
    if (registry.get(name) === fn) registry.delete(name);
  };
}

/** The due work registered with registerDueWork, in registration order. */
export function registeredDueWork(): [string, DueWork][] {
  return [...registry.entries()];
}
