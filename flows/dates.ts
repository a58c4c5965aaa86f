// How every date an owner reads is written, on screens and by the server (authorizations, e-mails,
// notices, statements): one formatter, in the portal's billing time zone, so that a page and the
// e-mail about the same payment never name different days or write them differently.

import { onFirstUse } from './first-use.ts';
import { plainUtcDate, plainUtcMonth } from './plain-formats.ts';

/** The portal's business day: due dates, scheduled dates and the day a moment happened are New York's. */
export const BILLING_TIME_ZONE = 'America/New_York';

const inBillingZone = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: BILLING_TIME_ZONE }));
// A calendar date has no time of day: read at UTC midnight and written in UTC, it keeps its day.
const asCalendarDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

// A moment names its zone (EST/EDT): a reader elsewhere still knows which hour the association meant.
const momentInBillingZone = onFirstUse(() => new Intl.DateTimeFormat('en-US', {
  year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: BILLING_TIME_ZONE, timeZoneName: 'short',
}));

const monthOfYear = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' }));

/** "November 2026", for a calendar month ('2026-11'); anything else: ''. */
export function ownerMonth(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value)) return '';
  const time = Date.parse(`${value}-01T00:00:00Z`);
  return Number.isNaN(time) ? '' : plainUtcMonth(time) ?? monthOfYear().format(time);
}

/**
 * "November 29, 2026". A calendar date ('2026-11-29') is written as it is; an instant (an ISO time,
 * a Date, epoch milliseconds) as the day it was in New York. Anything else: ''.
 */
export function ownerDate(value: unknown): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const time = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(time) ? '' : plainUtcDate(time) ?? asCalendarDate().format(time);
  }
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : typeof value === 'string' && value ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? inBillingZone().format(time) : '';
}

/** "November 27, 2026, 9:35 PM EST": an instant (ISO time, Date, epoch milliseconds) as New York's clock read it. Anything else: ''. */
export function ownerDateTime(value: unknown): string {
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : typeof value === 'string' && value ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? momentInBillingZone().format(time) : '';
}
