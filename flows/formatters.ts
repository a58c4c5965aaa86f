// Display formatters named by screens (`format: money`). Amounts are integer cents below the display.

import { fileSize } from './documents.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
// A moment (a message sent, a reservation starting) in the reader's own time zone.
const moment = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const REQUEST_STATUSES = new Set(['open', 'inProgress', 'approved', 'approvedWithConditions', 'declined', 'closed', 'tentative', 'confirmed']);
const RESERVATION_STATUSES = new Set(['tentative', 'confirmed', 'declined']);
const REQUEST_KINDS = new Set(['general', 'architectural', 'reservation']);
const ARC_TYPES = new Set(['exteriorPaint', 'fence', 'landscaping', 'roofing', 'windowsDoors', 'solar', 'addition', 'other']);
const ARC_STEPS = new Set(['submitted', 'boardReview', 'decided']);
const ARC_VOTES = new Set(['approve', 'decline']);
const ARC_OUTCOMES = new Set(['approved', 'approvedWithConditions', 'declined']);
const labelOf = (known: Set<string>, prefix: string) => (value: unknown) => (typeof value === 'string' && known.has(value) ? `${prefix}${value}` : '');

export const formatters = {
  /** 24500 → "$245.00" */
  money: (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? usd.format(value / 100) : ''),
  /** "2026-11-22" or an ISO time → "November 22, 2026" */
  date: (value: unknown) => {
    if (typeof value !== 'string' || !value) return '';
    const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(time) ? '' : longDate.format(time);
  },
  /** An ISO time → "November 22, 2026, 3:05 PM" in the reader's time zone. */
  dateTime: (value: unknown) => {
    if (typeof value !== 'string' || !value) return '';
    const time = Date.parse(value);
    return Number.isNaN(time) ? '' : moment.format(time);
  },
  /** A size in bytes → "1.2 MB", "340 KB", "12 bytes". */
  fileSize: (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? fileSize(value) : ''),
  /** A request's status → a message key (`translate: true`). */
  requestStatus: (value: unknown) => (typeof value === 'string' && REQUEST_STATUSES.has(value) ? `requests.status_${value}` : ''),
  /** A reservation's status (tentative, confirmed, declined) → a message key (`translate: true`). */
  reservationStatus: (value: unknown) => (typeof value === 'string' && RESERVATION_STATUSES.has(value) ? `calendar.status.${value}` : ''),
  /** general / architectural / reservation → a message key (`translate: true`). */
  requestKind: (value: unknown) => (typeof value === 'string' && REQUEST_KINDS.has(value) ? `requests.kind_${value}` : ''),
  /** card / bank → a message key; the summary translates it (`translate: true`). */
  methodKind: (value: unknown) => (value === 'card' ? 'methods.card' : value === 'bank' ? 'methods.bank' : ''),
  /** "4242" → "•••• 4242" */
  lastFour: (value: unknown) => (typeof value === 'string' && value ? `•••• ${value}` : ''),
  /** A recurring payment's or auto-draft's status → a message key (setup: not authorized yet). */
  scheduleStatus: (value: unknown) => (value === 'setup' || value === 'active' || value === 'paused' ? `manage.status_${value}` : ''),
  /** pending / settled / returned → a message key; entries without a status (charges) show nothing. */
  /** An architectural request's type, step, a member's vote and the chair's outcome: message keys. */
  arcType: labelOf(ARC_TYPES, 'boardArcs.type_'),
  arcStep: labelOf(ARC_STEPS, 'boardArcs.step_'),
  arcVote: labelOf(ARC_VOTES, 'boardArcs.vote_'),
  arcOutcome: labelOf(ARC_OUTCOMES, 'boardArcs.outcome_'),
  /** true → the word that makes an overdue item stand out in text, not only colour. */
  overdueMark: (value: unknown) => (value === true ? 'boardArcs.overdue' : ''),
  entryStatus: (value: unknown) => (value === 'pending' || value === 'settled' || value === 'returned' ? `ledger.status_${value}` : ''),
};
