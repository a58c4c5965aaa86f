// Homeowner requests as the API shows them: one query shape for the lists and for one request,
// the replies, and the options of the new-request form. Scope is x-policy's (server/authz/): here
// "visible" repeats it for the lists, which name nothing: requests on the caller's own accounts,
// and those of every association the caller's management company manages when they are staff.
import type { Queryable } from '../db/index.ts';
import { paymentError } from '../payments/errors.ts';
import { communityError } from './errors.ts';
import { attachmentCount } from './request-attachments.ts';

export const REQUEST_KINDS = ['general', 'architectural', 'reservation'] as const;

export const ARCHITECTURAL_TYPES = [
  { id: 'exteriorPaint', name: 'Exterior paint' },
  { id: 'fence', name: 'Fence' },
  { id: 'landscaping', name: 'Landscaping' },
  { id: 'roofing', name: 'Roofing' },
  { id: 'windowsDoors', name: 'Windows and doors' },
  { id: 'solar', name: 'Solar panels' },
  { id: 'addition', name: 'Addition or structure' },
  { id: 'other', name: 'Other' },
] as const;

export type ArchitecturalType = (typeof ARCHITECTURAL_TYPES)[number]['id'];
type Kind = (typeof REQUEST_KINDS)[number];
type Status = 'open' | 'inProgress' | 'approved' | 'approvedWithConditions' | 'declined' | 'closed' | 'tentative' | 'confirmed';
type Step = 'submitted' | 'boardReview' | 'decided';

interface RequestRow {
  id: number;
  kind: Kind;
  subject: string;
  description: string;
  status: Status;
  submitted_at: Date | string;
  association_id: number;
  association_name: string;
  account_number: string;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
  homeowner_user_id: number;
  homeowner_name: string;
  homeowner_email: string;
  architectural_type: ArchitecturalType | null;
  architectural_step: Step | null;
  due_date: string | null;
  reservation_id: number | null;
  common_area_id: number | null;
  area_name: string | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  reservation_status: 'tentative' | 'confirmed' | 'declined' | null;
  reply_count: number;
  last_reply_at: Date | string | null;
}

export interface RequestSummaryView {
  id: number;
  kind: Kind;
  subject: string;
  description: string;
  status: Status;
  submittedAt: string;
  associationId: number;
  associationName: string;
  accountNumber: string;
  address: string;
  homeownerName: string;
  architectural?: { type: ArchitecturalType; step: Step; dueDate: string };
  reservation?: { id: number; commonAreaId: number; area: string; start: string; end: string; status: 'tentative' | 'confirmed' | 'declined' };
  replyCount: number;
  lastReplyAt: string | null;
}

export interface ReplyView {
  id: number;
  body: string;
  sentAt: string;
  authorName: string;
  fromManagement: boolean;
  /** Only on a board member's message (postBoardArcMessage). */
  fromBoard?: true;
}

export interface RequestHead {
  id: number;
  subject: string;
  associationName: string;
  homeownerUserId: number;
  homeownerName: string;
  homeownerEmail: string;
  /** The account the request is made on (its property is selected when a mail's link is followed). */
  accountNumber: string;
}

// The homeowner is the account's owner (who sees the request), else whoever submitted it.
const REQUEST_SELECT = `
  SELECT r.id, r.kind, r.subject, r.description, coalesce(r.status, res.status) AS status, r.submitted_at,
         r.association_id, a.name AS association_name, ac.account_number, ac.address1, ac.address2, ac.city, ac.state_province, ac.postal_code,
         hu.id AS homeowner_user_id, hu.first_name || ' ' || hu.last_name AS homeowner_name, hu.email AS homeowner_email,
         r.architectural_type, r.architectural_step, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
         res.id AS reservation_id, res.common_area_id, ca.name AS area_name, res.starts_at, res.ends_at, res.status AS reservation_status,
         (SELECT count(*) FROM homeowner_request_replies x WHERE x.request_id = r.id)::integer AS reply_count,
         (SELECT max(x.sent_at) FROM homeowner_request_replies x WHERE x.request_id = r.id) AS last_reply_at
    FROM homeowner_requests r
    JOIN accounts ac ON ac.id = r.account_id
    JOIN associations a ON a.id = r.association_id
    JOIN users hu ON hu.id = coalesce(ac.owner_user_id, r.submitted_by_user_id)
    LEFT JOIN reservations res ON res.request_id = r.id
    LEFT JOIN common_areas ca ON ca.id = res.common_area_id`;

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The property's address on one line (also the board's list, arc-review-store.ts). */
export function addressOf(r: Pick<RequestRow, 'address1' | 'address2' | 'city' | 'state_province' | 'postal_code'>): string {
  const street = [r.address1, r.address2].filter((part) => part.trim() !== '').join(', ');
  return [street, r.city, `${r.state_province} ${r.postal_code}`.trim()].filter((part) => part !== '').join(', ');
}

