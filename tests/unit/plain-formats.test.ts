// The Intl-free formats must write what Intl's en-US formats write, character for character: a page
// may show one and an e-mail or another screen the other.
import { describe, expect, it } from 'vitest';
import { plainDollars, plainUtcDate, plainUtcMonth } from '../../flows/plain-formats.ts';
import { formatters } from '../../flows/formatters.ts';
import { ownerDate, ownerMonth } from '../../flows/dates.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const utcDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const utcMonth = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** A repeatable spread of values (a linear congruential sequence): the same cases on every run. */
function* spread(count: number, limit: number) {
  let seed = 12345;
  for (let i = 0; i < count; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    yield Math.floor((seed / 2 ** 31) * limit);
  }
}

describe('plainDollars', () => {
  it('writes integer cents as Intl writes the dollars', () => {
    const cents = [0, -0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, 100000000000, ...spread(2000, 1e13)];
    for (const value of [...cents, ...cents.map((c) => -c)]) expect(plainDollars(value), String(value)).toBe(usd.format(value / 100));
  });

  it('answers null for what is not a safe integer, which the money formatter gives Intl', () => {
    for (const value of [0.5, 12.345, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(plainDollars(value)).toBeNull();
    expect(formatters.money(12.5)).toBe(usd.format(0.125));
    expect(formatters.money(24500)).toBe('$245.00');
    expect(formatters.money(-1234567)).toBe('-$12,345.67');
  });
});

describe('plainUtcDate and plainUtcMonth', () => {
  it('write every day of the years 1000 to 9999 as Intl writes them in UTC', () => {
    const start = Date.UTC(1000, 0, 1);
    const span = Date.UTC(9999, 11, 31) - start;
    const times = [Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59), Date.UTC(2026, 1, 28), Date.UTC(2028, 1, 29), ...[...spread(3000, span)].map((offset) => start + offset)];
    for (let month = 0; month < 12; month += 1) times.push(Date.UTC(2026, month, 1), Date.UTC(2026, month + 1, 0));
    for (const time of times) {
      expect(plainUtcDate(time), new Date(time).toISOString()).toBe(utcDate.format(time));
      expect(plainUtcMonth(time), new Date(time).toISOString()).toBe(utcMonth.format(time));
    }
  });

  it('answer null outside those years, where the owner formatters ask Intl', () => {
    expect(plainUtcDate(Date.UTC(999, 11, 31))).toBeNull();
    expect(plainUtcMonth(Date.UTC(10000, 0, 1))).toBeNull();
    expect(ownerDate('0999-12-31')).toBe(utcDate.format(Date.parse('0999-12-31T00:00:00Z')));
    expect(ownerMonth('0999-12')).toBe(utcMonth.format(Date.parse('0999-12-01T00:00:00Z')));
  });
});
