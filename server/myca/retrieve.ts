// The passages that may answer a question, best first, among what the asker may read: the
// association's documents whose folder permission is among `permissions` (read through documents
// and document_folders now, never copied), the portal's FAQ and help (everyone's), and the
// association's calendar events the calendar would show the same asker (`everyone` events to
// anyone, `owners` ones to its members), matched on the fly.
//
// Ranking is PostgreSQL's full text: the question's English lexemes (stop words dropped) as an OR
// query, so a passage need not hold every word. A passage scores the inverse document frequency of
// each question term it holds (a rare word like "pavilion" says more than "board"), earlier
// questions of the conversation counting at CONTEXT_WEIGHT, times (1 + its ts_rank_cd) so that
// dense and headed matches come first; a document whose name matches gains a little more.
import type { Queryable } from '../db/index.ts';
import type { DocumentPermission } from '../authz/document-access.ts';
import { eventBody } from './calendar-passages.ts';

export type PassageKind = 'document' | 'faq' | 'help' | 'calendar';

export interface RetrievedPassage {
  /** 'passage-<id>' (documents, FAQ, help) or 'event-<id>' (calendar, as the calendar names entries). */
  id: string;
  kind: PassageKind;
  documentId: number | null;
  documentName: string | null;
  /** 1-based page of the document; null when not paged. */
  page: number | null;
  /** A FAQ or help entry's heading, an event's title; null for documents. */
  title: string | null;
  /** A FAQ or help entry's anchor on its page. */
  anchor: string | null;
  eventId: number | null;
  body: string;
  rank: number;
}

export interface RetrievalRequest {
  associationId: number;
  /** The folder permissions the asker may read (readablePermissions of their level). */
  permissions: DocumentPermission[];
  question: string;
  /** Earlier questions of the conversation, oldest first: their words help a follow-up ("and on weekends?"). */
  context?: string[];
  limit?: number;
  /** Now: events that ended more than EVENT_LOOKBACK_DAYS before are left out. Absent: every event. */
  now?: Date;
}

/** How much a term only the earlier questions hold counts against one of the question. */
export const CONTEXT_WEIGHT = 0.35;
/** The earlier questions read: the last few carry the topic. */
const CONTEXT_QUESTIONS = 3;
/** Past events stay citable a month ("when was the last board meeting?"). */
const EVENT_LOOKBACK_DAYS = 31;
/** Longer input is cut: a question is a sentence or two. */
const MAX_QUESTION_CHARS = 2000;

/** A lexeme as a tsquery operand, quoted so that nothing in it is read as an operator. */
const operand = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

async function lexemesOf(db: Queryable, question: string, context: string): Promise<{ question: string[]; context: string[] }> {
  const { rows } = await db.query<{ question: string[] | null; context: string[] | null }>(
    `SELECT tsvector_to_array(to_tsvector('english', $1)) AS question, tsvector_to_array(to_tsvector('english', $2)) AS context`,
    [question, context],
  );
  const asked = rows[0].question ?? [];
  return { question: asked, context: (rows[0].context ?? []).filter((lexeme) => !asked.includes(lexeme)) };
}

interface CandidateRow {
  id: string;
  kind: PassageKind;
  document_id: number | null;
  document_name: string | null;
  page: number | null;
  title: string | null;
  anchor: string | null;
  event_id: number | null;
  body: string;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  all_day: boolean | null;
  location: string | null;
  rank: number | string;
}

