// What the board writes on an architectural request: votes (append-only: vote, edit, retract), the
// chair's decision and messages to the applicant. Every writer first locks the request's row, so
// two members voting at once are recorded one after the other (both count), a vote cannot slip in
// after the decision, and a second decision sees the first (409 ARC001).
import type { Queryable } from '../db/index.ts';
import { communityError } from './errors.ts';
import type { ArcOutcome, ArcVote } from './arc-review-store.ts';

interface LockedArc {
  id: number;
  step: 'submitted' | 'boardReview' | 'decided';
}

/** Locks the request until the transaction ends; 409 ARC001 once it is decided. */
async function lockOpenArc(tx: Queryable, requestId: number): Promise<LockedArc> {
  const { rows } = await tx.query<{ id: number; architectural_step: LockedArc['step'] }>(
    `SELECT id, architectural_step FROM homeowner_requests WHERE id = $1 AND kind = 'architectural' FOR UPDATE`,
    [requestId],
  );
  if (!rows[0]) throw communityError('HRQ404');
  if (rows[0].architectural_step === 'decided') throw communityError('ARC001');
  return { id: Number(rows[0].id), step: rows[0].architectural_step };
}

async function currentVote(tx: Queryable, requestId: number, memberUserId: number): Promise<ArcVote | null> {
  const { rows } = await tx.query<{ vote: ArcVote }>(`SELECT vote FROM arc_current_votes WHERE request_id = $1 AND member_user_id = $2`, [requestId, memberUserId]);
  return rows[0]?.vote ?? null;
}

/** A first vote (or a new one after a retraction) or an edit of the member's current vote. */
export async function recordVote(tx: Queryable, requestId: number, memberUserId: number, vote: ArcVote, comment: string | null, now: Date): Promise<void> {
  const arc = await lockOpenArc(tx, requestId);
  const action = (await currentVote(tx, arc.id, memberUserId)) === null ? 'vote' : 'edit';
  await tx.query(`INSERT INTO arc_votes (request_id, member_user_id, action, vote, comment, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    arc.id,
    memberUserId,
    action,
    vote,
    comment,
    now,
  ]);
  // The first vote starts the board's review.
  await tx.query(
    `UPDATE homeowner_requests SET architectural_step = CASE WHEN architectural_step = 'submitted' THEN 'boardReview' ELSE architectural_step END, updated_at = $2 WHERE id = $1`,
    [arc.id, now],
  );
}

/** Retracts the member's current vote (409 ARC002 without one); the history keeps it. */
export async function retractVote(tx: Queryable, requestId: number, memberUserId: number, now: Date): Promise<void> {
  const arc = await lockOpenArc(tx, requestId);
  if ((await currentVote(tx, arc.id, memberUserId)) === null) throw communityError('ARC002');
  await tx.query(`INSERT INTO arc_votes (request_id, member_user_id, action, vote, comment, recorded_at) VALUES ($1, $2, 'retract', NULL, NULL, $3)`, [
    arc.id,
    memberUserId,
    now,
  ]);
  await tx.query(`UPDATE homeowner_requests SET updated_at = $2 WHERE id = $1`, [arc.id, now]);
}

export interface ArcDecisionInput {
  outcome: ArcOutcome;
  conditions: string | null;
  comment: string | null;
}

/** Records the chair's decision; the request's status becomes the outcome and its step 'decided'. */
export async function recordDecision(tx: Queryable, requestId: number, chairUserId: number, decision: ArcDecisionInput, now: Date): Promise<void> {
  const arc = await lockOpenArc(tx, requestId);
  await tx.query(
    `INSERT INTO arc_decisions (request_id, decided_by_user_id, decided_at, outcome, conditions, comment) VALUES ($1, $2, $3, $4, $5, $6)`,
    [arc.id, chairUserId, now, decision.outcome, decision.conditions, decision.comment],
  );
  await tx.query(`UPDATE homeowner_requests SET status = $2, architectural_step = 'decided', updated_at = $3 WHERE id = $1`, [arc.id, decision.outcome, now]);
}

export interface ArcMessageView {
  id: number;
  body: string;
  sentAt: string;
  authorName: string;
  from: 'homeowner' | 'management' | 'board';
}

/** The request's one conversation (the applicant, management and the board), oldest first. */
export async function arcMessages(db: Queryable, requestId: number): Promise<ArcMessageView[]> {
  const { rows } = await db.query<{ id: number; body: string; sent_at: Date | string; author_name: string; from_management: boolean; from_board: boolean }>(
    `SELECT x.id, x.body, x.sent_at, u.first_name || ' ' || u.last_name AS author_name, x.from_management, x.from_board
       FROM homeowner_request_replies x JOIN users u ON u.id = x.author_user_id
      WHERE x.request_id = $1 ORDER BY x.id`,
    [requestId],
  );
  return rows.map((x) => ({
    id: Number(x.id),
    body: x.body,
    sentAt: new Date(x.sent_at).toISOString(),
    authorName: x.author_name,
    from: x.from_board ? 'board' : x.from_management ? 'management' : 'homeowner',
  }));
}

/** A board member's message in the request's conversation. */
export async function addBoardMessage(tx: Queryable, requestId: number, authorUserId: number, body: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO homeowner_request_replies (request_id, author_user_id, from_management, from_board, body, sent_at) VALUES ($1, $2, false, true, $3, $4)`,
    [requestId, authorUserId, body, now],
  );
  await tx.query(`UPDATE homeowner_requests SET updated_at = $2 WHERE id = $1`, [requestId, now]);
}
