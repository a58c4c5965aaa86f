// The two things nearly every signed-in page writes, an amount in dollars and a calendar date, in
// US English without Intl. A page's first Intl formatter loads the locale's data from ICU: 25 to
// 30 ms on the main thread of a desktop's Chromium, several times that on a phone (docs/bench.md,
// "Where the time of a first load goes"), which a dashboard of balances and due dates would
// otherwise pay on every first load. Each writes
// exactly what Intl's en-US format writes (tests/unit/plain-formats.test.ts compares them) and
// answers null where it would not be sure to, for the caller to ask Intl.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Integer cents → "$1,234.56", "-$0.05"; null for anything but a safe integer. */
export function plainDollars(cents: number): string | null {
  if (!Number.isSafeInteger(cents)) return null;
  const negative = cents < 0 || Object.is(cents, -0);
  const whole = Math.abs(cents);
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** The UTC day of `time` → "November 29, 2026"; null outside the years 1000–9999. */
export function plainUtcDate(time: number): string | null {
  const day = new Date(time);
  const year = day.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${year}`;
}

/** The UTC month of `time` → "November 2026"; null outside the years 1000–9999. */
export function plainUtcMonth(time: number): string | null {
  const day = new Date(time);
  const year = day.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  return `${MONTHS[day.getUTCMonth()]} ${year}`;
}
