// Business-day arithmetic for bank settlement (UTC dates; Saturdays and Sundays are skipped; no
// bank holidays in the sandbox).

/** 'YYYY-MM-DD' of a moment in UTC. */
export function utcDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The date `days` business days after the day of `from` (a weekend start counts from the next Monday). */
export function addBusinessDays(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return utcDate(d);
}
