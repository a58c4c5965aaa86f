// The pieces of a statement that need no database: the period a duration covers, how money and
// dates are written, the CSV's quoting and formula guard, and the totals by kind.
import { describe, expect, it } from 'vitest';
import { statementPeriod } from '../../server/statements/period.ts';
import { formatDecimal, formatLongDate, formatUsd } from '../../server/statements/format.ts';
import { ledgerCsv } from '../../server/statements/csv.ts';
import { chargeSummary, paymentCoupons } from '../../server/statements/sections.ts';
import type { LedgerLine } from '../../server/statements/ledger-lines.ts';
import { isStatementFileId } from '../../server/statements/files.ts';

describe('statement periods', () => {
  it('count the days back from today, both ends included', () => {
    expect(statementPeriod('last30Days', '2026-03-02')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(statementPeriod('last60Days', '2026-03-02')).toEqual({ from: '2026-01-02', to: '2026-03-02' });
    // Across a year end, and a February with and without its leap day.
    expect(statementPeriod('last30Days', '2026-01-15')).toEqual({ from: '2025-12-17', to: '2026-01-15' });
    expect(statementPeriod('last30Days', '2027-03-01')).toEqual({ from: '2027-01-31', to: '2027-03-01' });
    expect(statementPeriod('last30Days', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-03-01' });
  });

  it('take calendar years as they are', () => {
    expect(statementPeriod('yearToDate', '2026-03-02')).toEqual({ from: '2026-01-01', to: '2026-03-02' });
    expect(statementPeriod('yearToDate', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(statementPeriod('lastCalendarYear', '2026-03-02')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(statementPeriod('lastCalendarYear', '2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(statementPeriod('fullHistory', '2026-03-02')).toEqual({ from: null, to: '2026-03-02' });
  });
});

describe('statement formatting', () => {
  it('writes cents as US dollars and as plain decimals, without floating-point rounding', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(-1200)).toBe('-$12.00');
    expect(formatUsd(-99)).toBe('-$0.99');
    expect(formatUsd(123456789012)).toBe('$1,234,567,890.12');
    expect(formatDecimal(-12500)).toBe('-125.00');
    expect(formatDecimal(100005)).toBe('1000.05');
    expect(formatDecimal(9007199254740991)).toBe('90071992547409.91');
    expect(() => formatUsd(1.5)).toThrow(RangeError);
  });

  it('writes dates as every screen and e-mail does', () => {
    expect(formatLongDate('2026-03-02')).toBe('March 2, 2026');
    expect(formatLongDate('2025-12-31')).toBe('December 31, 2025');
    expect(() => formatLongDate('3/2/2026')).toThrow(RangeError);
  });
});

const line = (description: string, amountCents: number, balanceCents: number, kind: LedgerLine['kind'] = 'Charge'): LedgerLine => ({
  date: '2026-02-01',
  kind,
  description,
  subLedgerId: 1,
  amountCents,
  balanceCents,
});

describe('the ledger CSV', () => {
  it('has the header alone when the period has no lines', () => {
    expect(ledgerCsv([])).toBe('Date,Kind,Description,Amount,Balance\r\n');
  });

  it('quotes by RFC 4180 and disarms whatever a spreadsheet would run as a formula, but not negative amounts', () => {
    const csv = ledgerCsv([
      line('plain', 100, 100),
      line('a, b', 100, 200),
      line('say "hi"', 100, 300),
      line('two\nlines', 100, 400),
      line('carriage\rreturn', 100, 500),
      line('=1+2', 100, 600),
      line('+1', 100, 700),
      line('-1', 100, 800),
      line('@cmd', 100, 900),
      line('\tcmd', 100, 1000),
      line('refund', -12500, -11500, 'Payment'),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Kind,Description,Amount,Balance',
      '2026-02-01,Charge,plain,1.00,1.00',
      '2026-02-01,Charge,"a, b",1.00,2.00',
      '2026-02-01,Charge,"say ""hi""",1.00,3.00',
      '2026-02-01,Charge,"two\nlines",1.00,4.00',
      '2026-02-01,Charge,"carriage\rreturn",1.00,5.00',
      "2026-02-01,Charge,'=1+2,1.00,6.00",
      "2026-02-01,Charge,'+1,1.00,7.00",
      "2026-02-01,Charge,'-1,1.00,8.00",
      "2026-02-01,Charge,'@cmd,1.00,9.00",
      "2026-02-01,Charge,'\tcmd,1.00,10.00",
      '2026-02-01,Payment,refund,-125.00,-115.00',
      '',
    ]);
  });
});

describe('statement sections', () => {
  it('totals the period by kind in the portal’s order, with the net change', () => {
    const lines = [line('Payment', -5000, 5000, 'Payment'), line('Dues', 10000, 15000), line('Late fee', 2500, 17500), line('Credit', -700, 16800, 'Credit Distribution')];
    expect(chargeSummary({ openingCents: 10000, lines, closingCents: 16800 })).toEqual({
      byKind: [
        { kind: 'Charge', totalCents: 12500, lines: 2 },
        { kind: 'Payment', totalCents: -5000, lines: 1 },
        { kind: 'Credit Distribution', totalCents: -700, lines: 1 },
      ],
      netChangeCents: 6800,
    });
    expect(chargeSummary({ openingCents: 300, lines: [], closingCents: 300 })).toEqual({ byKind: [], netChangeCents: 0 });
  });

  it('makes a coupon only for a sub-ledger that owes something', () => {
    expect(
      paymentCoupons([
        { id: 1, name: 'Assessments', balanceCents: 29584 },
        { id: 2, name: 'Late fees', balanceCents: 0 },
        { id: 3, name: 'Deposits', balanceCents: -500 },
      ]),
    ).toEqual([{ subLedgerName: 'Assessments', amountDueCents: 29584 }]);
  });
});

describe('statement file ids', () => {
  it('are exactly 43 base64url characters', () => {
    expect(isStatementFileId('A'.repeat(43))).toBe(true);
    expect(isStatementFileId('a-_9'.repeat(10) + 'abc')).toBe(true);
    expect(isStatementFileId('A'.repeat(42))).toBe(false);
    expect(isStatementFileId('A'.repeat(44))).toBe(false);
    expect(isStatementFileId(`${'A'.repeat(42)}=`)).toBe(false);
    expect(isStatementFileId(['A'.repeat(43)])).toBe(false);
    expect(isStatementFileId(undefined)).toBe(false);
  });
});
