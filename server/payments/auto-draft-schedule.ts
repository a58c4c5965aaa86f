// The calendar of auto-draft enrollments: the pull dates and the change cutoff. Pure date
// arithmetic on YYYY-MM-DD strings (America/New_York, like every billing date); no clock, no database.
import { CHANGE_CUTOFF_HOUR, addDays, appDate, zonedInstant } from './billing.ts';
import { firstOccurrenceAfter, followingOccurrence, occurrenceInMonth } from './recurring-schedule.ts';
import type { AutoDraftRow } from './auto-draft-row.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** The first pull date of an enrollment: its pull day (1-28, every month has it) of its start month (YYYY-MM). */
export function firstPullDate(startMonth: string, pullDay: number): string {
  return `${startMonth}-${pad(pullDay)}`;
}

/** A start month must come after the current month in New York. */
export function startMonthValid(startMonth: string, now: Date): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(startMonth) && startMonth > appDate(now).slice(0, 7);
}

/** The next pull one month on (skipNext). */
export function followingPull(date: string, pullDay: number): string {
  return followingOccurrence(date, pullDay, 'monthly');
}

/** The first pull after `after`, counting months on from `from` (resuming, or a legacy enrollment's calendar). */
export function firstPullAfter(from: string, pullDay: number, after: string): string {
  return firstOccurrenceAfter(from, pullDay, 'monthly', after);
}

/** A new pull day moves the next pull to that day of its month, or of the month after when that day is not after today. */
export function movedPull(next: string, pullDay: number, today: string): string {
  const [year, month] = next.split('-').map(Number);
  const moved = occurrenceInMonth(year, month, pullDay);
  return moved > today ? moved : followingPull(moved, pullDay);
}

/** The business day (Monday to Friday; bank holidays are not counted) before a date. */
export function previousBusinessDay(date: string): string {
  let day = addDays(date, -1);
  for (;;) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return day;
    day = addDays(day, -1);
  }
}

/**
 * Until when an enrollment's next draft can be changed, skipped or the enrollment removed: 8:00 pm
 * New York time (the hour of the future payments' cutoff) the business day before the pull date,
 * so a pull on a Monday closes on the Friday before.
 */
export function autoDraftChangeCutoff(nextPullDate: string): Date {
  return zonedInstant(previousBusinessDay(nextPullDate), CHANGE_CUTOFF_HOUR);
}

/**
 * The next pull: a portal enrollment's children's (they move on as they draft); a legacy one's
 * stored date, or (the management company drafts it monthly) its first pull date not before today.
 */
export function nextPullDateOf(r: Pick<AutoDraftRow, 'drafted_by' | 'status' | 'next_pull_date' | 'children_next_date' | 'pull_day'>, now: Date): string {
  if (r.children_next_date) return r.children_next_date;
  if (r.drafted_by === 'management_company' && r.status === 'active') return firstPullAfter(r.next_pull_date, Number(r.pull_day), addDays(appDate(now), -1));
  return r.next_pull_date;
}
