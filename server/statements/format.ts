// How a statement writes money and dates: US dollars and the portal's one date format for people
// (the PDF, flows/dates.ts), plain decimals and ISO dates for spreadsheets (the CSV). Money stays
// integer cents until here, and is written with integer arithmetic only, so no amount is ever
// rounded through a float.

import { ownerDate } from '../../flows/dates.ts';

function dollarsAndCents(cents: number): { sign: string; dollars: string; cents: string } {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const magnitude = Math.abs(cents);
  return { sign: cents < 0 ? '-' : '', dollars: String(Math.floor(magnitude / 100)), cents: String(magnitude % 100).padStart(2, '0') };
}

/** `$1,234.56`, `-$12.00`, `$0.00`. */
export function formatUsd(cents: number): string {
  const part = dollarsAndCents(cents);
  return `${part.sign}$${part.dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${part.cents}`;
}

/** `1234.56`, `-125.00`: no currency sign or grouping, as spreadsheets read numbers. */
export function formatDecimal(cents: number): string {
  const part = dollarsAndCents(cents);
  return `${part.sign}${part.dollars}.${part.cents}`;
}

function dateParts(date: string): [string, string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [match[1], match[2], match[3]];
}

/** `2026-03-02` → `March 2, 2026`: every date the PDF writes, as every screen and e-mail writes it. */
export function formatLongDate(date: string): string {
  dateParts(date);
  return ownerDate(date);
}
