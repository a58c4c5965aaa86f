// What a statement holds, whatever it is rendered as: the account, the period, its ledger lines
// with opening and closing balances, and the section its type adds (docs/server.md, "Statements").
import type { Queryable } from '../db/index.ts';
import type { RequestOf } from '../handlers/types.ts';
import type { StatementAccount } from './account.ts';
import type { StatementPeriod } from './period.ts';
import type { PeriodLedger } from './ledger-lines.ts';
import { chargeSummary, futureCharges, paymentCoupons, type ChargeSummary, type Coupon, type FutureCharges } from './sections.ts';

export type StatementType = NonNullable<RequestOf<'createStatement'>['body']['type']>;

/** How each type names itself: the PDF's title, and (kebab-cased) its file name. */
export const STATEMENT_TYPE_NAMES: Record<StatementType, string> = {
  transactionHistory: 'transaction history',
  coupons: 'payment coupons',
  futureCharges: 'future charges',
  chargeSummary: 'charge summary',
};

export type StatementSection =
  | { type: 'transactionHistory' }
  | { type: 'coupons'; coupons: Coupon[] }
  | { type: 'futureCharges'; future: FutureCharges }
  | { type: 'chargeSummary'; summary: ChargeSummary };

export interface Statement {
  account: StatementAccount;
  period: StatementPeriod;
  /** The day it is made (YYYY-MM-DD, by the app clock). */
  statementDate: string;
  ledger: PeriodLedger;
  section: StatementSection;
}

export async function statementSection(q: Queryable, type: StatementType, account: StatementAccount, ledger: PeriodLedger, today: string): Promise<StatementSection> {
  switch (type) {
    case 'transactionHistory':
      return { type };
    case 'coupons':
      return { type, coupons: paymentCoupons(account.subLedgers) };
    case 'futureCharges':
      return { type, future: await futureCharges(q, account.subLedgers, today) };
    case 'chargeSummary':
      return { type, summary: chargeSummary(ledger) };
  }
}

/** The first day the statement shows: the period's, or for the full history its first line's. */
export function firstDay(period: StatementPeriod, ledger: PeriodLedger): string {
  return period.from ?? ledger.lines[0]?.date ?? period.to;
}