function summaryOf(r: RequestRow): RequestSummaryView {
  const view: RequestSummaryView = {
    id: Number(r.id),
    kind: r.kind,
    subject: r.subject,
    description: r.description,
    status: r.status,
    submittedAt: iso(r.submitted_at),
    associationId: Number(r.association_id),
    associationName: r.association_name,
    accountNumber: r.account_number,
    address: addressOf(r),
    homeownerName: r.homeowner_name,
    replyCount: Number(r.reply_count),
    lastReplyAt: r.last_reply_at === null ? null : iso(r.last_reply_at),
  };
  if (r.architectural_type !== null && r.architectural_step !== null && r.due_date !== null) {
    view.architectural = { type: r.architectural_type, step: r.architectural_step, dueDate: r.due_date };
  }
  if (r.reservation_id !== null && r.starts_at !== null && r.ends_at !== null && r.reservation_status !== null) {
    view.reservation = {
      id: Number(r.reservation_id),
      commonAreaId: Number(r.common_area_id),
      area: r.area_name ?? '',
      start: iso(r.starts_at),
      end: iso(r.ends_at),
      status: r.reservation_status,
    };
  }
  return view;
}

/** How far back a list goes: the requests page's 36 months (or all), the dashboard's 30 days. */
export const REQUEST_PERIODS = { last30Days: '30 days', last36Months: '36 months', all: null } as const;

export interface ListFilter {
  /** Only those submitted within this interval before `now` (null: all). */
  within: (typeof REQUEST_PERIODS)[keyof typeof REQUEST_PERIODS];
  associationId: number | null;
  now: Date;
}

export async function listRequests(db: Queryable, userId: number, filter: ListFilter): Promise<RequestSummaryView[]> {
  const { rows } = await db.query<RequestRow>(
    `${REQUEST_SELECT}
      WHERE (ac.owner_user_id = $1
             OR EXISTS (SELECT 1 FROM users u JOIN management_staff s ON s.user_id = u.id AND s.deactivated_at IS NULL
                         WHERE u.id = $1 AND u.management_company_id = a.management_company_id))
        AND ($2::integer IS NULL OR r.association_id = $2)
        AND ($3::interval IS NULL OR r.submitted_at >= $4::timestamptz - $3::interval)
      ORDER BY r.submitted_at DESC, r.id DESC`,
    [userId, filter.associationId, filter.within, filter.now],
  );
  return rows.map(summaryOf);
}

/** One request (404 HRQ404 when it does not exist) with its replies, oldest first, and how many files are attached. */
export async function requestView(db: Queryable, requestId: number): Promise<RequestSummaryView & { attachmentCount: number; replies: ReplyView[] }> {
  const { rows } = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.id = $1`, [requestId]);
  if (!rows[0]) throw communityError('HRQ404');
  const { rows: replies } = await db.query<{ id: number; body: string; sent_at: Date | string; author_name: string; from_management: boolean; from_board: boolean }>(
    `SELECT x.id, x.body, x.sent_at, u.first_name || ' ' || u.last_name AS author_name, x.from_management, x.from_board
       FROM homeowner_request_replies x JOIN users u ON u.id = x.author_user_id
      WHERE x.request_id = $1 ORDER BY x.id`,
    [requestId],
  );
  return {
    ...summaryOf(rows[0]),
    attachmentCount: await attachmentCount(db, requestId),
    replies: replies.map((x) => ({
      id: Number(x.id),
      body: x.body,
      sentAt: iso(x.sent_at),
      authorName: x.author_name,
      fromManagement: x.from_management,
      ...(x.from_board ? { fromBoard: true as const } : {}),
    })),
  };
}

/** Who a reply is from and to; holds the request until the transaction ends. */
export async function lockRequestHead(tx: Queryable, requestId: number): Promise<RequestHead> {
  await tx.query(`SELECT id FROM homeowner_requests WHERE id = $1 FOR UPDATE`, [requestId]);
  const { rows } = await tx.query<RequestRow>(`${REQUEST_SELECT} WHERE r.id = $1`, [requestId]);
  const r = rows[0];
  if (!r) throw communityError('HRQ404');
  return {
    id: Number(r.id),
    subject: r.subject,
    associationName: r.association_name,
    homeownerUserId: Number(r.homeowner_user_id),
    homeownerName: r.homeowner_name,
    homeownerEmail: r.homeowner_email,
    accountNumber: r.account_number,
  };
}

/** `actedBy`: the staff member who wrote it in mimic mode on the author's behalf (both are kept). */
export async function addReply(tx: Queryable, requestId: number, authorUserId: number, fromManagement: boolean, body: string, now: Date, actedBy: number | null = null): Promise<void> {
  await tx.query(`INSERT INTO homeowner_request_replies (request_id, author_user_id, from_management, body, sent_at, acted_by_user_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
    requestId,
    authorUserId,
    fromManagement,
    body,
    now,
    actedBy,
  ]);
  await tx.query(`UPDATE homeowner_requests SET updated_at = $2 WHERE id = $1`, [requestId, now]);
}

/** The account (the caller's, by x-policy) a request is made on. */
export async function accountFor(db: Queryable, accountNumber: string): Promise<{ id: number; associationId: number }> {
  const { rows } = await db.query<{ id: number; association_id: number }>(`SELECT id, association_id FROM accounts WHERE account_number = $1`, [accountNumber]);
  if (!rows[0]) throw paymentError('GP002');
  return { id: Number(rows[0].id), associationId: Number(rows[0].association_id) };
}

export async function commonAreasOf(db: Queryable, associationId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(`SELECT id, name FROM common_areas WHERE association_id = $1 ORDER BY name, id`, [associationId]);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
