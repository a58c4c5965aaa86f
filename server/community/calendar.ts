// The association calendar: its events and the reservations of its common areas, as one list of
// entries, shown to each caller according to who they are in the association (docs/server.md,
// "Calendar"). What a caller may not see is left out, or blanked, in the queries themselves, so it
// never reaches this process: a homeowner sees other people's reservations as busy time only.
import type { Queryable } from '../db/index.ts';
import type { Caller } from '../authz/caller.ts';
import { boardMemberSql, ownerSql } from '../authz/document-access.ts';
import { staffMemberSql } from '../authz/staff-sql.ts';
import { BILLING_TIME_ZONE, addDays, zonedInstant } from '../payments/billing.ts';
import { communityError } from './errors.ts';

/** Days are read in the portal's business time zone (like every billing date). */
export const CALENDAR_TIME_ZONE = BILLING_TIME_ZONE;
/** The longest range one call may ask for: `to` at most this many days after `from`. */
export const MAX_CALENDAR_DAYS = 62;

/**
 * Who the caller is in the association: `manager` (its board, chairs included, or its management
 * staff), `owner` (an account there), `public` (anyone else, signed in or not).
 */
export interface CalendarViewer {
  role: 'public' | 'owner' | 'manager';
  userId: number | null;
}

export interface CalendarEntryView {
  id: string;
  kind: 'event' | 'reservation';
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location?: string;
  description?: string;
  visibility?: 'everyone' | 'owners';
  status?: 'tentative' | 'confirmed' | 'declined';
  commonArea?: string;
  mine: boolean;
  requestedBy?: string;
  requestId?: number;
  reservationId?: number;
  decisionNote?: string;
  canDecide: boolean;
}

export interface DayRange {
  /** Midnight starting `from`, New York time. */
  start: Date;
  /** Midnight after `to` (exclusive). */
  end: Date;
}

const isRealDay = (day: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
};

/** The days `from` to `to` (both included) as instants: 400 CAL001 for a day that does not exist or a backward range, CAL002 beyond 62 days. */
export function dayRangeOf(from: string, to: string): DayRange {
  if (!isRealDay(from) || !isRealDay(to) || to < from) throw communityError('CAL001');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days > MAX_CALENDAR_DAYS) {
    throw communityError('CAL002', `The calendar shows at most ${MAX_CALENDAR_DAYS} days at a time; ${from} to ${to} is ${days} days apart.`);
  }
  return { start: zonedInstant(from, 0), end: zonedInstant(addDays(to, 1), 0) };
}

/** The caller's standing in the association: one query for a signed-in caller, none otherwise. */
export async function calendarViewer(db: Queryable, caller: Caller, associationId: number): Promise<CalendarViewer> {
  if (caller.kind !== 'user') return { role: 'public', userId: null };
  const { rows } = await db.query<{ manager: boolean; owner: boolean }>(
    `SELECT (${boardMemberSql('$1::integer', '$2::integer')} OR ${staffMemberSql('$1::integer', '$2::integer')}) AS manager,
            ${ownerSql('$1::integer', '$2::integer')} AS owner`,
    [associationId, caller.userId],
  );
  const role = rows[0].manager ? 'manager' : rows[0].owner ? 'owner' : 'public';
  return { role, userId: caller.userId };
}

interface EventRow {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  all_day: boolean;
  visibility: 'everyone' | 'owners';
}

