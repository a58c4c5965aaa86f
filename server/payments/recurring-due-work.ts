// Recurring payments: the due work 'payments.recurring' charges every active schedule whose next
// payment date (America/New_York, app clock) has come, exactly once per occurrence.
//
// Claiming (recurring-claim.ts): one transaction takes a batch of due schedules (oldest date first,
// rows locked FOR UPDATE SKIP LOCKED, so concurrent claimers take disjoint schedules) and writes,
// for each, the occurrence's row (primary key: schedule and date), the payment it makes (kind
// 'recurring', or 'auto_draft' for an auto-draft's child schedule; status 'processing', claimed)
// and the schedule's next date one period on. Whatever runs it again (a retry, a second instance,
// the next tick) finds the date taken or the schedule moved on, so an occurrence is charged at most
// once. The charge itself is the future payments' path: PaymentService.chargeClaimed (provider
// idempotency key = payment id, ledger entry and receipt on success). A claim left by a crashed
// process (older than the lease), or released after a transient provider failure, is charged again
// later with the same key (the provider replays the first result): resumeLeftCharges.
//
// Catching up after downtime (or a clock jump): every missed occurrence is charged, once each and
// in date order. A schedule with an open occurrence (being charged, or its outcome not counted
// yet) is not claimed, so its next occurrence is claimed only when the previous one's outcome has
// been counted (recurring-outcomes.ts), and two failures in a row pause it before anything else is
// charged.
//
// Throughput: `concurrency` workers (DUE_WORK_CONCURRENCY; 1 on PGlite, one connection) each
// claim a batch, charge its payments one by one and count the batch's outcomes in one
// transaction, then claim again, until nothing is claimable. Each batch costs a handful of round
// trips whatever the number due, so the rate per occurrence stays flat.
//
// Spreading: on a queue tick (context.mayDefer) the run only finishes what was left (resumeLeftCharges,
// applyPendingOutcomes, applyBankResults) and, when anything is due, spreads the charging to the
// instances (jobs.spread: one job per slot, each instance's worker takes one at a time) with the
// tick's now, then returns: the tick (and every other due work) is not held for the minutes a
// large date takes, and every instance charges at once. Exactly once rests on the claim alone, so
// instances, workers and runs may overlap freely; an instance killed mid-batch leaves claimed
// payments (charged again after the lease, same key) and open occurrences (counted by the next
// run), and the others go on with the rest. A run its caller waits for (runDueWork: the
// development clock route, tests), or without the queue, charges everything due itself.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { allWorkers, eachConcurrently } from './concurrent.ts';
import type { Logger, Services } from '../handlers/types.ts';
import type { Mailer } from '../mail/index.ts';
import { paymentServiceFor } from './index.ts';
import { appDate } from './billing.ts';
import type { PaymentService } from './service.ts';
import { claimDueOccurrences, type Claimed } from './recurring-claim.ts';
import { applyBankResults, applyOutcomes } from './recurring-outcomes.ts';
import { recordDueNotices, RECURRING_NOTICES_DUE_WORK } from './recurring-notices.ts';

export { FAILURES_BEFORE_PAUSE } from './recurring-outcomes.ts';
export const RECURRING_DUE_WORK = 'payments.recurring';
const LEASE_MS = 60_000;
/** Schedules one claim takes at most. */
const CLAIM_BATCH = 50;
/** Left claims one run charges again at most. */
const RESUME_BATCH = 500;
/** Instances the charging is spread to at most (one spread job each at a time). */
const SPREAD_SLOTS = 8;
/** How long one tick records notices at most (on the job queue). */
const NOTICE_SLICE_MS = 20_000;
/** Workers per instance on PostgreSQL unless DUE_WORK_CONCURRENCY says otherwise. */
export const DEFAULT_CONCURRENCY = 4;

