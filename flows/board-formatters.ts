// Display formatters of the board's lists (`format: invoiceStatus, translate: true`): the server
// sends its own status words (`in_progress`, `90+ days`), which the grids show as the portal's
// labels. The raw value still sorts and filters on the server.

/** A value of a known set → its message key; anything else shows nothing rather than a raw code. */
function labelOf(prefix: string, labels: Record<string, string>) {
  return (value: unknown) => (typeof value === 'string' && Object.hasOwn(labels, value) ? `${prefix}.${labels[value]}` : '');
}

export const boardFormatters = {
  /** awaiting / approved / declined / paid → a message key (`translate: true`). */
  invoiceStatus: labelOf('boardLists.invoiceStatus', { awaiting: 'awaiting', approved: 'approved', declined: 'declined', paid: 'paid' }),
  /** open / cured / fined / closed → a message key (`translate: true`). */
  violationStatus: labelOf('boardLists.violationStatus', { open: 'open', cured: 'cured', fined: 'fined', closed: 'closed' }),
  /** open / in_progress / completed / cancelled → a message key (`translate: true`). */
  workOrderStatus: labelOf('boardLists.workOrderStatus', { open: 'open', in_progress: 'inProgress', completed: 'completed', cancelled: 'cancelled' }),
  /** passed / attention / failed → a message key (`translate: true`). */
  inspectionResult: labelOf('boardLists.inspectionResult', { passed: 'passed', attention: 'attention', failed: 'failed' }),
  /** operating / reserve → a message key (`translate: true`). */
  bankAccountKind: labelOf('boardLists.bankAccountKind', { operating: 'operating', reserve: 'reserve' }),
  /** A collection stage (current, 30 days, 60 days, 90+ days, attorney) → a message key (`translate: true`). */
  collectionStage: labelOf('boardLists.stage', { current: 'current', '30 days': 'days30', '60 days': 'days60', '90+ days': 'days90', attorney: 'attorney' }),
  /** true / false → "Yes" / "No" message keys (`translate: true`); no value shows nothing. */
  yesNo: (value: unknown) => (value === true ? 'boardLists.yes' : value === false ? 'boardLists.no' : ''),
};
