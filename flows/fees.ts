// The payment fee calculator, shared by the server (which decides) and the browser (which shows
// the same numbers while the amount is typed). Pure: no I/O, no clock, integer cents only.
//
// Rounding: a percentage fee is amountCents * basisPoints / 10000 rounded half up to a whole cent
// (0.5 cent and above rounds up), computed with BigInt so no floating point is involved:
//   fee = floor((amountCents * basisPoints + 5000) / 10000)
// e.g. 2.95 % of $100.01 = 295.0295 cents -> 295; 2.95 % of $100.17 = 295.5015 -> 296;
// 1.5 % of $0.33 = 0.495 -> 0; 1.5 % of $0.34 = 0.51 -> 1.

export type FeeMethodKind = 'card' | 'bank';

/** One association's fee for one method kind: a flat amount or a percentage (basis points). */
export interface FeeRule {
  methodKind: FeeMethodKind;
  kind: 'flat' | 'percent';
  /** For kind 'flat': whole cents. */
  flatCents?: number;
  /** For kind 'percent': 1 basis point = 0.01 % (295 = 2.95 %). */
  basisPoints?: number;
  /** No convenience fee on recurring payments. */
  exemptRecurring: boolean;
}

/** The extra fee on large guest payments: basisPoints of the amount when amountCents > thresholdCents. */
export interface LargeAmountFee {
  thresholdCents: number;
  basisPoints: number;
}

export interface FeeInput {
  methodKind: FeeMethodKind;
  amountCents: number;
  recurring: boolean;
  /** Guest payments only; null elsewhere. */
  largeAmount: LargeAmountFee | null;
}

export interface FeeLine {
  kind: 'convenience' | 'largeAmount';
  /** English label; the browser may translate by kind. */
  label: string;
  cents: number;
  basisPoints?: number;
  flatCents?: number;
}

export interface FeeResult {
  feeCents: number;
  totalCents: number;
  /** Only fees that apply (cents > 0 or a rule was applied); empty when there is no fee. */
  lines: FeeLine[];
}

/** The fee split for display: the convenience fee and the large amount fee, each its own line (0 when absent). */
export function feeParts(result: FeeResult): { convenienceFeeCents: number; largeAmountFeeCents: number } {
  const sum = (kind: FeeLine['kind']) => result.lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.cents, 0);
  return { convenienceFeeCents: sum('convenience'), largeAmountFeeCents: sum('largeAmount') };
}

/** Guest payments over $2,000.00 pay the large amount fee on top. */
export const LARGE_AMOUNT_THRESHOLD_CENTS = 200_000;

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of cents`);
}

/** basisPoints of amountCents, rounded half up to a whole cent. */
export function percentOf(amountCents: number, basisPoints: number): number {
  assertCents(amountCents, 'amountCents');
  assertCents(basisPoints, 'basisPoints');
  if (amountCents < 0 || basisPoints < 0) throw new RangeError('amount and basis points must not be negative');
  return Number((BigInt(amountCents) * BigInt(basisPoints) + 5000n) / 10000n);
}

/** The fee and the total for an amount. Amounts of zero or less carry no fee. */
export function computeFee(rules: readonly FeeRule[], input: FeeInput): FeeResult {
  assertCents(input.amountCents, 'amountCents');
  if (input.amountCents <= 0) return { feeCents: 0, totalCents: input.amountCents, lines: [] };
  const lines: FeeLine[] = [];
  const rule = rules.find((r) => r.methodKind === input.methodKind);
  if (rule && !(input.recurring && rule.exemptRecurring)) {
    if (rule.kind === 'flat') {
      const cents = rule.flatCents ?? 0;
      assertCents(cents, 'flatCents');
      if (cents > 0) lines.push({ kind: 'convenience', label: 'Convenience fee', cents, flatCents: cents });
    } else {
      const bps = rule.basisPoints ?? 0;
      const cents = percentOf(input.amountCents, bps);
      if (bps > 0) lines.push({ kind: 'convenience', label: 'Convenience fee', cents, basisPoints: bps });
    }
  }
  const large = input.largeAmount;
  if (large && large.basisPoints > 0 && input.amountCents > large.thresholdCents) {
    lines.push({ kind: 'largeAmount', label: 'Large payment fee', cents: percentOf(input.amountCents, large.basisPoints), basisPoints: large.basisPoints });
  }
  const feeCents = lines.reduce((sum, l) => sum + l.cents, 0);
  return { feeCents, totalCents: input.amountCents + feeCents, lines };
}
