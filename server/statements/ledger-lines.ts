// The ledger lines of a statement's period with the balance before it (opening), the running
// balance after each line, and the balance at its end (closing). Lines are in the order the
// account history shows them (GET /Ledger: by date, then as they were posted), amounts in cents
// as the ledger keeps them: charges positive, payments and credits negative.
import type { Queryable } from '../db/index.ts';
import { LEDGER_KIND_LABELS } from '../handlers/payments/ledger.ts';
import type { StatementPeriod } from './period.ts';

/** A ledger kind as the portal names it (Charge, Payment, Credit Distribution, ...). */
export type LedgerKindLabel = (typeof LEDGER_KIND_LABELS)[string];

export interface LedgerLine {
  /** YYYY-MM-DD */
  date: string;
  kind: LedgerKindLabel;
  description: string;
  subLedgerId: number;
  amountCents: number;
  /** The account's balance after this line. */
  balanceCents: number;
}

export interface PeriodLedger {
  openingCents: number;
  lines: LedgerLine[];
  closingCents: number;
}

export function kindLabel(kind: string): LedgerKindLabel {
  return LEDGER_KIND_LABELS[kind] ?? 'Adjustment';
}

export async function loadPeriodLedger(q: Queryable, subLedgerIds: number[], period: StatementPeriod): Promise<PeriodLedger> {
  // The full history starts from nothing; any other period from the sum of everything before it.
  const opening = period.from === null
    ? 0
    : Number(
        (
          await q.query<{ total: string | number }>(
            'SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger_entries WHERE sub_ledger_id = ANY($1::integer[]) AND effective_date < $2::date',
            [subLedgerIds, period.from],
          )
        ).rows[0].total,
      );
  const { rows } = await q.query<{ date: string; kind: string; description: string; sub_ledger_id: number | string; amount_cents: number | string }>(
    `SELECT to_char(effective_date, 'YYYY-MM-DD') AS date, kind, description, sub_ledger_id, amount_cents
       FROM ledger_entries
      WHERE sub_ledger_id = ANY($1::integer[]) AND ($2::date IS NULL OR effective_date >= $2::date) AND effective_date <= $3::date
      ORDER BY effective_date, created_at, id`,
    [subLedgerIds, period.from, period.to],
  );
  let balance = opening;
  const lines = rows.map((r): LedgerLine => {
    const amountCents = Number(r.amount_cents);
    balance += amountCents;
    return { date: r.date, kind: kindLabel(r.kind), description: r.description, subLedgerId: Number(r.sub_ledger_id), amountCents, balanceCents: balance };
  });
  return { openingCents: opening, lines, closingCents: balance };
}
