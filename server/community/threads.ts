// Message threads between a homeowner and their association's management: the lists, one thread,
// the read marks and new messages. Who may see a thread is decided by x-policy (server/authz/);
// here a thread is read from the caller's side: the homeowner who started it, or management.
import type { Queryable } from '../db/index.ts';
import { communityError } from './errors.ts';

export type Party = 'homeowner' | 'management';

export interface ThreadSummaryView {
  id: number;
  subject: string;
  associationId: number;
  associationName: string;
  homeownerName: string;
  lastMessageAt: string;
  lastMessagePreview: string;
  unread: boolean;
  unreadCount: number;
  messageCount: number;
}

export interface MessageView {
  id: number;
  body: string;
  sentAt: string;
  authorName: string;
  fromManagement: boolean;
}

export interface ThreadView {
  id: number;
  subject: string;
  associationId: number;
  associationName: string;
  homeownerName: string;
  createdAt: string;
  lastMessageAt: string;
  messages: MessageView[];
}

export interface ThreadHead {
  id: number;
  subject: string;
  association_id: number;
  association_name: string;
  homeowner_user_id: number;
  homeowner_name: string;
  homeowner_email: string;
  created_at: Date | string;
  last_message_at: Date | string;
}

const PREVIEW_LENGTH = 140;

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The latest message on one line, cut to 140 characters (an ellipsis marks the cut). */
export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length <= PREVIEW_LENGTH ? line : `${line.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

/** The caller's side of a thread in scope: its homeowner, else management (x-policy admitted them as staff). */
export function partyOf(thread: Pick<ThreadHead, 'homeowner_user_id'>, userId: number): Party {
  return Number(thread.homeowner_user_id) === userId ? 'homeowner' : 'management';
}

/**
 * The threads the user started, and those of every association their management company manages
 * when they are management staff; newest activity first. Unread counts are the user's side's.
 */
export async function listThreads(db: Queryable, userId: number, onlyUnread: boolean): Promise<ThreadSummaryView[]> {
  const { rows } = await db.query<{
    id: number;
    subject: string;
    association_id: number;
    association_name: string;
    homeowner_name: string;
    last_message_at: Date | string;
    last_body: string | null;
    message_count: number;
    unread_count: number;
  }>(
    `SELECT * FROM (
       SELECT t.id, t.subject, t.association_id, a.name AS association_name, hu.first_name || ' ' || hu.last_name AS homeowner_name, t.last_message_at,
              (SELECT m.body FROM messages m WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) AS last_body,
              (SELECT count(*) FROM messages m WHERE m.thread_id = t.id)::integer AS message_count,
              (SELECT count(*) FROM messages m
                WHERE m.thread_id = t.id AND m.from_management = (t.homeowner_user_id = $1)
                  AND m.id > coalesce((SELECT r.last_read_message_id FROM message_thread_reads r
                                        WHERE r.thread_id = t.id AND r.party = CASE WHEN t.homeowner_user_id = $1 THEN 'homeowner' ELSE 'management' END), 0)
              )::integer AS unread_count
         FROM message_threads t
         JOIN associations a ON a.id = t.association_id
         JOIN users hu ON hu.id = t.homeowner_user_id
        WHERE t.homeowner_user_id = $1
           OR EXISTS (SELECT 1 FROM users u JOIN management_staff s ON s.user_id = u.id AND s.deactivated_at IS NULL
                       WHERE u.id = $1 AND u.management_company_id = a.management_company_id)
     ) v
     WHERE NOT $2::boolean OR v.unread_count > 0
     ORDER BY v.last_message_at DESC, v.id DESC`,
    [userId, onlyUnread],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    subject: r.subject,
    associationId: Number(r.association_id),
    associationName: r.association_name,
    homeownerName: r.homeowner_name,
    lastMessageAt: iso(r.last_message_at),
    lastMessagePreview: previewOf(r.last_body ?? ''),
    unread: Number(r.unread_count) > 0,
    unreadCount: Number(r.unread_count),
    messageCount: Number(r.message_count),
  }));
}

/** One thread's head (404 MSG404 when it does not exist); `lock` holds it until the transaction ends. */
export async function loadThreadHead(db: Queryable, threadId: number, options: { lock?: boolean } = {}): Promise<ThreadHead> {
  if (options.lock) await db.query(`SELECT id FROM message_threads WHERE id = $1 FOR UPDATE`, [threadId]);
  const { rows } = await db.query<ThreadHead>(
    `SELECT t.id, t.subject, t.association_id, a.name AS association_name, t.homeowner_user_id,
            hu.first_name || ' ' || hu.last_name AS homeowner_name, hu.email AS homeowner_email, t.created_at, t.last_message_at
       FROM message_threads t JOIN associations a ON a.id = t.association_id JOIN users hu ON hu.id = t.homeowner_user_id
      WHERE t.id = $1`,
    [threadId],
  );
  if (!rows[0]) throw communityError('MSG404');
  return rows[0];
}

export async function threadView(db: Queryable, head: ThreadHead): Promise<ThreadView> {
  const { rows } = await db.query<{ id: number; body: string; sent_at: Date | string; author_name: string; from_management: boolean }>(
    `SELECT m.id, m.body, m.sent_at, u.first_name || ' ' || u.last_name AS author_name, m.from_management
       FROM messages m JOIN users u ON u.id = m.author_user_id
      WHERE m.thread_id = $1 ORDER BY m.id`,
    [head.id],
  );
  return {
    id: Number(head.id),
    subject: head.subject,
    associationId: Number(head.association_id),
    associationName: head.association_name,
    homeownerName: head.homeowner_name,
    createdAt: iso(head.created_at),
    lastMessageAt: iso(head.last_message_at),
    messages: rows.map((m) => ({ id: Number(m.id), body: m.body, sentAt: iso(m.sent_at), authorName: m.author_name, fromManagement: m.from_management })),
  };
}

/** Everything in the thread now counts as read by that side (never moves back). */
export async function markRead(db: Queryable, threadId: number, party: Party, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO message_thread_reads (thread_id, party, last_read_message_id, read_at)
     SELECT $1, $2, max(id), $3 FROM messages WHERE thread_id = $1 HAVING max(id) IS NOT NULL
     ON CONFLICT (thread_id, party) DO UPDATE SET last_read_message_id = excluded.last_read_message_id, read_at = excluded.read_at
      WHERE message_thread_reads.last_read_message_id < excluded.last_read_message_id`,
    [threadId, party, now],
  );
}

/**
 * Adds a message to a thread the caller holds locked, read by its author's side. `actedBy`: the
 * staff member who wrote it in mimic mode on the author's behalf (both are kept).
 */
export async function addMessage(tx: Queryable, thread: ThreadHead, authorUserId: number, party: Party, body: string, now: Date, actedBy: number | null = null): Promise<void> {
  await tx.query(`INSERT INTO messages (thread_id, author_user_id, from_management, body, sent_at, acted_by_user_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
    thread.id,
    authorUserId,
    party === 'management',
    body,
    now,
    actedBy,
  ]);
  await tx.query(`UPDATE message_threads SET last_message_at = greatest(last_message_at, $2) WHERE id = $1`, [thread.id, now]);
  await markRead(tx, Number(thread.id), party, now);
}

/** A required text: trimmed of surrounding spaces; empty is the given error. */
export function requiredText(value: string | undefined, error: () => Error): string {
  const text = (value ?? '').trim();
  if (text === '') throw error();
  return text;
}
