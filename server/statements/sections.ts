// What each kind of statement adds after the ledger lines: payment coupons (one per sub-ledger
// that has something to pay), the charges scheduled after today (the assessment schedules'), or
// the period's totals by kind.
import type { Queryable } from '../db/index.ts';
import { LEDGER_KIND_LABELS } from '../handlers/payments/ledger.ts';
import { addDays } from '../payments/billing.ts';
import { upcomingCharges } from '../assessments/store.ts';
import type { StatementSubLedger } from './account.ts';
import type { LedgerKindLabel, PeriodLedger } from './ledger-lines.ts';

export interface Coupon {
  subLedgerName: string;
  amountDueCents: number;
}

/** A coupon for each sub-ledger whose balance now is owed (positive); none when nothing is due. */
export function paymentCoupons(subLedgers: StatementSubLedger[]): Coupon[] {
  return subLedgers.filter((s) => s.balanceCents > 0).map((s) => ({ subLedgerName: s.name, amountDueCents: s.balanceCents }));
}

export interface FutureCharge {
  description: string;
  subLedgerName: string;
  /** YYYY-MM-DD */
  dueDate: string;
  amountCents: number;
}

export interface FutureCharges {
  charges: FutureCharge[];
  totalCents: number;
  /** The last day listed (YYYY-MM-DD): schedules go on every month, so a statement shows the next FUTURE_CHARGE_DAYS. */
  throughDate: string;
}

/** How far ahead a statement lists scheduled charges. */
export const FUTURE_CHARGE_DAYS = 60;

/** What the account's assessment schedules will charge after today, within FUTURE_CHARGE_DAYS, soonest first. */
export async function futureCharges(q: Queryable, subLedgers: StatementSubLedger[], today: string): Promise<FutureCharges> {
  const throughDate = addDays(today, FUTURE_CHARGE_DAYS);
  const upcoming = await upcomingCharges(q, subLedgers.map((s) => s.id), addDays(today, 1), throughDate);
  const names = new Map(subLedgers.map((s) => [s.id, s.name]));
  const charges = upcoming.map((c) => ({ description: c.description, subLedgerName: names.get(c.subLedgerId) ?? '', dueDate: c.dueDate, amountCents: c.amountCents }));
  return { charges, totalCents: charges.reduce((sum, c) => sum + c.amountCents, 0), throughDate };
}

export interface ChargeSummary {
  /** Each kind the period has, in the portal's order of kinds, with its total and line count. */
  byKind: { kind: LedgerKindLabel; totalCents: number; lines: number }[];
  /** Closing minus opening balance: the sum of the period's lines. */
  netChangeCents: number;
}

const KIND_ORDER: LedgerKindLabel[] = [...new Set(Object.values(LEDGER_KIND_LABELS))];

export function chargeSummary(ledger: PeriodLedger): ChargeSummary {
  const totals = new Map<LedgerKindLabel, { totalCents: number; lines: number }>();
  for (const line of ledger.lines) {
    const total = totals.get(line.kind) ?? { totalCents: 0, lines: 0 };
    total.totalCents += line.amountCents;
    total.lines += 1;
    totals.set(line.kind, total);
  }
  const order = (kind: LedgerKindLabel) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);
  return {
    byKind: [...totals].sort(([a], [b]) => order(a) - order(b)).map(([kind, total]) => ({ kind, ...total })),
    netChangeCents: ledger.closingCents - ledger.openingCents,
  };
}
