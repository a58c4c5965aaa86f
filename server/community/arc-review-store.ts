// The board's architectural review as the API shows it: one request with its members' votes,
// history and decision, and the board dashboard's counts (arc-list.ts is the board's list). Scope
// is x-policy's (resource arcRequest, server/authz/scopes.ts): these functions take an association
// or a request id already in the caller's board's scope.
import type { Queryable } from '../db/index.ts';
import { appDate } from '../payments/billing.ts';
import { communityError } from './errors.ts';
import { addressOf, type ArchitecturalType } from './requests-store.ts';
import { attachmentView, attachmentsOf, type AttachmentView } from './request-attachments.ts';

export type ArcVote = 'approve' | 'decline';
export type ArcOutcome = 'approved' | 'approvedWithConditions' | 'declined';
type Step = 'submitted' | 'boardReview' | 'decided';
type Status = 'open' | 'inProgress' | 'approved' | 'approvedWithConditions' | 'declined' | 'closed';

export interface ArcDecisionView {
  outcome: ArcOutcome;
  conditions: string | null;
  comment: string | null;
  decidedAt: string;
  decidedBy: string;
}

export interface ArcRowView {
  id: number;
  subject: string;
  type: ArchitecturalType;
  step: Step;
  status: Status;
  submittedAt: string;
  dueDate: string;
  overdue: boolean;
  homeownerName: string;
  address: string;
  accountNumber: string;
  votes: { approve: number; decline: number; members: number };
  myVote: ArcVote | null;
  decision: ArcDecisionView | null;
}