// $1 association, $2 permissions, $3 the terms (one operand each), $4 their weights, $5 the terms
// OR-ed, $6 events ending after (NULL: any), $7 how many.
const RETRIEVE_SQL = `
  WITH terms AS (
    SELECT t.n, t.term::tsquery AS query, t.weight FROM unnest($3::text[], $4::float8[]) WITH ORDINALITY AS t (term, weight, n)),
  -- The documents the asker may read, with how well each one's name matches (once per document).
  readable AS MATERIALIZED (
    SELECT d.id, d.name, ts_rank_cd(to_tsvector('english', d.name), $5::tsquery, 32) AS name_rank
      FROM documents d JOIN document_folders f ON f.id = d.folder_id
     WHERE d.association_id = $1 AND f.permission = ANY($2::text[])),
  candidates AS (
    SELECT 'passage-' || p.id AS id, p.kind, p.document_id, r.name AS document_name, p.page, p.title, p.anchor, NULL::integer AS event_id, p.body,
           NULL::timestamptz AS starts_at, NULL::timestamptz AS ends_at, NULL::boolean AS all_day, NULL::text AS location,
           p.search AS vector, r.name_rank
      FROM readable r JOIN myca_passages p ON p.document_id = r.id
     WHERE p.search @@ $5::tsquery
    UNION ALL
    SELECT 'passage-' || p.id, p.kind, NULL, NULL, NULL, p.title, p.anchor, NULL, p.body, NULL, NULL, NULL, NULL, p.search, 0
      FROM myca_passages p
     WHERE p.document_id IS NULL AND (p.association_id IS NULL OR p.association_id = $1) AND p.search @@ $5::tsquery
    UNION ALL
    SELECT 'event-' || e.id, 'calendar', NULL, NULL, NULL, e.title, NULL, e.id, coalesce(e.description, ''),
           e.starts_at, e.ends_at, e.all_day, e.location, v.vector, 0
      FROM association_events e
     CROSS JOIN LATERAL (SELECT setweight(to_tsvector('english', e.title), 'A')
                                || setweight(to_tsvector('english', coalesce(e.description, '') || ' ' || coalesce(e.location, '')), 'B') AS vector) v
     WHERE e.association_id = $1 AND e.visibility = ANY($2::text[]) AND ($6::timestamptz IS NULL OR e.ends_at > $6::timestamptz)
       AND v.vector @@ $5::tsquery),
  hits AS (
    SELECT c.id, t.n, t.weight FROM candidates c JOIN terms t ON c.vector @@ t.query),
  rarity AS (
    SELECT n, ln(1 + (SELECT count(*) FROM candidates)::float8 / count(*)) AS idf FROM hits GROUP BY n),
  coverage AS (
    SELECT h.id, sum(h.weight * r.idf) AS score FROM hits h JOIN rarity r ON r.n = h.n GROUP BY h.id)
  SELECT c.id, c.kind, c.document_id, c.document_name, c.page, c.title, c.anchor, c.event_id, c.body, c.starts_at, c.ends_at, c.all_day, c.location,
         cov.score * (1 + ts_rank_cd(c.vector, $5::tsquery, 32) + 0.5 * c.name_rank) AS rank
    FROM candidates c JOIN coverage cov ON cov.id = c.id
   ORDER BY rank DESC, c.starts_at, c.kind, c.id
   LIMIT $7`;

function passageOf(row: CandidateRow): RetrievedPassage {
  const event = row.kind === 'calendar';
  return {
    id: row.id,
    kind: row.kind,
    documentId: row.document_id === null ? null : Number(row.document_id),
    documentName: row.document_name,
    page: row.page === null ? null : Number(row.page),
    title: row.title,
    anchor: row.anchor,
    eventId: row.event_id === null ? null : Number(row.event_id),
    body: event
      ? eventBody({ title: row.title ?? '', description: row.body || null, location: row.location, startsAt: new Date(row.starts_at!), endsAt: new Date(row.ends_at!), allDay: Boolean(row.all_day) })
      : row.body,
    rank: Number(row.rank),
  };
}

/** The best passages for the question (at most `limit`, 8 by default); [] when none holds any of its words. */
export async function retrievePassages(db: Queryable, request: RetrievalRequest): Promise<RetrievedPassage[]> {
  const context = (request.context ?? []).slice(-CONTEXT_QUESTIONS).join('\n').slice(0, MAX_QUESTION_CHARS);
  const lexemes = await lexemesOf(db, request.question.slice(0, MAX_QUESTION_CHARS), context);
  if (lexemes.question.length === 0 && lexemes.context.length === 0) return [];
  const terms = [...lexemes.question, ...lexemes.context].map(operand);
  const weights = [...lexemes.question.map(() => 1), ...lexemes.context.map(() => CONTEXT_WEIGHT)];
  const since = request.now ? new Date(request.now.getTime() - EVENT_LOOKBACK_DAYS * 86_400_000) : null;
  const { rows } = await db.query<CandidateRow>(RETRIEVE_SQL, [request.associationId, request.permissions, terms, weights, terms.join(' | '), since, request.limit ?? 8]);
  return rows.map(passageOf);
}