interface Deps {
  db: Db;
  service: PaymentService;
  mailer: Mailer | null;
  log?: Logger;
  /** The app clock now (claims are stamped with it: a spread run's `now` is its tick's). */
  clock: () => Date;
}

export interface ChargeOptions {
  /** Workers claiming and charging at once (default 1). */
  concurrency?: number;
  /** Stops claiming when aborted (the batches claimed are finished). */
  signal?: AbortSignal;
}

/**
 * Charges again the recurring payments whose claim was left behind (a crash) or released (a
 * transient failure): up to RESUME_BATCH per run, more than a dead instance's workers hold.
 */
async function resumeLeftCharges(deps: Deps, now: Date, concurrency: number): Promise<void> {
  const claim = randomBytes(12).toString('base64url');
  // Through payments_processing_idx: only payments being charged are read. MATERIALIZED: the
  // rows are picked (and locked) once, so LIMIT holds (an IN subquery may be scanned again).
  const { rows } = await deps.db.query<{ id: string }>(
    `WITH picked AS MATERIALIZED (
       SELECT id FROM payments WHERE kind IN ('recurring', 'auto_draft') AND status = 'processing' AND (claimed_at IS NULL OR claimed_at < $3)
        ORDER BY kind, claimed_at NULLS FIRST LIMIT ${RESUME_BATCH} FOR UPDATE SKIP LOCKED)
     UPDATE payments p SET claim_token = $1, claimed_at = $2, updated_at = $2 FROM picked
      WHERE p.id = picked.id AND p.status = 'processing' AND (p.claim_token IS NULL OR p.claimed_at < $3)
      RETURNING p.id`,
    [claim, deps.clock(), new Date(now.getTime() - LEASE_MS)],
  );
  await eachConcurrently(rows, concurrency, ({ id }) => chargeSafely(deps, id, claim));
}

async function chargeSafely(deps: Deps, paymentId: string, claim: string): Promise<void> {
  try {
    await deps.service.chargeClaimed(paymentId, claim);
  } catch (error) {
    deps.log?.error({ err: error, paymentId }, 'a recurring payment could not be charged (it is retried on a later tick)');
  }
}

/**
 * Counts the outcomes not counted yet whose payment is no longer being charged (after a crash, or
 * charges finished by resumeLeftCharges), oldest first. Reads only the open occurrences (their
 * partial index): those of payments being charged right now are counted by their worker.
 */
async function applyPendingOutcomes(deps: Deps, now: Date): Promise<number> {
  const { rows } = await deps.db.query<{ recurring_payment_id: string; occurrence_date: string }>(
    `SELECT o.recurring_payment_id, to_char(o.occurrence_date, 'YYYY-MM-DD') AS occurrence_date
       FROM recurring_payment_occurrences o LEFT JOIN payments p ON p.id = o.payment_id
      WHERE o.applied_at IS NULL AND (p.id IS NULL OR p.status <> 'processing')
      ORDER BY o.occurrence_date, o.recurring_payment_id LIMIT 1000`,
  );
  let applied = 0;
  for (let from = 0; from < rows.length; from += CLAIM_BATCH) {
    const batch = rows.slice(from, from + CLAIM_BATCH).map((o) => ({ recurringId: o.recurring_payment_id, occurrenceDate: o.occurrence_date }));
    applied += await applyOutcomes(deps, batch, now);
  }
  return applied;
}

/** Finishes what earlier runs left: claims to charge again, outcomes and bank answers to count. Returns the outcomes counted. */
export async function finishLeftOccurrences(deps: Deps, now: Date, concurrency = 1): Promise<number> {
  await resumeLeftCharges(deps, now, concurrency);
  const processed = await applyPendingOutcomes(deps, now);
  await applyBankResults(deps, now);
  return processed;
}

