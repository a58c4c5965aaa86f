// Future-dated one-time payments: the due work 'payments.future' charges each scheduled payment on
// its date (America/New_York), exactly once, through the payment service.
//
// Claiming: one conditional UPDATE ... WHERE status = 'scheduled' ... RETURNING (rows picked once,
// in a materialized CTE, with FOR UPDATE SKIP LOCKED) moves what is due to 'processing' with a claim token, so two instances
// (or two overlapping runs) never claim the same payment. The service then charges with the
// payment id as the provider's idempotency key and records the outcome only while the claim is
// still ours. A claim left behind by a crashed process (older than the lease), or released after a
// transient provider failure, is claimed again; the provider replays the first charge's result.
// DUE_WORK_CONCURRENCY workers per instance (1 on PGlite) claim and charge batches at once.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { Logger, Services } from '../handlers/types.ts';
import { registerDueWork, type DueWorkContext } from '../jobs/index.ts';
import { paymentServiceFor } from './index.ts';
import type { PaymentService } from './service.ts';
import { appDate } from './billing.ts';
import { allWorkers } from './concurrent.ts';
import { dueWorkConcurrency } from './recurring-due-work.ts';

export const FUTURE_DUE_WORK = 'payments.future';
const LEASE_MS = 60_000;
const BATCH = 50;

/**
 * Claims and charges the future payments due at `now`; returns how many reached an outcome.
 * `concurrency` workers (one connection each) claim a batch each and charge it, until none is left
 * (or 100 batches were claimed: the next tick goes on); the claim alone keeps each payment once.
 */
export async function processDueFuturePayments(service: PaymentService, db: Db, now: Date, log?: Logger, concurrency = 1): Promise<number> {
  const today = appDate(now);
  const stale = new Date(now.getTime() - LEASE_MS);
  let processed = 0;
  let rounds = 0;
  const worker = async () => {
    while (rounds++ < 100) {
      const claim = randomBytes(12).toString('base64url');
      // MATERIALIZED: the rows are picked (and locked) once, so LIMIT holds (an IN subquery may be
      // run again for each row it is compared with). Both halves of the OR are read through their
      // partial indexes (payments_due_idx, payments_processing_idx): only what is due or being charged.
      const { rows } = await db.query<{ id: string }>(
        `WITH picked AS MATERIALIZED (
           SELECT id FROM payments
            WHERE kind = 'future'
              AND ((status = 'scheduled' AND scheduled_date <= $3::date)
                OR (status = 'processing' AND (claim_token IS NULL OR claimed_at < $4)))
            ORDER BY scheduled_date, id LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
         UPDATE payments p SET status = 'processing', claim_token = $1, claimed_at = $2, updated_at = $2 FROM picked
          WHERE p.id = picked.id
            AND ((p.status = 'scheduled' AND p.scheduled_date <= $3::date) OR (p.status = 'processing' AND (p.claim_token IS NULL OR p.claimed_at < $4)))
          RETURNING p.id`,
        [claim, now, today, stale],
      );
      if (rows.length === 0) return;
      for (const { id } of rows) {
        try {
          const outcome = await service.chargeClaimed(id, claim);
          if (outcome !== 'lost' && outcome.status !== 'processing') processed++;
        } catch (error) {
          log?.error({ err: error, paymentId: id }, 'a future payment could not be charged (it is retried on a later tick)');
        }
      }
      if (rows.length < BATCH) return;
    }
  };
  await allWorkers(Math.max(1, concurrency), worker);
  return processed;
}

// The due work is registered for the process while at least one app with a payment provider runs;
// it finds the app of the database it is run on.
const apps = new Map<Db, Services[]>();
/** Each app's workers (DUE_WORK_CONCURRENCY; 1 on PGlite). */
const workersOf = new WeakMap<Services, number>();
let unregister: (() => void) | null = null;

async function dueWork(now: Date, context: DueWorkContext): Promise<number> {
  const services = apps.get(context.db)?.find((s) => s.paymentProvider);
  if (!services) return 0;
  return processDueFuturePayments(paymentServiceFor(services), context.db, now, context.log, workersOf.get(services) ?? 1);
}

/** Turns on the 'payments.future' due work for an app; the returned function turns it off (on close). */
export function enableFuturePayments(services: Services, options: { concurrency?: number } = {}): () => Promise<void> {
  workersOf.set(services, dueWorkConcurrency(services.db, options.concurrency));
  const list = apps.get(services.db) ?? [];
  list.push(services);
  apps.set(services.db, list);
  unregister ??= registerDueWork(FUTURE_DUE_WORK, dueWork);
  return async () => {
    const current = apps.get(services.db) ?? [];
    const rest = current.filter((s) => s !== services);
    if (rest.length) apps.set(services.db, rest);
    else apps.delete(services.db);
    if (apps.size === 0 && unregister) {
      unregister();
      unregister = null;
    }
  };
}
