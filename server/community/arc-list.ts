// The board's list of architectural requests: the search, the sort and the CSV export of exactly
// the rows and columns the list shows. The rows are one association's (a few hundred at most), so
// they are filtered and sorted here, on the values as shown (the address is composed in code).
import { stringify } from 'csv-stringify/sync';
import { communityError } from './errors.ts';
import type { ArcRowView } from './arc-review-store.ts';

export type ArcSort = 'dueDate' | 'submittedAt' | 'type' | 'step' | 'homeowner' | 'address' | 'accountNumber' | 'approve' | 'decline';

export interface ArcListOptions {
  search?: string;
  sort?: ArcSort;
  dir?: 'asc' | 'desc';
}

const SORT_KEYS: Record<ArcSort, (row: ArcRowView) => string | number> = {
  dueDate: (r) => r.dueDate,
  submittedAt: (r) => r.submittedAt,
  type: (r) => r.type,
  step: (r) => ['submitted', 'boardReview', 'decided'].indexOf(r.step),
  homeowner: (r) => r.homeownerName.toLowerCase(),
  address: (r) => r.address.toLowerCase(),
  accountNumber: (r) => r.accountNumber,
  approve: (r) => r.votes.approve,
  decline: (r) => r.votes.decline,
};

/** The rows matching `search` (subject, homeowner, address or account number, any case), sorted; ties by id. */
export function filterAndSort(rows: ArcRowView[], options: ArcListOptions): ArcRowView[] {
  const needle = options.search?.trim().toLowerCase() ?? '';
  const matching = needle === '' ? rows : rows.filter((r) => [r.subject, r.homeownerName, r.address, r.accountNumber].some((text) => text.toLowerCase().includes(needle)));
  const key = SORT_KEYS[options.sort ?? 'dueDate'];
  const sign = options.dir === 'desc' ? -1 : 1;
  return [...matching].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id - b.id;
  });
}

/** The columns the list can show and export: title and value. */
export const ARC_COLUMNS = {
  type: { title: 'Type', value: (r: ArcRowView) => r.type },
  subject: { title: 'Subject', value: (r: ArcRowView) => r.subject },
  step: { title: 'Step', value: (r: ArcRowView) => r.step },
  status: { title: 'Status', value: (r: ArcRowView) => r.status },
  submittedAt: { title: 'Submitted', value: (r: ArcRowView) => r.submittedAt },
  dueDate: { title: 'Due date', value: (r: ArcRowView) => r.dueDate },
  overdue: { title: 'Overdue', value: (r: ArcRowView) => (r.overdue ? 'yes' : 'no') },
  homeowner: { title: 'Homeowner', value: (r: ArcRowView) => r.homeownerName },
  address: { title: 'Address', value: (r: ArcRowView) => r.address },
  accountNumber: { title: 'Account number', value: (r: ArcRowView) => r.accountNumber },
  approve: { title: 'Approve votes', value: (r: ArcRowView) => String(r.votes.approve) },
  decline: { title: 'Decline votes', value: (r: ArcRowView) => String(r.votes.decline) },
  myVote: { title: 'My vote', value: (r: ArcRowView) => r.myVote ?? '' },
  decision: { title: 'Decision', value: (r: ArcRowView) => r.decision?.outcome ?? '' },
} as const;
type ArcColumn = keyof typeof ARC_COLUMNS;

export const DEFAULT_ARC_COLUMNS: ArcColumn[] = ['type', 'step', 'submittedAt', 'dueDate', 'homeowner', 'address', 'accountNumber', 'approve', 'decline'];

/** `columns` (comma-separated) as known, distinct columns; 400 ARC004 otherwise. */
export function columnsOf(columns: string | undefined): ArcColumn[] {
  if (columns === undefined) return DEFAULT_ARC_COLUMNS;
  const names = columns.split(',').map((name) => name.trim());
  const known = names.filter((name): name is ArcColumn => Object.hasOwn(ARC_COLUMNS, name));
  if (known.length !== names.length || new Set(known).size !== known.length) throw communityError('ARC004');
  return known;
}

/**
 * RFC 4180 with CRLF between records (csv-stringify, as the ledger export); a field a spreadsheet
 * would run as a formula gets a leading apostrophe, lone line breaks are quoted.
 */
export function arcCsv(rows: ArcRowView[], columns: ArcColumn[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => ARC_COLUMNS[c].value(row))),
    { header: true, columns: columns.map((c) => ARC_COLUMNS[c].title), record_delimiter: 'windows', quoted_match: /[\r\n]/, escape_formulas: true },
  );
}