/** Whether any schedule has an occurrence due at `now` that no one is working on (one index read). */
export async function anyOccurrenceDue(db: Db, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM recurring_payments r WHERE r.status = 'active' AND r.next_payment_date <= $1::date
        AND NOT EXISTS (SELECT 1 FROM recurring_payment_occurrences o WHERE o.recurring_payment_id = r.id AND o.applied_at IS NULL) LIMIT 1`,
    [appDate(now)],
  );
  return rows.length > 0;
}

/**
 * Claims, charges and counts the occurrences due at `now` until none is claimable (or the signal
 * aborts), with `concurrency` workers; returns how many occurrences reached an outcome.
 */
export async function chargeDueOccurrences(deps: Deps, now: Date, options: ChargeOptions = {}): Promise<number> {
  let processed = 0;
  const worker = async () => {
    while (!options.signal?.aborted) {
      const claimed: Claimed[] = await claimDueOccurrences(deps.db, now, CLAIM_BATCH, deps.clock());
      if (!claimed.length) return;
      for (const c of claimed) if (c.kind === 'charge') await chargeSafely(deps, c.paymentId, c.claim);
      const counted = await applyOutcomes(deps, claimed.filter((c) => c.kind !== 'skipped'), now);
      processed += counted + claimed.filter((c) => c.kind === 'skipped').length;
    }
  };
  await allWorkers(Math.max(1, options.concurrency ?? 1), worker);
  return processed;
}

/** Charges the recurring payments due at `now`, all of them, in this run; returns how many occurrences reached an outcome. */
export async function processDueRecurringPayments(deps: Deps, now: Date, options: ChargeOptions = {}): Promise<number> {
  const processed = await finishLeftOccurrences(deps, now, options.concurrency);
  return processed + (await chargeDueOccurrences(deps, now, options));
}

/** Workers per instance for the due work's charging and notices (DUE_WORK_CONCURRENCY): 1 on PGlite, one connection anyway. */
export function dueWorkConcurrency(db: Db, configured: number | undefined): number {
  if (db.kind === 'pglite') return 1;
  return configured ?? DEFAULT_CONCURRENCY;
}

/**
 * Turns on the due work 'payments.recurring-notices' and 'payments.recurring' on this app's job
 * runner (and the spread work that charges); the returned function turns them off.
 */
export function enableRecurringPayments(services: Services, options: { concurrency?: number } = {}): () => Promise<void> {
  const deps = (db: Db, log: Logger): Deps => ({ db, service: paymentServiceFor(services), mailer: services.mailer, log, clock: services.clock });
  const concurrency = dueWorkConcurrency(services.db, options.concurrency);
  // The notices first: an occurrence due today is noticed (and its amount fixed) before it is charged.
  // On the queue a run records for NOTICE_SLICE_MS at most (the tick goes on to the other due
  // work) and asks for another tick when it stopped before the end.
  const unregisterNotices = services.jobs.register(RECURRING_NOTICES_DUE_WORK, async (now, context) => {
    const sliceMs = context.mayDefer ? NOTICE_SLICE_MS : undefined;
    const { recorded, more } = await recordDueNotices({ db: context.db, mailer: services.mailer, log: context.log, concurrency, sliceMs }, now);
    if (more) await services.jobs.trigger();
    return recorded;
  });
  const unregisterSpread = services.jobs.registerSpread(RECURRING_DUE_WORK, (now, context) =>
    chargeDueOccurrences(deps(context.db, context.log), now, { concurrency, signal: context.signal }),
  );
  const unregister = services.jobs.register(RECURRING_DUE_WORK, async (now, context) => {
    const d = deps(context.db, context.log);
    const processed = await finishLeftOccurrences(d, now, concurrency);
    // On the queue the instances charge (see the file comment); without it, this run does.
    if (context.mayDefer && (await anyOccurrenceDue(context.db, now)) && (await services.jobs.spread(RECURRING_DUE_WORK, now, SPREAD_SLOTS))) return processed;
    return processed + (await chargeDueOccurrences(d, now, { concurrency }));
  });
  return async () => {
    unregister();
    unregisterSpread();
    unregisterNotices();
  };
}
