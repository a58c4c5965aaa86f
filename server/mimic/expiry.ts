// A mimic session that ran out its 30 minutes ends in the trail too, as one ended with End does
// (`mimic.end`, with `expired: true`): on each tick of the due work, by real time (the app clock may
// have been moved outside production; a mimic session's end is the wall clock's).
import type { Queryable } from '../db/index.ts';
import type { Clock } from '../clock.ts';
import type { Services } from '../handlers/types.ts';
import { recordAudit } from '../audit/record.ts';
import { minutesBetween } from './store.ts';

export const MIMIC_EXPIRY_DUE_WORK = 'mimic.expiry';

/** Marks the mimic sessions over by `now` as ended at their expiry, each in the trail; how many. */
export async function recordExpiredMimicSessions(db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // A row another instance ended meanwhile no longer matches when its lock is released.
    const { rows } = await tx.query<{ id: number; company: number; staff: number; owner: number; email: string; started_at: Date; expires_at: Date }>(
      `UPDATE mimic_sessions m SET ended_at = m.expires_at FROM users u
        WHERE m.ended_at IS NULL AND m.expires_at <= $1 AND u.id = m.owner_user_id
        RETURNING m.id, m.management_company_id AS company, m.staff_user_id AS staff, m.owner_user_id AS owner, u.email, m.started_at, m.expires_at`,
      [now],
    );
    for (const row of rows) {
      await recordAudit(tx, {
        companyId: Number(row.company), associationId: null, actorUserId: Number(row.staff), kind: 'mimic.end', key: row.email, level: null,
        oldValue: null, newValue: { mimicId: Number(row.id), ownerUserId: Number(row.owner), minutes: minutesBetween(new Date(row.started_at), new Date(row.expires_at)), expired: true },
        ip: null, userAgent: null,
      });
    }
    return rows.length;
  });
}

/** Turns on the due work 'mimic.expiry' on this app's job runner; the returned function turns it off. */
export function enableMimicExpiry(services: Pick<Services, 'jobs'>, realClock: Clock): () => Promise<void> {
  const unregister = services.jobs.register(MIMIC_EXPIRY_DUE_WORK, async (_appNow, context) => recordExpiredMimicSessions(context.db, realClock()));
  return async () => unregister();
}
