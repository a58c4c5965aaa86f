// The due work 'assessments.post': every charge of an assessment schedule whose date (America/
// New_York, app clock) has come goes to the ledger once, dated its own day. After a clock jump or
// downtime each missed month is posted, in date order, one ledger entry each.
//
// Exactly once, however many instances run it at the same time: a charge is posted in one
// transaction with its schedule's row locked (FOR UPDATE SKIP LOCKED, so instances share the
// schedules): the ledger entry, its posting row (primary key: account, schedule and month) and the
// schedule's next charge date one month on. Whoever comes next finds the schedule moved on; were
// it not, the posting's key (and the ledger entry's reference) would refuse the second charge.
import type { Db } from '../db/index.ts';
import type { Logger, Services } from '../handlers/types.ts';
import { appDate } from '../payments/billing.ts';
import { nextChargeDate, periodOf } from './schedule.ts';

export const ASSESSMENTS_DUE_WORK = 'assessments.post';
/** Charges one run posts at most (the next tick goes on). */
const MAX_PER_RUN = 5000;

interface DueSchedule {
  id: number;
  account_id: number;
  sub_ledger_id: number;
  charge_kind: string;
  description: string;
  amount_cents: number | string;
  day_of_month: number;
  start_date: string;
  end_date: string | null;
  next_charge_date: string;
}

/** Posts the charge due first (by date) of a schedule no one else is posting; false when none is left. */
async function postNextCharge(db: Db, today: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<DueSchedule>(
      `SELECT id, account_id, sub_ledger_id, charge_kind, description, amount_cents, day_of_month, to_char(start_date, 'YYYY-MM-DD') AS start_date,
              to_char(end_date, 'YYYY-MM-DD') AS end_date, to_char(next_charge_date, 'YYYY-MM-DD') AS next_charge_date
         FROM assessment_schedules WHERE next_charge_date <= $1::date
        ORDER BY next_charge_date, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [today],
    );
    const s = rows[0];
    if (!s) return false;
    const date = s.next_charge_date;
    const entry = await tx.query<{ id: number | string }>(
      `INSERT INTO ledger_entries (sub_ledger_id, kind, amount_cents, description, reference, effective_date, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [s.sub_ledger_id, s.charge_kind, s.amount_cents, s.description, `assessment:${s.id}:${date.slice(0, 7)}`, date, now],
    );
    await tx.query(
      `INSERT INTO assessment_postings (account_id, schedule_id, period, charge_date, ledger_entry_id, posted_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [s.account_id, s.id, periodOf(date), date, entry.rows[0].id, now],
    );
    const next = nextChargeDate({ dayOfMonth: Number(s.day_of_month), startDate: s.start_date, endDate: s.end_date }, date);
    await tx.query(`UPDATE assessment_schedules SET next_charge_date = $2 WHERE id = $1`, [s.id, next]);
    return true;
  });
}

/** Posts the assessments due at `now`; returns how many charges it posted. */
export async function postDueAssessments(db: Db, now: Date, log?: Logger): Promise<number> {
  const today = appDate(now);
  let posted = 0;
  while (posted < MAX_PER_RUN && (await postNextCharge(db, today, now))) posted++;
  if (posted) log?.info({ posted }, 'assessment charges posted');
  return posted;
}

/**
 * Turns on the due work 'assessments.post' on this app's job runner; the returned function turns
 * it off. Register it before the payments' due work, so a draft for the full balance on the day
 * of a charge includes that charge.
 */
export function enableAssessments(services: Pick<Services, 'jobs'>): () => Promise<void> {
  const unregister = services.jobs.register(ASSESSMENTS_DUE_WORK, (now, context) => postDueAssessments(context.db, now, context.log));
  return async () => unregister();
}
