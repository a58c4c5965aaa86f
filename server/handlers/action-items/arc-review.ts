// The board's review of architectural requests: GET /Board/ArcRequests (a grid: JSON or CSV),
// GET /Board/ArcRequests/{id}, its messages, votes, the chair's decision and the attachments, and
// GET /BoardMember/BoardMemberTaskOverview. x-policy admits only members of the association's
// board (resource arcRequest; the decision: its chair), so the handlers answer for a request or an
// association already in the caller's board's scope.
import { principalOf, type OperationHandler } from '../types.ts';
import { downloadHeaders } from '../../documents/download.ts';
import { appDate } from '../../payments/billing.ts';
import { communityError } from '../../community/errors.ts';
import { requiredText } from '../../community/threads.ts';
import { lockRequestHead, type RequestHead } from '../../community/requests-store.ts';
import { attachmentOf, attachmentStream } from '../../community/request-attachments.ts';
import { arcDetail, boardTaskCounts } from '../../community/arc-review-store.ts';
import { addBoardMessage, arcMessages, recordDecision, recordVote, retractVote } from '../../community/arc-votes.ts';
import { arcRequestsList } from '../../community/arc-list.ts';
import { answerGrid, type GridRowOf } from '../associations/board-grid.ts';
import { mailArcDecision, mailBoardMessage, type Applicant } from '../../community/arc-mail.ts';

/** Optional free text: only spaces counts as none. */
const optionalText = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

export const listBoardArcRequests: OperationHandler<'listBoardArcRequests'> = async (req, services) => {
  const { associationId, status = 'open' } = req.query;
  const list = arcRequestsList(associationId, principalOf(req).userId, appDate(services.clock()), status);
  const { rows } = await services.db.query<{ code: string }>('SELECT code FROM associations WHERE id = $1', [associationId]);
  return answerGrid<GridRowOf<'listBoardArcRequests'>>(services.db, list, req.query, `arc-requests-${rows[0]?.code ?? associationId}`);
};

export const getBoardArcRequest: OperationHandler<'getBoardArcRequest'> = async (req, services) => {
  return { status: 200, body: await arcDetail(services.db, req.params.id, principalOf(req).userId, services.clock()) };
};

export const listBoardArcMessages: OperationHandler<'listBoardArcMessages'> = async (req, services) => {
  return { status: 200, body: { messages: await arcMessages(services.db, req.params.id) } };
};

export const postBoardArcMessage: OperationHandler<'postBoardArcMessage'> = async (req, services) => {
  const { userId } = principalOf(req);
  const text = requiredText(req.body.body, () => communityError('MSG001'));
  const head = await services.db.transaction(async (tx) => {
    const locked = await lockRequestHead(tx, req.body.requestId);
    await addBoardMessage(tx, locked.id, userId, text, services.clock());
    return locked;
  });
  await mailBoardMessage(services, applicantOf(head), text);
  return { status: 201, body: { messages: await arcMessages(services.db, head.id) } };
};

export const voteOnArcRequest: OperationHandler<'voteOnArcRequest'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  await services.db.transaction((tx) => recordVote(tx, req.params.id, userId, req.body.vote, optionalText(req.body.comment), now));
  return { status: 200, body: await arcDetail(services.db, req.params.id, userId, now) };
};

export const retractArcVote: OperationHandler<'retractArcVote'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  await services.db.transaction((tx) => retractVote(tx, req.params.id, userId, now));
  return { status: 200, body: await arcDetail(services.db, req.params.id, userId, now) };
};

export const decideArcRequest: OperationHandler<'decideArcRequest'> = async (req, services) => {
  const { userId } = principalOf(req);
  const now = services.clock();
  const conditions = optionalText(req.body.conditions);
  if (req.body.outcome === 'approvedWithConditions' && conditions === null) throw communityError('ARC003');
  if (req.body.outcome !== 'approvedWithConditions' && req.body.conditions !== undefined) {
    throw communityError('ARC003', 'Only an approval with conditions has conditions.');
  }
  const decision = { outcome: req.body.outcome, conditions, comment: optionalText(req.body.comment) };
  const head = await services.db.transaction(async (tx) => {
    await recordDecision(tx, req.params.id, userId, decision, now);
    return lockRequestHead(tx, req.params.id);
  });
  await mailArcDecision(services, applicantOf(head), decision);
  return { status: 200, body: await arcDetail(services.db, req.params.id, userId, now) };
};

export const downloadBoardArcAttachment: OperationHandler<'downloadBoardArcAttachment'> = async (req, services) => {
  const row = await attachmentOf(services.db, req.params.id, req.params.attachmentId);
  return {
    status: 200,
    headers: downloadHeaders({ name: row.name, contentType: row.content_type, sizeBytes: Number(row.size_bytes) }, req.query.inline === true),
    content: attachmentStream(services.db, row.id),
  };
};

export const getBoardTaskOverview: OperationHandler<'getBoardTaskOverview'> = async (req, services) => {
  return { status: 200, body: await boardTaskCounts(services.db, req.query.associationId, principalOf(req).userId, services.clock()) };
};

function applicantOf(head: RequestHead): Applicant {
  return {
    to: head.homeownerEmail,
    requestId: head.id,
    accountNumber: head.accountNumber,
    homeownerName: head.homeownerName,
    associationName: head.associationName,
    subject: head.subject,
  };
}
