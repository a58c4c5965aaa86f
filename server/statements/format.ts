// How a statement writes money and dates: US dollars and US dates for people (the PDF), plain
// decimals and ISO dates for spreadsheets (the CSV). Money stays integer cents until here, and is
// written with integer arithmetic only, so no amount is ever rounded through a float.

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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function dateParts(date: string): [string, string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [match[1], match[2], match[3]];
}

/** `2026-03-02` → `03/02/2026` (table columns). */
export function formatShortDate(date: string): string {
  const [year, month, day] = dateParts(date);
  return `${month}/${day}/${year}`;
}

/** `2026-03-02` → `March 2, 2026` (headings and sentences). */
export function formatLongDate(date: string): string {
  const [year, month, day] = dateParts(date);
  return `${MONTHS[Number(month) - 1]} ${Number(day)}, ${year}`;
}
