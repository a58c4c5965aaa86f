// The calendar of an assessment schedule: on which dates it charges. Pure date arithmetic on
// YYYY-MM-DD strings (dates in America/New_York, like every billing date); no clock, no database.
// A schedule keeps its day of the month apart from its dates, so that one on the 31st charges on
// 28 February (the month's last day) and on 31 March again.
import { followingOccurrence, occurrenceInMonth } from '../payments/recurring-schedule.ts';

export interface ScheduleDays {
  /** 1-31 */
  dayOfMonth: number;
  startDate: string;
  /** The last day a charge may fall on; null: open-ended. */
  endDate: string | null;
}

/** The schedule's first charge date: its day in the start date's month, or in the next month when that day is before the start. */
export function firstChargeDate(s: ScheduleDays): string | null {
  const [year, month] = s.startDate.split('-').map(Number);
  const date = occurrenceInMonth(year, month, s.dayOfMonth);
  return withinEnd(s, date < s.startDate ? followingChargeDate(date, s.dayOfMonth) : date);
}

/** The charge date one month after `date` (itself a charge date of a schedule on `dayOfMonth`). */
export function followingChargeDate(date: string, dayOfMonth: number): string {
  return followingOccurrence(date, dayOfMonth, 'monthly');
}

/** The charge after `date`, or null when the schedule ends before it. */
export function nextChargeDate(s: ScheduleDays, date: string): string | null {
  return withinEnd(s, followingChargeDate(date, s.dayOfMonth));
}

/** The month a charge date belongs to, as its first day (one charge per schedule and month). */
export function periodOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The charge dates from `next` (the first not posted) that fall within [from, to], in order. */
export function chargeDatesBetween(s: ScheduleDays, next: string | null, from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = next; date !== null && date <= to; date = nextChargeDate(s, date)) if (date >= from) dates.push(date);
  return dates;
}

function withinEnd(s: ScheduleDays, date: string): string | null {
  return s.endDate !== null && date > s.endDate ? null : date;
}
