// Display formatters named by screens (`format: money`). Amounts are integer cents below the display.

import { fileSize } from './file-size.ts';
import { ownerDate, ownerDateTime } from './dates.ts';
import { onFirstUse } from './first-use.ts';
import { plainDollars } from './plain-formats.ts';

const usd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const REQUEST_STATUSES = new Set(['open', 'inProgress', 'approved', 'approvedWithConditions', 'declined', 'closed', 'tentative', 'confirmed']);
const RESERVATION_STATUSES = new Set(['tentative', 'confirmed', 'declined']);
const REQUEST_KINDS = new Set(['general', 'architectural', 'reservation']);
const ARC_TYPES = new Set(['exteriorPaint', 'fence', 'landscaping', 'roofing', 'windowsDoors', 'solar', 'addition', 'other']);
const ARC_STEPS = new Set(['submitted', 'boardReview', 'decided']);
const ARC_VOTES = new Set(['approve', 'decline']);
const ARC_OUTCOMES = new Set(['approved', 'approvedWithConditions', 'declined']);
const labelOf = (known: Set<string>, prefix: string) => (value: unknown) => (typeof value === 'string' && known.has(value) ? `${prefix}${value}` : '');

// The board's lists: the server sends its own status words (`in_progress`, `90+ days`), which
// the grids show as the portal's labels; the raw value still sorts and filters on the server.
/** A value of a known set → its message key; anything else shows nothing rather than a raw code. */
function labelFor(prefix: string, labels: Record<string, string>) {
  return (value: unknown) => (typeof value === 'string' && Object.hasOwn(labels, value) ? `${prefix}.${labels[value]}` : '');
}

/** The next date of a list's active schedule (recurring payments, auto-drafts) as the owner reads it; none → ''. */
function nextActiveDate(field: string) {
  return (value: unknown) => {
    const active = Array.isArray(value) ? (value as Record<string, unknown>[]).find((item) => item?.status === 'active') : undefined;
    return typeof active?.[field] === 'string' ? ownerDate(active[field]) : '';
  };
}

export const formatters = {
  /** 24500 → "$245.00" */
  money: (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? plainDollars(value) ?? usd().format(value / 100) : ''),
  /** "2026-11-22" → "November 22, 2026"; an ISO time → the day it was in New York (flows/dates.ts). */
  date: (value: unknown) => (typeof value === 'string' ? ownerDate(value) : ''),
  /** An ISO time → "November 22, 2026, 3:05 PM EST": New York's clock, as every other date (flows/dates.ts). */
  dateTime: (value: unknown) => (typeof value === 'string' ? ownerDateTime(value) : ''),
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
  /** An architectural request's type, step, a member's vote and the chair's outcome: message keys. */
  arcType: labelOf(ARC_TYPES, 'boardArcs.type_'),
  arcStep: labelOf(ARC_STEPS, 'boardArcs.step_'),
  arcVote: labelOf(ARC_VOTES, 'boardArcs.vote_'),
  arcOutcome: labelOf(ARC_OUTCOMES, 'boardArcs.outcome_'),
  /** true → the word that makes an overdue item stand out in text, not only colour. */
  overdueMark: (value: unknown) => (value === true ? 'boardArcs.overdue' : ''),
  /** pending / settled / returned → a message key; entries without a status (charges) show nothing. */
  entryStatus: (value: unknown) => (value === 'pending' || value === 'settled' || value === 'returned' ? `ledger.status_${value}` : ''),
  /** awaiting / approved / declined / paid → a message key (`translate: true`). */
  /** global / company / association → a message key (`translate: true`): where a setting's value comes from. */
  settingSource: labelFor('manageSettings.source', { global: 'global', company: 'company', association: 'association' }),
  /** setting / lock / staff / board / page / other → a message key (`translate: true`): an audit entry's kind of change. */
  auditKind: labelFor('manageAudit.kind', { setting: 'setting', lock: 'lock', staff: 'staff', board: 'board', page: 'page', mimic: 'mimic', other: 'other' }),
  /** global / company → a message key (`translate: true`): who locked a setting; none → ''. */
  settingLock: labelFor('manageSettings.locked', { global: 'global', company: 'company' }),
  invoiceStatus: labelFor('boardLists.invoiceStatus', { awaiting: 'awaiting', approved: 'approved', declined: 'declined', paid: 'paid' }),
  /** open / cured / fined / closed → a message key (`translate: true`). */
  violationStatus: labelFor('boardLists.violationStatus', { open: 'open', cured: 'cured', fined: 'fined', closed: 'closed' }),
  /** open / in_progress / completed / cancelled → a message key (`translate: true`). */
  workOrderStatus: labelFor('boardLists.workOrderStatus', { open: 'open', in_progress: 'inProgress', completed: 'completed', cancelled: 'cancelled' }),
  /** passed / attention / failed → a message key (`translate: true`). */
  inspectionResult: labelFor('boardLists.inspectionResult', { passed: 'passed', attention: 'attention', failed: 'failed' }),
  /** operating / reserve → a message key (`translate: true`). */
  bankAccountKind: labelFor('boardLists.bankAccountKind', { operating: 'operating', reserve: 'reserve' }),
  /** A collection stage (current, 30 days, 60 days, 90+ days, attorney) → a message key (`translate: true`). */
  collectionStage: labelFor('boardLists.stage', { current: 'current', '30 days': 'days30', '60 days': 'days60', '90+ days': 'days90', attorney: 'attorney' }),
  /** Recurring payments → the next payment date of the active one ('' for none). */
  nextRecurringDate: nextActiveDate('nextPaymentDate'),
  /** Auto-draft enrollments → the next draft date of the active one ('' for none). */
  nextDraftDate: nextActiveDate('nextPullDate'),
  /**
   * `{ recurring, autoDraft }` as read (`$data`) → whether anything pays the account automatically:
   * on / off, or checking while either list is still being read.
   */
  autopayStatus: (value: unknown) => {
    const { recurring, autoDraft } = (value ?? {}) as { recurring?: { recurringPayments?: { status?: string }[] }; autoDraft?: { autoDraftEnrollments?: { status?: string }[] } };
    const lists = [recurring?.recurringPayments, autoDraft?.autoDraftEnrollments];
    if (lists.some((list) => !Array.isArray(list))) return 'checking';
    return lists.some((list) => list!.some((item) => item?.status === 'active')) ? 'on' : 'off';
  },
  /** true / false → "Yes" / "No" message keys (`translate: true`); no value shows nothing. */
  yesNo: (value: unknown) => (value === true ? 'boardLists.yes' : value === false ? 'boardLists.no' : ''),
};
