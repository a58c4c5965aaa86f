// MyCA's conversations and answers (migration 360): a conversation is one asker's in one
// association, found again by its random id (a signed-out visitor's, which has no user, by that
// alone); each answer keeps what was shown and the asker's feedback. Nothing is read or kept past
// 30 days after the conversation's last question (due work `myca.expiry`, expiry.ts).
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

export const CONVERSATION_DAYS = 30;
const DAY_MS = 86_400_000;
/** The earlier questions read with a follow-up. */
const HISTORY_TURNS = 6;

export interface ShownCitation {
  ref: number;
  kind: 'document' | 'faq' | 'help' | 'calendar' | 'account';
  title: string;
  page?: number;
  href: string;
}

export interface Turn { question: string; answer: string }

export interface OpenConversation {
  id: string;
  /** The conversation's earlier questions and answers, oldest first. */
  history: Turn[];
}

/** A random id of 128 bits (22 characters of base64url), the contract's MycaId. */
export const newMycaId = (): string => randomBytes(16).toString('base64url');

/** What a refused answer offers instead: a new request, or a message to the management company, with the question. */
export const offersOf = (refused: boolean): ('new-request' | 'message-management')[] => (refused ? ['new-request', 'message-management'] : []);

const oldest = (now: Date): Date => new Date(now.getTime() - CONVERSATION_DAYS * DAY_MS);

export const conversationNotFound = () => new ApiError(404, 'This conversation was not found. It may have been deleted after 30 days.', { errorCode: 'MYC001' });
export const answerNotFound = () => new ApiError(404, 'This answer was not found.', { errorCode: 'MYC002' });

/**
 * The conversation a question goes on: the one named, when it is the asker's own in this
 * association and still kept (else MYC001), or a new one.
 */
export async function openConversation(db: Queryable, ask: { conversationId?: string; associationId: number; userId: number | null; now: Date }): Promise<OpenConversation> {
  if (ask.conversationId === undefined) {
    const id = newMycaId();
    await db.query('INSERT INTO myca_conversations (id, association_id, user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)', [id, ask.associationId, ask.userId, ask.now]);
    return { id, history: [] };
  }
  const found = await db.query(
    'SELECT 1 FROM myca_conversations WHERE id = $1 AND association_id = $2 AND user_id IS NOT DISTINCT FROM $3 AND updated_at > $4',
    [ask.conversationId, ask.associationId, ask.userId, oldest(ask.now)],
  );
  if (found.rows.length === 0) throw conversationNotFound();
  const { rows } = await db.query<{ question: string; answer: string }>(
    'SELECT question, answer FROM (SELECT question, answer, ordinal FROM myca_answers WHERE conversation_id = $1 ORDER BY ordinal DESC LIMIT $2) t ORDER BY ordinal',
    [ask.conversationId, HISTORY_TURNS],
  );
  return { id: ask.conversationId, history: rows };
}

export interface RecordedAnswer {
  conversationId: string;
  question: string;
  answer: string;
  refused: boolean;
  citations: ShownCitation[];
  madeBy: 'extractive' | 'model';
  now: Date;
}

/** Keeps an answer as it was shown; its id. */
export async function recordAnswer(db: Queryable, answer: RecordedAnswer): Promise<string> {
  const id = newMycaId();
  await db.query(
    `INSERT INTO myca_answers (id, conversation_id, ordinal, question, answer, refused, citations, made_by, asked_at)
     VALUES ($1, $2, (SELECT count(*) FROM myca_answers WHERE conversation_id = $2), $3, $4, $5, $6::jsonb, $7, $8)`,
    [id, answer.conversationId, answer.question, answer.answer, answer.refused, JSON.stringify(answer.citations), answer.madeBy, answer.now],
  );
  await db.query('UPDATE myca_conversations SET updated_at = $2 WHERE id = $1', [answer.conversationId, answer.now]);
  return id;
}

