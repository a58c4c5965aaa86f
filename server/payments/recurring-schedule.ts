// The calendar of recurring payments: which dates a schedule runs on. Pure date arithmetic on
// YYYY-MM-DD strings (dates in America/New_York, like every billing date); no clock, no database.
//
// A schedule keeps its day of the month (1-31) apart from its next date, so that a schedule on the
// 31st that ran on 28 February (the month's last day) runs on 31 March again, not on the 28th.
import type { components } from '../../generated/openapi/payments.ts';
import { changeCutoff } from './billing.ts';

export type RecurringFrequency = components['schemas']['RecurringFrequency'];

/** Months between two payments. */
export const MONTHS_PER_PERIOD: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

/** Days in a month (month 1-12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The schedule's day in a month: the day itself, or the month's last day when the month is shorter. */
export function occurrenceInMonth(year: number, month: number, dayOfMonth: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(dayOfMonth, daysInMonth(year, month)))}`;
}

/** The occurrence one period after `date` (itself an occurrence of the schedule). */
export function followingOccurrence(date: string, dayOfMonth: number, frequency: RecurringFrequency): string {
  const { year, month } = parts(date);
  const index = year * 12 + (month - 1) + MONTHS_PER_PERIOD[frequency];
  return occurrenceInMonth(Math.floor(index / 12), (index % 12) + 1, dayOfMonth);
}

/** The first occurrence strictly after `after`, counting periods on from `from` (an occurrence). */
export function firstOccurrenceAfter(from: string, dayOfMonth: number, frequency: RecurringFrequency, after: string): string {
  let date = from;
  while (date <= after) date = followingOccurrence(date, dayOfMonth, frequency);
  return date;
}

/** The day of the month a date gives a schedule that starts (or is moved to) that date. */
export function dayOfMonthOf(date: string): number {
  return parts(date).day;
}

/**
 * Until when a schedule's next payment can be changed, skipped or the schedule removed: 8:00 pm
 * America/New_York (EST or EDT) the day before, the same cutoff as future-dated payments.
 */
export function recurringChangeCutoff(nextPaymentDate: string): Date {
  return changeCutoff(nextPaymentDate);
}

export function beforeRecurringCutoff(nextPaymentDate: string, now: Date): boolean {
  return now.getTime() < recurringChangeCutoff(nextPaymentDate).getTime();
}
