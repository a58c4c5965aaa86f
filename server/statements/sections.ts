// What each kind of statement adds after the ledger lines: payment coupons (one per sub-ledger
// that has something to pay), the charges scheduled after today, or the period's totals by kind.
import type { Queryable } from '../db/index.ts';
import { LEDGER_KIND_LABELS } from '../handlers/payments/ledger.ts';
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
}

/** The account's scheduled charges due after today, soonest first. */
export async function futureCharges(q: Queryable, subLedgers: StatementSubLedger[], today: string): Promise<FutureCharges> {
  const { rows } = await q.query<{ description: string; sub_ledger_id: number | string; due_date: string; amount_cents: number | string }>(
    `SELECT description, sub_ledger_id, to_char(due_date, 'YYYY-MM-DD') AS due_date, amount_cents
       FROM scheduled_charges
      WHERE sub_ledger_id = ANY($1::integer[]) AND due_date > $2::date
      ORDER BY due_date, id`,
    [subLedgers.map((s) => s.id), today],
  );
  const names = new Map(subLedgers.map((s) => [s.id, s.name]));
  const charges = rows.map((r) => ({
    description: r.description,
    subLedgerName: names.get(Number(r.sub_ledger_id)) ?? '',
    dueDate: r.due_date,
    amountCents: Number(r.amount_cents),
  }));
  return { charges, totalCents: charges.reduce((sum, c) => sum + c.amountCents, 0) };
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
