// The days a statement covers, from the `duration` the caller picked and today's date by the app
// clock (America/New_York, appDate of server/payments/billing.ts). Both ends are included.
// "Last 30 days" is today and the 29 days before it (30 calendar days, as a person counts them on
// a calendar), "last 60 days" likewise; the year to date starts on 1 January; last calendar year
// is 1 January to 31 December of the year before today's; full history has no first day.
import { addDays } from '../payments/billing.ts';
import type { RequestOf } from '../handlers/types.ts';

export type StatementDuration = RequestOf<'createStatement'>['body']['duration'];

export interface StatementPeriod {
  /** The first day (YYYY-MM-DD); null for the full history (from the first ledger entry on). */
  from: string | null;
  /** The last day (YYYY-MM-DD). */
  to: string;
}

export function statementPeriod(duration: StatementDuration, today: string): StatementPeriod {
  const year = Number(today.slice(0, 4));
  switch (duration) {
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'last60Days':
      return { from: addDays(today, -59), to: today };
    case 'yearToDate':
      return { from: `${year}-01-01`, to: today };
    case 'lastCalendarYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'fullHistory':
      return { from: null, to: today };
  }
}