interface ArcRow {
  id: number;
  subject: string;
  description: string;
  architectural_type: ArchitecturalType;
  architectural_step: Step;
  status: Status;
  submitted_at: Date | string;
  due_date: string;
  overdue: boolean;
  association_id: number;
  association_name: string;
  account_number: string;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
  homeowner_name: string;
  approve: number;
  decline: number;
  members: number;
  my_vote: ArcVote | null;
  outcome: ArcOutcome | null;
  conditions: string | null;
  decision_comment: string | null;
  decided_at: Date | string | null;
  decided_by: string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

// $1 the caller (for my_vote), $2 today in New York (for overdue). The homeowner is the account's
// owner, else whoever submitted it (as in requests-store.ts).
const ARC_SELECT = `
  SELECT r.id, r.subject, r.description, r.architectural_type, r.architectural_step, r.status, r.submitted_at,
         to_char(r.due_date, 'YYYY-MM-DD') AS due_date, (r.architectural_step <> 'decided' AND r.due_date < $2::date) AS overdue,
         r.association_id, a.name AS association_name, ac.account_number, ac.address1, ac.address2, ac.city, ac.state_province, ac.postal_code,
         hu.first_name || ' ' || hu.last_name AS homeowner_name,
         (SELECT count(*) FROM arc_current_votes v WHERE v.request_id = r.id AND v.vote = 'approve')::integer AS approve,
         (SELECT count(*) FROM arc_current_votes v WHERE v.request_id = r.id AND v.vote = 'decline')::integer AS decline,
         (SELECT count(*) FROM board_members b WHERE b.association_id = r.association_id)::integer AS members,
         (SELECT v.vote FROM arc_current_votes v WHERE v.request_id = r.id AND v.member_user_id = $1) AS my_vote,
         d.outcome, d.conditions, d.comment AS decision_comment, d.decided_at, du.first_name || ' ' || du.last_name AS decided_by
    FROM homeowner_requests r
    JOIN accounts ac ON ac.id = r.account_id
    JOIN associations a ON a.id = r.association_id
    JOIN users hu ON hu.id = coalesce(ac.owner_user_id, r.submitted_by_user_id)
    LEFT JOIN arc_decisions d ON d.request_id = r.id
    LEFT JOIN users du ON du.id = d.decided_by_user_id
   WHERE r.kind = 'architectural'`;

function rowOf(r: ArcRow): ArcRowView {
  return {
    id: Number(r.id),
    subject: r.subject,
    type: r.architectural_type,
    step: r.architectural_step,
    status: r.status,
    submittedAt: iso(r.submitted_at),
    dueDate: r.due_date,
    overdue: r.overdue,
    homeownerName: r.homeowner_name,
    address: addressOf(r),
    accountNumber: r.account_number,
    votes: { approve: Number(r.approve), decline: Number(r.decline), members: Number(r.members) },
    myVote: r.my_vote,
    decision:
      r.outcome === null || r.decided_at === null
        ? null
        : { outcome: r.outcome, conditions: r.conditions, comment: r.decision_comment, decidedAt: iso(r.decided_at), decidedBy: r.decided_by ?? '' },
  };
}

export interface ArcMemberView {
  userId: number;
  name: string;
  isChair: boolean;
  vote: ArcVote | null;
  comment: string | null;
  votedAt: string | null;
}

export interface ArcHistoryView {
  at: string;
  userId: number;
  name: string;
  action: 'vote' | 'edit' | 'retract' | 'decision';
  vote: ArcVote | null;
  outcome: ArcOutcome | null;
  comment: string | null;
  conditions: string | null;
}

export interface ArcDetailView extends ArcRowView {
  description: string;
  associationId: number;
  associationName: string;
  attachments: AttachmentView[];
  members: ArcMemberView[];
  history: ArcHistoryView[];
  canVote: boolean;
  canDecide: boolean;
}

/** One request for the board: 404 HRQ404 when it is not an architectural request. */
export async function arcDetail(db: Queryable, requestId: number, userId: number, now: Date): Promise<ArcDetailView> {
  const { rows } = await db.query<ArcRow>(`${ARC_SELECT} AND r.id = $3`, [userId, appDate(now), requestId]);
  const r = rows[0];
  if (!r) throw communityError('HRQ404');
  const associationId = Number(r.association_id);
  const { rows: members } = await db.query<{ user_id: number; name: string; is_chair: boolean; vote: ArcVote | null; comment: string | null; recorded_at: Date | string | null }>(
    `SELECT b.user_id, u.first_name || ' ' || u.last_name AS name, b.is_chair, v.vote, v.comment, v.recorded_at
       FROM board_members b JOIN users u ON u.id = b.user_id
       LEFT JOIN arc_current_votes v ON v.request_id = $2 AND v.member_user_id = b.user_id
      WHERE b.association_id = $1
      ORDER BY b.is_chair DESC, u.last_name, u.first_name, b.user_id`,
    [associationId, requestId],
  );
  // Votes and the decision in the order they happened (the decision closes the votes, so it is last).
  const { rows: history } = await db.query<{
    at: Date | string;
    user_id: number;
    name: string;
    action: ArcHistoryView['action'];
    vote: ArcVote | null;
    outcome: ArcOutcome | null;
    comment: string | null;
    conditions: string | null;
  }>(
    `SELECT h.at, h.user_id, u.first_name || ' ' || u.last_name AS name, h.action, h.vote, h.outcome, h.comment, h.conditions
       FROM (SELECT recorded_at AS at, member_user_id AS user_id, action, vote, NULL::text AS outcome, comment, NULL::text AS conditions, 0 AS part, id
               FROM arc_votes WHERE request_id = $1
             UNION ALL
             SELECT decided_at, decided_by_user_id, 'decision', NULL, outcome, comment, conditions, 1, 0
               FROM arc_decisions WHERE request_id = $1) h
       JOIN users u ON u.id = h.user_id
      ORDER BY h.part, h.at, h.id`,
    [requestId],
  );
  const row = rowOf(r);
  const decided = row.step === 'decided';
  const isChair = members.some((m) => Number(m.user_id) === userId && m.is_chair);
  return {
    ...row,
    description: r.description,
    associationId,
    associationName: r.association_name,
    attachments: (await attachmentsOf(db, requestId)).map(attachmentView),
    members: members.map((m) => ({
      userId: Number(m.user_id),
      name: m.name,
      isChair: m.is_chair,
      vote: m.vote,
      comment: m.comment,
      votedAt: m.recorded_at === null ? null : iso(m.recorded_at),
    })),
    history: history.map((h) => ({
      at: iso(h.at),
      userId: Number(h.user_id),
      name: h.name,
      action: h.action,
      vote: h.vote,
      outcome: h.outcome,
      comment: h.comment,
      conditions: h.conditions,
    })),
    canVote: !decided,
    canDecide: !decided && isChair,
  };
}

/**
 * The board dashboard's counts for one member of the association's board: the open architectural
 * requests (awaiting the caller's vote, all, overdue) and what waits in the board's lists.
 */
export async function boardTaskCounts(db: Queryable, associationId: number, userId: number, now: Date) {
  const { rows } = await db.query<{ awaiting: number; open: number; overdue: number; invoices: number; violations: number; todos: number }>(
    `SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM arc_current_votes v WHERE v.request_id = r.id AND v.member_user_id = $2))::integer AS awaiting,
            count(*)::integer AS open,
            count(*) FILTER (WHERE r.due_date < $3::date)::integer AS overdue,
            (SELECT count(*) FROM board_invoices i WHERE i.association_id = $1 AND i.status = 'awaiting')::integer AS invoices,
            (SELECT count(*) FROM violations v WHERE v.association_id = $1 AND v.status = 'open')::integer AS violations,
            (SELECT count(*) FROM board_todos t WHERE t.association_id = $1 AND NOT t.done)::integer AS todos
       FROM homeowner_requests r
      WHERE r.kind = 'architectural' AND r.association_id = $1 AND r.architectural_step <> 'decided'`,
    [associationId, userId, appDate(now)],
  );
  const counts = rows[0];
  return {
    arcAwaitingMyVote: Number(counts.awaiting),
    arcOpen: Number(counts.open),
    arcOverdue: Number(counts.overdue),
    invoicesAwaitingApproval: Number(counts.invoices),
    violationsOpen: Number(counts.violations),
    toDosOpen: Number(counts.todos),
  };
}
