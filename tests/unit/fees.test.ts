// flows/fees.ts: fees and the large amount fee exact to the cent (integer cents, half-up rounding).
import { describe, expect, it } from 'vitest';
import { computeFee, feeParts, percentOf, LARGE_AMOUNT_THRESHOLD_CENTS, type FeeRule } from '../../flows/fees.ts';

const maple: FeeRule[] = [
  { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: false },
  { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: false },
];
const cedar: FeeRule[] = [{ methodKind: 'card', kind: 'percent', basisPoints: 350, exemptRecurring: false }];
const exempt: FeeRule[] = [
  { methodKind: 'card', kind: 'percent', basisPoints: 295, exemptRecurring: true },
  { methodKind: 'bank', kind: 'flat', flatCents: 150, exemptRecurring: true },
];
const large = { thresholdCents: LARGE_AMOUNT_THRESHOLD_CENTS, basisPoints: 100 };

describe('percentOf (half up to the cent)', () => {
  it.each([
    [10000, 295, 295], // $100.00 x 2.95 % = 295
    [10001, 295, 295], // 295.0295
    [10017, 295, 296], // 295.5015 -> up
    [16949, 295, 500], // 499.9955 -> 500
    [33, 150, 0], // 0.495 -> 0
    [34, 150, 1], // 0.51 -> 1
    [100, 50, 1], // 0.5 exactly -> up
    [300, 50, 2], // 1.5 exactly -> up
    [245000, 350, 8575],
    [200001, 100, 2000], // 2000.01 -> 2000
    [200050, 100, 2001], // 2000.5 -> up
    [1, 0, 0],
    [9_007_199_254_740, 10000, 9_007_199_254_740], // BigInt: no floating point on large amounts
  ])('%i cents at %i bps = %i', (amount, bps, fee) => {
    expect(percentOf(amount, bps)).toBe(fee);
  });

  it('refuses fractions and negatives', () => {
    expect(() => percentOf(10.5, 100)).toThrow(RangeError);
    expect(() => percentOf(-1, 100)).toThrow(RangeError);
  });
});

