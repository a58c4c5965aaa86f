// The calendar and amount arithmetic of recurring payments (server/payments/recurring-schedule.ts,
// recurring-amount.ts): days 29-31 on the last day of shorter months, leap years, quarters and
// years, the change cutoff on both sides of the daylight-saving changes, and the amount rules.
import { describe, expect, it } from 'vitest';
import {
  beforeRecurringCutoff,
  daysInMonth,
  firstOccurrenceAfter,
  followingOccurrence,
  recurringChangeCutoff,
} from '../../server/payments/recurring-schedule.ts';
import { chargeFor, describeAmount, percentOfHalfUp } from '../../server/payments/recurring-amount.ts';

/** The next `count` occurrences after `from`. */
function run(from: string, day: number, frequency: 'monthly' | 'quarterly' | 'yearly', count: number): string[] {
  const dates: string[] = [];
  let date = from;
  for (let i = 0; i < count; i++) dates.push((date = followingOccurrence(date, day, frequency)));
  return dates;
}

describe('recurring schedule dates', () => {
  it('knows the length of months, leap years included', () => {
    expect(daysInMonth(2027, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2027, 4)).toBe(30);
    expect(daysInMonth(2027, 12)).toBe(31);
  });

  it('monthly on the 31st runs on the last day of shorter months and on the 31st again after them', () => {
    expect(run('2027-01-31', 31, 'monthly', 5)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
    // 2028 is a leap year.
    expect(run('2028-01-31', 31, 'monthly', 2)).toEqual(['2028-02-29', '2028-03-31']);
  });

  it('monthly on the 29th and 30th', () => {
    expect(run('2027-01-29', 29, 'monthly', 2)).toEqual(['2027-02-28', '2027-03-29']);
    expect(run('2028-01-29', 29, 'monthly', 2)).toEqual(['2028-02-29', '2028-03-29']);
    expect(run('2027-01-30', 30, 'monthly', 3)).toEqual(['2027-02-28', '2027-03-30', '2027-04-30']);
  });

  it('monthly across the end of a year, and on an ordinary day', () => {
    expect(run('2026-11-15', 15, 'monthly', 3)).toEqual(['2026-12-15', '2027-01-15', '2027-02-15']);
  });

  it('quarterly keeps its day through short months', () => {
    expect(run('2026-11-30', 30, 'quarterly', 4)).toEqual(['2027-02-28', '2027-05-30', '2027-08-30', '2027-11-30']);
    expect(run('2027-08-31', 31, 'quarterly', 3)).toEqual(['2027-11-30', '2028-02-29', '2028-05-31']);
  });

  it('yearly on 29 February runs on 28 February in common years and 29 February in leap years', () => {
    expect(run('2028-02-29', 29, 'yearly', 4)).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('finds the first occurrence after a date (catching up, resuming)', () => {
    expect(firstOccurrenceAfter('2027-01-31', 31, 'monthly', '2027-04-10')).toBe('2027-04-30');
    expect(firstOccurrenceAfter('2027-01-31', 31, 'monthly', '2027-04-30')).toBe('2027-05-31');
    expect(firstOccurrenceAfter('2027-05-31', 31, 'monthly', '2027-05-30')).toBe('2027-05-31');
    expect(firstOccurrenceAfter('2026-01-15', 15, 'yearly', '2028-06-01')).toBe('2029-01-15');
  });
});

describe('recurring change cutoff: 8:00 pm America/New_York the day before the next payment', () => {
  it('around the start of daylight saving (2027-03-14, 2 am)', () => {
    // The day before 03-14 is still EST (UTC-5): 8 pm = 01:00 UTC.
    expect(recurringChangeCutoff('2027-03-14').toISOString()).toBe('2027-03-14T01:00:00.000Z');
    // The evening of 03-14 is EDT (UTC-4): 8 pm = 00:00 UTC.
    expect(recurringChangeCutoff('2027-03-15').toISOString()).toBe('2027-03-15T00:00:00.000Z');
    expect(beforeRecurringCutoff('2027-03-15', new Date('2027-03-14T23:59:59Z'))).toBe(true);
    expect(beforeRecurringCutoff('2027-03-15', new Date('2027-03-15T00:00:00Z'))).toBe(false);
  });

  it('around the end of daylight saving (2027-11-07, 2 am)', () => {
    expect(recurringChangeCutoff('2027-11-07').toISOString()).toBe('2027-11-07T00:00:00.000Z');
    expect(recurringChangeCutoff('2027-11-08').toISOString()).toBe('2027-11-08T01:00:00.000Z');
    // 8:30 pm EST on 11-07 is 01:30 UTC: past; 7:59 pm EST is 00:59 UTC: before.
    expect(beforeRecurringCutoff('2027-11-08', new Date('2027-11-08T00:59:00Z'))).toBe(true);
    expect(beforeRecurringCutoff('2027-11-08', new Date('2027-11-08T01:30:00Z'))).toBe(false);
  });
});

describe('recurring amount rules', () => {
  it('rounds a percentage to the cent half-up', () => {
    expect(percentOfHalfUp(24500, 2500)).toBe(6125);
    expect(percentOfHalfUp(1, 5000)).toBe(1); // 0.5 cent -> 1
    expect(percentOfHalfUp(3, 1666)).toBe(0); // 0.4998 cent -> 0
    expect(percentOfHalfUp(12345, 3333)).toBe(4115); // 4114.5885
    expect(percentOfHalfUp(100_000_000_000, 10000)).toBe(100_000_000_000);
  });

  it('charges by the rule, capped by the maximum and never more than is owed; nothing when nothing is owed', () => {
    expect(chargeFor({ kind: 'fixed', amountCents: 15000 }, 24500)).toBe(15000);
    expect(chargeFor({ kind: 'fixed', amountCents: 15000 }, 9000)).toBe(9000);
    expect(chargeFor({ kind: 'fixed', amountCents: 15000 }, 0)).toBe(0);
    expect(chargeFor({ kind: 'fixed', amountCents: 15000 }, -500)).toBe(0);
    expect(chargeFor({ kind: 'fullBalance' }, 24500)).toBe(24500);
    expect(chargeFor({ kind: 'fullBalance', maximumCents: 20000 }, 24500)).toBe(20000);
    expect(chargeFor({ kind: 'percentage', basisPoints: 5000 }, 24501)).toBe(12251);
    expect(chargeFor({ kind: 'percentage', basisPoints: 5000, maximumCents: 10000 }, 24501)).toBe(10000);
    expect(chargeFor({ kind: 'percentage', basisPoints: 1 }, 49)).toBe(0); // rounds to nothing: skipped
  });

  it('describes each rule in words', () => {
    expect(describeAmount({ kind: 'fixed', amountCents: 15000 })).toBe('$150.00 (or the balance due, if less)');
    expect(describeAmount({ kind: 'fullBalance', maximumCents: 50000 })).toBe('the full balance due on the payment date, up to $500.00');
    expect(describeAmount({ kind: 'percentage', basisPoints: 2550 })).toBe('25.5% of the balance due on the payment date, rounded to the cent');
    expect(describeAmount({ kind: 'percentage', basisPoints: 10000 })).toBe('100% of the balance due on the payment date, rounded to the cent');
  });
});
