// Messages with management: GET/POST /Messages, GET /Messages/{id}, POST /Messages/{id}/Reply.
// A thread is one homeowner's with one association's management. x-policy admits the thread's
// homeowner and staff of the company managing its association; the caller's side (homeowner or
// management) decides whose read mark moves and whether the other side is e-mailed: management's
// replies are mailed to the homeowner, a homeowner's messages wait in the portal.
import { principalOf, type OperationHandler } from '../types.ts';
import { communityError } from '../../community/errors.ts';
import { mailManagementAnswer } from '../../community/notify.ts';
import { addMessage, listThreads, loadThreadHead, markRead, partyOf, requiredText, threadView } from '../../community/threads.ts';
import { associationsWithout } from '../../features/filter.ts';

export const listMessageThreads: OperationHandler<'listMessageThreads'> = async (req, services) => {
  const { userId } = principalOf(req);
  const threads = await listThreads(services.db, userId, req.query.unread === true);
  // The caller's threads of every association, less those of associations with messages switched off.
  const off = await associationsWithout(services.db, services.settings, 'messages', threads.map((t) => t.associationId));
  return { status: 200, body: { threads: threads.filter((t) => !off.has(t.associationId)) } };
};

export const getMessageThread: OperationHandler<'getMessageThread'> = async (req, services) => {
  const { userId } = principalOf(req);
  const view = await services.db.transaction(async (tx) => {
    const head = await loadThreadHead(tx, req.params.id);
    await markRead(tx, head.id, partyOf(head, userId), services.clock());
    return threadView(tx, head);
  });
  return { status: 200, body: view };
};

export const createMessageThread: OperationHandler<'createMessageThread'> = async (req, services) => {
  const { userId, actor } = principalOf(req);
  const subject = requiredText(req.body.subject, () => communityError('MSG002'));
  const body = requiredText(req.body.body, () => communityError('MSG001'));
  const now = services.clock();
  const view = await services.db.transaction(async (tx) => {
    // The association is one where the caller owns an account (x-policy).
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO message_threads (association_id, homeowner_user_id, subject, created_at, last_message_at) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
      [req.body.associationId, userId, subject, now],
    );
    const head = await loadThreadHead(tx, Number(rows[0].id), { lock: true });
    await addMessage(tx, head, userId, 'homeowner', body, now, actor?.userId ?? null);
    return threadView(tx, await loadThreadHead(tx, head.id));
  });
  return { status: 201, body: view };
};

export const replyToMessageThread: OperationHandler<'replyToMessageThread'> = async (req, services) => {
  const { userId, actor } = principalOf(req);
  const body = requiredText(req.body.body, () => communityError('MSG001'));
  const now = services.clock();
  const { head, party, view } = await services.db.transaction(async (tx) => {
    const locked = await loadThreadHead(tx, req.params.id, { lock: true });
    const side = partyOf(locked, userId);
    await addMessage(tx, locked, userId, side, body, now, actor?.userId ?? null);
    return { head: locked, party: side, view: await threadView(tx, await loadThreadHead(tx, locked.id)) };
  });
  if (party === 'management') {
    // A thread is with an association: following the mail's link selects one of the homeowner's properties there.
    const { rows } = await services.db.query<{ account_number: string }>(
      `SELECT account_number FROM accounts WHERE owner_user_id = $1 AND association_id = $2 ORDER BY account_number LIMIT 1`,
      [head.homeowner_user_id, head.association_id],
    );
    await mailManagementAnswer(services, {
      to: head.homeowner_email,
      homeownerName: head.homeowner_name,
      associationName: head.association_name,
      subject: head.subject,
      body,
      link: `/my/messages/${head.id}`,
      accountNumber: rows[0]?.account_number,
      what: 'message',
    });
  }
  return { status: 201, body: view };
};