describe('computeFee', () => {
  const cases: [string, FeeRule[], Parameters<typeof computeFee>[1], number, number, string[]][] = [
    ['Maple Grove card 2.95 % of $100.00', maple, { methodKind: 'card', amountCents: 10000, recurring: false, largeAmount: null }, 295, 10295, ['convenience']],
    ['Maple Grove bank flat $1.50', maple, { methodKind: 'bank', amountCents: 10000, recurring: false, largeAmount: null }, 150, 10150, ['convenience']],
    ['Maple Grove card $245.00 (the demo balance)', maple, { methodKind: 'card', amountCents: 24500, recurring: false, largeAmount: large }, 723, 25223, ['convenience']],
    ['Cedar Point bank is free', cedar, { methodKind: 'bank', amountCents: 10000, recurring: false, largeAmount: large }, 0, 10000, []],
    ['exactly $2,000.00 is not over the threshold', cedar, { methodKind: 'bank', amountCents: 200000, recurring: false, largeAmount: large }, 0, 200000, []],
    ['$2,000.01 pays 1 % on top (guest, bank free)', cedar, { methodKind: 'bank', amountCents: 200001, recurring: false, largeAmount: large }, 2000, 202001, ['largeAmount']],
    ['Cedar Point card $2,450.00 guest: 3.5 % + 1 %', cedar, { methodKind: 'card', amountCents: 245000, recurring: false, largeAmount: large }, 8575 + 2450, 245000 + 11025, ['convenience', 'largeAmount']],
    ['signed-in payers pay no large amount fee', cedar, { methodKind: 'card', amountCents: 245000, recurring: false, largeAmount: null }, 8575, 253575, ['convenience']],
    ['Maple Grove bank $2,450.00 guest: $1.50 + 1 %', maple, { methodKind: 'bank', amountCents: 245000, recurring: false, largeAmount: large }, 150 + 2450, 247600, ['convenience', 'largeAmount']],
    ['recurring, exempt rule: no convenience fee', exempt, { methodKind: 'card', amountCents: 10000, recurring: true, largeAmount: null }, 0, 10000, []],
    ['recurring, exempt flat rule: no fee', exempt, { methodKind: 'bank', amountCents: 10000, recurring: true, largeAmount: null }, 0, 10000, []],
    ['one-time, exempt rule still applies', exempt, { methodKind: 'card', amountCents: 10000, recurring: false, largeAmount: null }, 295, 10295, ['convenience']],
    ['recurring, non-exempt rule applies', maple, { methodKind: 'card', amountCents: 10000, recurring: true, largeAmount: null }, 295, 10295, ['convenience']],
    ['no rule for the kind: no fee', [], { methodKind: 'card', amountCents: 10000, recurring: false, largeAmount: null }, 0, 10000, []],
    ['one cent by card', maple, { methodKind: 'card', amountCents: 1, recurring: false, largeAmount: null }, 0, 1, ['convenience']],
    ['zero: no fee', maple, { methodKind: 'card', amountCents: 0, recurring: false, largeAmount: large }, 0, 0, []],
    ['large amount fee of 0 bps adds nothing', cedar, { methodKind: 'bank', amountCents: 300000, recurring: false, largeAmount: { thresholdCents: 200000, basisPoints: 0 } }, 0, 300000, []],
  ];
  it.each(cases)('%s', (_name, rules, input, fee, total, kinds) => {
    const result = computeFee(rules, input);
    expect(result.feeCents).toBe(fee);
    expect(result.totalCents).toBe(total);
    expect(result.lines.map((l) => l.kind)).toEqual(kinds);
    expect(result.lines.reduce((s, l) => s + l.cents, 0)).toBe(fee);
    for (const n of [result.feeCents, result.totalCents, ...result.lines.map((l) => l.cents)]) expect(Number.isInteger(n)).toBe(true);
  });

  it('describes each line (for the browser and the receipt)', () => {
    expect(computeFee(maple, { methodKind: 'card', amountCents: 245000, recurring: false, largeAmount: large }).lines).toEqual([
      { kind: 'convenience', label: 'Convenience fee', cents: 7228, basisPoints: 295 },
      { kind: 'largeAmount', label: 'Large payment fee', cents: 2450, basisPoints: 100 },
    ]);
    expect(computeFee(maple, { methodKind: 'bank', amountCents: 100, recurring: false, largeAmount: null }).lines).toEqual([
      { kind: 'convenience', label: 'Convenience fee', cents: 150, flatCents: 150 },
    ]);
  });

  it('refuses non-integer amounts', () => {
    expect(() => computeFee(maple, { methodKind: 'card', amountCents: 100.5, recurring: false, largeAmount: null })).toThrow(RangeError);
  });
});

describe('feeParts (each fee its own line on screen)', () => {
  const card: FeeRule = { methodKind: 'card', kind: 'percent', basisPoints: 350, exemptRecurring: true };

  it('splits the convenience fee from the large amount fee over $2,000', () => {
    const fee = computeFee([card], { methodKind: 'card', amountCents: 210_000, recurring: false, largeAmount: large });
    expect(feeParts(fee)).toEqual({ convenienceFeeCents: 7350, largeAmountFeeCents: 2100 });
    expect(fee.feeCents).toBe(9450);
  });

  it('has no large amount fee at $2,000 or less, nor without a fee rule', () => {
    expect(feeParts(computeFee([card], { methodKind: 'card', amountCents: 200_000, recurring: false, largeAmount: large }))).toEqual({ convenienceFeeCents: 7000, largeAmountFeeCents: 0 });
    expect(feeParts(computeFee([], { methodKind: 'bank', amountCents: 300_000, recurring: false, largeAmount: large }))).toEqual({ convenienceFeeCents: 0, largeAmountFeeCents: 3000 });
  });
});
