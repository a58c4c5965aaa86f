// One formatter for every date an owner reads (flows/dates.ts), on screens and in what the server
// writes: New York's day for an instant, the calendar date itself for a date-only value.
import { describe, expect, it } from 'vitest';
import { ownerDate, ownerDateTime, ownerMonth } from '../../flows/dates.ts';
import { formatters } from '../../flows/formatters.ts';

describe('ownerDate', () => {
  it('writes an instant as the day it was in New York', () => {
    // 9:35 pm EST on November 27 is 02:35 UTC on November 28.
    expect(ownerDate('2026-11-28T02:35:00Z')).toBe('November 27, 2026');
    expect(ownerDate(new Date('2026-11-28T02:35:00Z'))).toBe('November 27, 2026');
    expect(ownerDate(Date.parse('2026-11-28T02:35:00Z'))).toBe('November 27, 2026');
    expect(ownerDate('2026-11-28T05:00:00Z')).toBe('November 28, 2026');
  });

  it('writes a date-only value as that calendar date, whatever the zone', () => {
    expect(ownerDate('2026-11-29')).toBe('November 29, 2026');
    expect(ownerDate('2026-01-01')).toBe('January 1, 2026');
    expect(ownerDate('2026-12-31')).toBe('December 31, 2026');
  });

  it('follows daylight saving time: midnight in New York is 04:00 UTC in summer, 05:00 UTC in winter', () => {
    // 2026-03-08: clocks go forward at 2:00 am EST (07:00 UTC).
    expect(ownerDate('2026-03-08T04:59:00Z')).toBe('March 7, 2026');
    expect(ownerDate('2026-03-08T05:00:00Z')).toBe('March 8, 2026');
    expect(ownerDate('2026-03-09T03:59:00Z')).toBe('March 8, 2026');
    expect(ownerDate('2026-03-09T04:00:00Z')).toBe('March 9, 2026');
    // 2026-11-01: clocks go back at 2:00 am EDT (06:00 UTC).
    expect(ownerDate('2026-11-01T03:59:00Z')).toBe('October 31, 2026');
    expect(ownerDate('2026-11-01T04:00:00Z')).toBe('November 1, 2026');
    expect(ownerDate('2026-11-02T04:59:00Z')).toBe('November 1, 2026');
    expect(ownerDate('2026-11-02T05:00:00Z')).toBe('November 2, 2026');
  });

  it('writes nothing for what is not a date', () => {
    for (const value of ['', 'soon', '2026-13-45', null, undefined, Number.NaN, {}]) expect(ownerDate(value)).toBe('');
  });

  it('is the screens\' date formatter', () => {
    expect(formatters.date('2026-11-28T02:35:00Z')).toBe('November 27, 2026');
    expect(formatters.date('2026-11-29')).toBe('November 29, 2026');
  });
});

describe('ownerMonth', () => {
  it('writes a calendar month as its name and year, and nothing for anything else', () => {
    expect(ownerMonth('2026-11')).toBe('November 2026');
    expect(ownerMonth('2027-01')).toBe('January 2027');
    expect(ownerMonth('2026-11-29')).toBe('');
    expect(ownerMonth(undefined)).toBe('');
  });
});

describe('ownerDateTime', () => {
  it('writes a moment on New York\'s clock and names the zone, whatever the reader\'s zone', () => {
    expect(ownerDateTime('2026-11-28T02:35:00Z')).toBe('November 27, 2026 at 9:35 PM EST');
    expect(ownerDateTime('2026-07-04T16:00:00Z')).toBe('July 4, 2026 at 12:00 PM EDT');
    expect(formatters.dateTime('2026-11-28T02:35:00Z')).toBe('November 27, 2026 at 9:35 PM EST');
  });

  it('writes nothing for what is not a moment', () => {
    for (const value of ['', 'soon', null, undefined, Number.NaN]) expect(ownerDateTime(value)).toBe('');
    expect(formatters.dateTime(12)).toBe('');
  });
});