interface ReservationRow {
  id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  status: 'tentative' | 'confirmed' | 'declined';
  area: string;
  mine: boolean;
  /** The rest is blanked by the query unless the caller is the requester or a manager. */
  request_id: number | null;
  subject: string | null;
  description: string | null;
  decision_note: string | null;
  requested_by: string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

function eventEntry(r: EventRow, viewer: CalendarViewer): CalendarEntryView {
  return {
    id: `event-${r.id}`,
    kind: 'event',
    title: r.title,
    start: iso(r.starts_at),
    end: iso(r.ends_at),
    allDay: r.all_day,
    ...(r.location ? { location: r.location } : {}),
    ...(r.description ? { description: r.description } : {}),
    ...(viewer.role === 'public' ? {} : { visibility: r.visibility }),
    mine: false,
    canDecide: false,
  };
}

function reservationEntry(r: ReservationRow, viewer: CalendarViewer): CalendarEntryView {
  const full = r.subject !== null;
  return {
    id: `reservation-${r.id}`,
    kind: 'reservation',
    title: full ? r.subject! : `${r.area} reserved`,
    start: iso(r.starts_at),
    end: iso(r.ends_at),
    allDay: false,
    ...(full && r.description ? { description: r.description } : {}),
    status: r.status,
    commonArea: r.area,
    mine: Boolean(r.mine),
    ...(r.requested_by ? { requestedBy: r.requested_by } : {}),
    ...(r.request_id !== null ? { requestId: Number(r.request_id) } : {}),
    reservationId: Number(r.id),
    ...(r.decision_note ? { decisionNote: r.decision_note } : {}),
    canDecide: viewer.role === 'manager' && r.status === 'tentative',
  };
}

const EVENTS_SQL = `
  SELECT id, title, description, location, starts_at, ends_at, all_day, visibility
    FROM association_events
   WHERE association_id = $1 AND starts_at < $3 AND ends_at > $2 AND (visibility = 'everyone' OR $4::boolean)`;

// $1: the association; $2: the caller is a manager (sees everything); $3: the caller's user id
// (their own, declined ones included). The requester of a reservation is the account's owner, else
// whoever submitted it (as for the request itself: a sold property's requests go with it).
const RESERVATIONS_SQL = `
  SELECT res.id, res.starts_at, res.ends_at, res.status, ca.name AS area, coalesce(own.user_id = $3::integer, false) AS mine,
         CASE WHEN $2::boolean OR own.user_id = $3::integer THEN r.id END AS request_id,
         CASE WHEN $2::boolean OR own.user_id = $3::integer THEN r.subject END AS subject,
         CASE WHEN $2::boolean OR own.user_id = $3::integer THEN r.description END AS description,
         CASE WHEN $2::boolean OR own.user_id = $3::integer THEN res.decision_note END AS decision_note,
         CASE WHEN $2::boolean THEN su.first_name || ' ' || su.last_name END AS requested_by
    FROM reservations res
    JOIN common_areas ca ON ca.id = res.common_area_id
    JOIN homeowner_requests r ON r.id = res.request_id
    JOIN accounts ac ON ac.id = r.account_id
    JOIN users su ON su.id = r.submitted_by_user_id
    CROSS JOIN LATERAL (SELECT coalesce(ac.owner_user_id, r.submitted_by_user_id) AS user_id) own
   WHERE ca.association_id = $1`;

const byStart = (a: CalendarEntryView, b: CalendarEntryView): number =>
  a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.id.localeCompare(b.id, 'en', { numeric: true });

/** The entries overlapping the range that the viewer may see, sorted by start. */
export async function calendarEntries(db: Queryable, associationId: number, range: DayRange, viewer: CalendarViewer): Promise<CalendarEntryView[]> {
  const manager = viewer.role === 'manager';
  const { rows: events } = await db.query<EventRow>(EVENTS_SQL, [associationId, range.start, range.end, viewer.role !== 'public']);
  let reservations: ReservationRow[] = [];
  if (viewer.role !== 'public') {
    ({ rows: reservations } = await db.query<ReservationRow>(
      `${RESERVATIONS_SQL} AND res.starts_at < $5 AND res.ends_at > $4
         AND ($2::boolean OR res.status <> 'declined' OR own.user_id = $3::integer)`,
      [associationId, manager, viewer.userId, range.start, range.end],
    ));
  }
  return [...events.map((e) => eventEntry(e, viewer)), ...reservations.map((r) => reservationEntry(r, viewer))].sort(byStart);
}

/** One reservation of the association as the viewer sees it (after a decision). */
export async function reservationEntryOf(db: Queryable, associationId: number, reservationId: number, viewer: CalendarViewer): Promise<CalendarEntryView> {
  const { rows } = await db.query<ReservationRow>(`${RESERVATIONS_SQL} AND res.id = $4`, [associationId, viewer.role === 'manager', viewer.userId, reservationId]);
  if (!rows[0]) throw communityError('RSV404');
  return reservationEntry(rows[0], viewer);
}
