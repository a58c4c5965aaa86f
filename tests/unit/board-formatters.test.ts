import { describe, expect, it } from 'vitest';
import { formatters as boardFormatters } from '../../flows/formatters.ts';
import en from '../../schemas/messages/en.json' with { type: 'json' };

// The board's lists show the server's status words as the portal's labels.
const messages = en as Record<string, string>;
const label = (format: keyof typeof boardFormatters, value: unknown) => {
  const key = boardFormatters[format](value);
  return key ? messages[key] : key;
};

describe('board formatters', () => {
  it('label every value the server sends with a text of the catalogue', () => {
    expect(['awaiting', 'approved', 'declined', 'paid'].map((v) => label('invoiceStatus', v))).toEqual(['Awaiting approval', 'Approved', 'Declined', 'Paid']);
    expect(['open', 'cured', 'fined', 'closed'].map((v) => label('violationStatus', v))).toEqual(['Open', 'Cured', 'Fined', 'Closed']);
    expect(['open', 'in_progress', 'completed', 'cancelled'].map((v) => label('workOrderStatus', v))).toEqual(['Open', 'In progress', 'Completed', 'Cancelled']);
    expect(['passed', 'attention', 'failed'].map((v) => label('inspectionResult', v))).toEqual(['Passed', 'Needs attention', 'Failed']);
    expect(['operating', 'reserve'].map((v) => label('bankAccountKind', v))).toEqual(['Operating', 'Reserve']);
    expect(['current', '30 days', '60 days', '90+ days', 'attorney'].map((v) => label('collectionStage', v))).toEqual(['Current', '30 days', '60 days', '90+ days', 'Attorney']);
    expect([true, false].map((v) => label('yesNo', v))).toEqual(['Yes', 'No']);
  });

  it('show nothing for a value they do not know, rather than a code', () => {
    expect(boardFormatters.invoiceStatus('toString')).toBe('');
    expect(boardFormatters.collectionStage('120 days')).toBe('');
    expect(boardFormatters.workOrderStatus(null)).toBe('');
    expect(boardFormatters.yesNo('true')).toBe('');
  });
});
