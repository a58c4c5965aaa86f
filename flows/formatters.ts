// Display formatters named by screens (`format: money`). Amounts are integer cents below the display.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const formatters = {
  /** 24500 → "$245.00" */
  money: (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? usd.format(value / 100) : ''),
  /** "2026-11-22" or an ISO time → "November 22, 2026" */
  date: (value: unknown) => {
    if (typeof value !== 'string' || !value) return '';
    const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(time) ? '' : longDate.format(time);
  },
  /** card / bank → a message key; the summary translates it (`translate: true`). */
  methodKind: (value: unknown) => (value === 'card' ? 'methods.card' : value === 'bank' ? 'methods.bank' : ''),
  /** "4242" → "•••• 4242" */
  lastFour: (value: unknown) => (typeof value === 'string' && value ? `•••• ${value}` : ''),
  /** A recurring payment's or auto-draft's status → a message key (setup: not authorized yet). */
  scheduleStatus: (value: unknown) => (value === 'setup' || value === 'active' || value === 'paused' ? `manage.status_${value}` : ''),
  /** pending / settled / returned → a message key; entries without a status (charges) show nothing. */
  entryStatus: (value: unknown) => (value === 'pending' || value === 'settled' || value === 'returned' ? `ledger.status_${value}` : ''),
};
