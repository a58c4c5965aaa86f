// The amount rule of a recurring payment (contract: RecurringAmount) and what it charges on a day.
// Money in integer cents; a percentage is rounded to the cent half-up.
import type { components } from '../../generated/openapi/payments.ts';

export type RecurringAmount = components['schemas']['RecurringAmount'];

/** The rule as stored in recurring_payments (and kept in each authorization). */
export interface AmountColumns {
  amount_kind: RecurringAmount['kind'];
  amount_cents: number | string | null;
  basis_points: number | null;
  maximum_cents: number | string | null;
}

const n = (v: number | string | null | undefined): number | undefined => (v === null || v === undefined ? undefined : Number(v));

export function amountColumns(rule: RecurringAmount): AmountColumns {
  switch (rule.kind) {
    case 'fixed':
      return { amount_kind: 'fixed', amount_cents: rule.amountCents, basis_points: null, maximum_cents: null };
    case 'fullBalance':
      return { amount_kind: 'fullBalance', amount_cents: null, basis_points: null, maximum_cents: rule.maximumCents ?? null };
    case 'percentage':
      return { amount_kind: 'percentage', amount_cents: null, basis_points: rule.basisPoints, maximum_cents: rule.maximumCents ?? null };
  }
}

export function amountRuleOf(row: AmountColumns): RecurringAmount {
  const maximumCents = n(row.maximum_cents);
  switch (row.amount_kind) {
    case 'fixed':
      return { kind: 'fixed', amountCents: n(row.amount_cents)! };
    case 'fullBalance':
      return { kind: 'fullBalance', ...(maximumCents !== undefined ? { maximumCents } : {}) };
    case 'percentage':
      return { kind: 'percentage', basisPoints: Number(row.basis_points), ...(maximumCents !== undefined ? { maximumCents } : {}) };
  }
}

/** basisPoints of cents, rounded to the cent half-up (BigInt: no float error on large balances). */
export function percentOfHalfUp(cents: number, basisPoints: number): number {
  return Number((BigInt(cents) * BigInt(basisPoints) + 5000n) / 10000n);
}

/**
 * What the rule charges when `owedCents` is owed on the sub-ledger that day. Never more than is
 * owed (a payment may not exceed the balance, PAY001): a fixed amount larger than the balance
 * pays the balance. 0 means nothing to charge (the occurrence is skipped).
 */
export function chargeFor(rule: RecurringAmount, owedCents: number): number {
  if (owedCents <= 0) return 0;
  const cap = (cents: number, maximum?: number) => Math.min(cents, owedCents, maximum ?? Number.MAX_SAFE_INTEGER);
  switch (rule.kind) {
    case 'fixed':
      return cap(rule.amountCents);
    case 'fullBalance':
      return cap(owedCents, rule.maximumCents);
    case 'percentage':
      return cap(percentOfHalfUp(owedCents, rule.basisPoints), rule.maximumCents);
  }
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const money = (cents: number): string => DOLLARS.format(cents / 100);

/** The rule in words, for the authorization text and e-mails. */
export function describeAmount(rule: RecurringAmount): string {
  const upTo = (maximum?: number) => (maximum !== undefined ? `, up to ${money(maximum)}` : '');
  switch (rule.kind) {
    case 'fixed':
      return `${money(rule.amountCents)} (or the balance due, if less)`;
    case 'fullBalance':
      return `the full balance due on the payment date${upTo(rule.maximumCents)}`;
    case 'percentage':
      return `${(rule.basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}% of the balance due on the payment date, rounded to the cent${upTo(rule.maximumCents)}`;
  }
}