/** The asker's feedback on one of their answers in the association (the latest replaces the earlier); MYC002 otherwise. */
export async function rateAnswer(db: Queryable, rating: { associationId: number; answerId: string; userId: number | null; helpful: boolean; comment: string | null; now: Date }): Promise<void> {
  const updated = await db.query(
    `UPDATE myca_answers a SET helpful = $4, feedback_comment = $5, feedback_at = $6
       FROM myca_conversations c
      WHERE a.id = $1 AND c.id = a.conversation_id AND c.association_id = $2 AND c.user_id IS NOT DISTINCT FROM $3 AND c.updated_at > $7`,
    [rating.answerId, rating.associationId, rating.userId, rating.helpful, rating.comment, rating.now, oldest(rating.now)],
  );
  if (updated.rowCount === 0) throw answerNotFound();
}

export async function listConversations(db: Queryable, userId: number, now: Date) {
  const { rows } = await db.query<{ id: string; association_id: number; association_name: string; title: string | null; updated_at: Date }>(
    `SELECT c.id, c.association_id, a.name AS association_name, c.updated_at,
            (SELECT question FROM myca_answers f WHERE f.conversation_id = c.id ORDER BY ordinal LIMIT 1) AS title
       FROM myca_conversations c JOIN associations a ON a.id = c.association_id
      WHERE c.user_id = $1 AND c.updated_at > $2
      ORDER BY c.updated_at DESC, c.id LIMIT 100`,
    [userId, oldest(now)],
  );
  return rows.filter((row) => row.title !== null).map((row) => ({
    conversationId: row.id, associationId: Number(row.association_id), associationName: row.association_name,
    title: row.title as string, updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

export async function getConversation(db: Queryable, userId: number, conversationId: string, now: Date) {
  const { rows: [conversation] } = await db.query<{ association_id: number; association_name: string }>(
    `SELECT c.association_id, a.name AS association_name FROM myca_conversations c JOIN associations a ON a.id = c.association_id
      WHERE c.id = $1 AND c.user_id = $2 AND c.updated_at > $3`,
    [conversationId, userId, oldest(now)],
  );
  if (!conversation) throw conversationNotFound();
  const { rows } = await db.query<{ id: string; question: string; answer: string; refused: boolean; citations: ShownCitation[] | string; helpful: boolean | null; asked_at: Date }>(
    'SELECT id, question, answer, refused, citations, helpful, asked_at FROM myca_answers WHERE conversation_id = $1 ORDER BY ordinal',
    [conversationId],
  );
  return {
    conversationId, associationId: Number(conversation.association_id), associationName: conversation.association_name,
    turns: rows.map((row) => ({
      answerId: row.id, question: row.question, text: row.answer, refused: row.refused,
      citations: typeof row.citations === 'string' ? JSON.parse(row.citations) as ShownCitation[] : row.citations, offers: offersOf(row.refused),
      helpful: row.helpful, at: new Date(row.asked_at).toISOString(),
    })),
  };
}

/** The answers of the association that got feedback, newest first (management staff read them). */
export async function listFeedback(db: Queryable, associationId: number) {
  const { rows } = await db.query<{ id: string; question: string; answer: string; helpful: boolean; feedback_comment: string | null; feedback_at: Date }>(
    `SELECT a.id, a.question, a.answer, a.helpful, a.feedback_comment, a.feedback_at
       FROM myca_answers a JOIN myca_conversations c ON c.id = a.conversation_id
      WHERE c.association_id = $1 AND a.feedback_at IS NOT NULL
      ORDER BY a.feedback_at DESC, a.id LIMIT 200`,
    [associationId],
  );
  return rows.map((row) => ({ answerId: row.id, question: row.question, answer: row.answer, helpful: row.helpful, comment: row.feedback_comment, at: new Date(row.feedback_at).toISOString() }));
}

/** Deletes the conversations (their answers with them) last asked in 30 days or more before `now`; how many. */
export async function forgetOldConversations(db: Queryable, now: Date): Promise<number> {
  return (await db.query('DELETE FROM myca_conversations WHERE updated_at <= $1', [oldest(now)])).rowCount;
}
