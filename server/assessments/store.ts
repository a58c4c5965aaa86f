// Assessment schedules in the database: creating one (its first charge date worked out here) and
// the charges they will post, which every "upcoming charges" reader lists (GET /Charge, the
// statements' future charges), so that nothing announces a charge the ledger will not get.
import type { Queryable } from '../db/index.ts';
import { chargeDatesBetween, firstChargeDate, type ScheduleDays } from './schedule.ts';

export type ChargeKind = 'charge' | 'late_fee' | 'fee';

export interface NewSchedule {
  subLedgerId: number;
  description: string;
  amountCents: number;
  dayOfMonth: number;
  startDate: string;
  /** null (default): every month from the start; the start date itself: a one-time charge. */
  endDate?: string | null;
  chargeKind?: ChargeKind;
}

/** Adds a schedule to the account of its sub-ledger; returns its id. */
export async function createAssessmentSchedule(q: Queryable, s: NewSchedule, now: Date): Promise<number> {
  if (!Number.isSafeInteger(s.amountCents) || s.amountCents <= 0) throw new Error('An assessment schedule needs an amount in cents above 0');
  if (!Number.isInteger(s.dayOfMonth) || s.dayOfMonth < 1 || s.dayOfMonth > 31) throw new Error('An assessment schedule needs a day of the month from 1 to 31');
  const endDate = s.endDate ?? null;
  const next = firstChargeDate({ dayOfMonth: s.dayOfMonth, startDate: s.startDate, endDate });
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO assessment_schedules (account_id, sub_ledger_id, charge_kind, description, amount_cents, day_of_month, start_date, end_date, next_charge_date, created_at)
     SELECT sl.account_id, sl.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM sub_ledgers sl WHERE sl.id = $1
     RETURNING id`,
    [s.subLedgerId, s.chargeKind ?? 'charge', s.description, s.amountCents, s.dayOfMonth, s.startDate, endDate, next, now],
  );
  if (!rows[0]) throw new Error(`No sub-ledger ${s.subLedgerId} to schedule assessments on`);
  return Number(rows[0].id);
}

export interface UpcomingCharge {
  scheduleId: number;
  subLedgerId: number;
  description: string;
  /** YYYY-MM-DD */
  dueDate: string;
  amountCents: number;
}

interface ScheduleRow {
  id: number;
  sub_ledger_id: number;
  description: string;
  amount_cents: number | string;
  day_of_month: number;
  start_date: string;
  end_date: string | null;
  next_charge_date: string | null;
}

/**
 * The charges the schedules of these sub-ledgers will post from `from` through `to` (dates,
 * inclusive), soonest first: only those not posted yet (a charge posted today is in the ledger).
 */
export async function upcomingCharges(q: Queryable, subLedgerIds: number[], from: string, to: string): Promise<UpcomingCharge[]> {
  const { rows } = await q.query<ScheduleRow>(
    `SELECT id, sub_ledger_id, description, amount_cents, day_of_month, to_char(start_date, 'YYYY-MM-DD') AS start_date,
            to_char(end_date, 'YYYY-MM-DD') AS end_date, to_char(next_charge_date, 'YYYY-MM-DD') AS next_charge_date
       FROM assessment_schedules
      WHERE sub_ledger_id = ANY($1::integer[]) AND next_charge_date <= $2::date AND (end_date IS NULL OR end_date >= $3::date)
      ORDER BY id`,
    [subLedgerIds, to, from],
  );
  const charges = rows.flatMap((r) => {
    const days: ScheduleDays = { dayOfMonth: Number(r.day_of_month), startDate: r.start_date, endDate: r.end_date };
    return chargeDatesBetween(days, r.next_charge_date, from, to).map((dueDate) => ({
      scheduleId: Number(r.id),
      subLedgerId: Number(r.sub_ledger_id),
      description: r.description,
      dueDate,
      amountCents: Number(r.amount_cents),
    }));
  });
  return charges.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.scheduleId - b.scheduleId));
}
