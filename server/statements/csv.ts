// The ledger export: one row per ledger line of the period under the header
// Date,Kind,Description,Amount,Balance. csv-stringify does the RFC 4180 part (fields holding a
// comma, a quote or a line break are quoted, quotes doubled, CRLF between records) and guards
// against formula injection: a text field a spreadsheet would run as a formula (starting with
// = + - @, a tab or a carriage return) gets a leading apostrophe. Amounts are passed as numbers
// of cents, which the guard leaves alone, and written as plain decimals (-125.00).
import { stringify } from 'csv-stringify/sync';
import type { LedgerLine } from './ledger-lines.ts';
import { formatDecimal } from './format.ts';

export const LEDGER_CSV_HEADER = ['Date', 'Kind', 'Description', 'Amount', 'Balance'];

export function ledgerCsv(lines: LedgerLine[]): string {
  return stringify(
    lines.map((line) => [line.date, line.kind, line.description, line.amountCents, line.balanceCents]),
    {
      header: true,
      columns: LEDGER_CSV_HEADER,
      record_delimiter: 'windows',
      // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone line feed
      // or carriage return, which spreadsheets read as a new row all the same.
      quoted_match: /[\r\n]/,
      escape_formulas: true,
      cast: { number: (cents) => formatDecimal(cents) },
    },
  );
}
