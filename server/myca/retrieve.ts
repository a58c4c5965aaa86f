// The passages that may answer a question, best first, among what the asker may read: the
// association's documents whose folder permission is among `permissions` (read through documents
// and document_folders now, never copied), the portal's FAQ and help (everyone's), and the
// association's calendar events the calendar would show the same asker (`everyone` events to
// anyone, `owners` ones to its members), matched on the fly.
//
// Ranking is PostgreSQL's full text: the question's terms (terms.ts: stop words dropped, each with
// its related words, "kids" finding "children") as an OR query, so a passage need not hold every
// word. A passage scores, for each term it holds by its best form, the term's weight (less for an
// asking word, a related form, an earlier question's term) times its inverse document frequency
// among what the asker may read (a rare word like "pavilion" says more than "board"), times
// (1 + its ts_rank_cd) so that dense and headed matches come first; a document whose name matches
// gains a little more. When the question asks when something will happen, an event still to come
// outranks the minutes of one held. The terms' rarities go with the passages: the extractive
// answer weighs sentences by them.
import type { Queryable } from '../db/index.ts';
import type { DocumentPermission } from '../authz/document-access.ts';
import { eventBody } from './calendar-passages.ts';
import { queryTerms, type QueryTerm } from './terms.ts';

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

/** Past events stay citable a month ("when was the last board meeting?"). */
const EVENT_LOOKBACK_DAYS = 31;
/** Longer input is cut: a question is a sentence or two. */
const MAX_QUESTION_CHARS = 2000;
/**
 * An event still to come counts this much more when the question asks when something will happen
 * (the calendar says what is next, minutes and rules what was or what always is), and this much
 * less when it asks what happened.
 */
export const UPCOMING_EVENT_BOOST = 1.6;

/** Asked in the past tense ("did the owners vote…?", "when was…"): what was decided or done. */
export const asksPast = (question: string): boolean => /\b(did|was|were|last|ago|happened)\b/i.test(question);

/** "When does the board meet next?", "is there a garage sale coming up?": a date still to come is asked for. */
export function asksUpcomingDate(question: string): boolean {
  return /\bwhen\b|\b(what|which) (day|date)s?\b|\bnext\b|\bupcoming\b|\bcoming up\b|\bsoon\b/i.test(question) && !asksPast(question);
}

/** How an event still to come counts: more when a coming date is asked for, less when what happened is. */
function upcomingEventFactor(question: string): number {
  if (asksUpcomingDate(question)) return UPCOMING_EVENT_BOOST;
  return asksPast(question) ? 1 / UPCOMING_EVENT_BOOST : 1;
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
  idfs: Array<number | string> | null;
}

// $1 association, $2 permissions, $3 each form's term number, $4 its text, $5 its strength, $6 each
// term's weight, $7 events ending after (NULL: any), $8 now, $9 the boost of an event still to come,
// $10 how many.
const RETRIEVE_SQL = `
  WITH forms AS (
    SELECT f.n, plainto_tsquery('english', f.text) AS query, f.strength
      FROM unnest($3::integer[], $4::text[], $5::float8[]) AS f (n, text, strength)),
  usable AS (
    SELECT * FROM forms WHERE numnode(query) > 0),
  -- Every form of every term OR-ed: a passage need not hold all of them.
  any_form AS (
    SELECT string_agg('(' || query::text || ')', ' | ')::tsquery AS query FROM usable),
  -- The documents the asker may read, with how well each one's name matches (once per document).
  readable AS MATERIALIZED (
    SELECT d.id, d.name, ts_rank_cd(to_tsvector('english', d.name), (SELECT query FROM any_form), 32) AS name_rank
      FROM documents d JOIN document_folders f ON f.id = d.folder_id
     WHERE d.association_id = $1 AND f.permission = ANY($2::text[])),
  events AS MATERIALIZED (
    SELECT e.*, setweight(to_tsvector('english', e.title), 'A')
                || setweight(to_tsvector('english', coalesce(e.description, '') || ' ' || coalesce(e.location, '')), 'B') AS vector
      FROM association_events e
     WHERE e.association_id = $1 AND e.visibility = ANY($2::text[]) AND ($7::timestamptz IS NULL OR e.ends_at > $7::timestamptz)),
  -- How many passages the asker may read: what a term's rarity is measured against.
  library AS (
    SELECT (SELECT count(*) FROM readable r JOIN myca_passages p ON p.document_id = r.id)
         + (SELECT count(*) FROM myca_passages p WHERE p.document_id IS NULL AND (p.association_id IS NULL OR p.association_id = $1))
         + (SELECT count(*) FROM events) AS size),
  candidates AS (
    SELECT 'passage-' || p.id AS id, p.kind, p.document_id, r.name AS document_name, p.page, p.title, p.anchor, NULL::integer AS event_id, p.body,
           NULL::timestamptz AS starts_at, NULL::timestamptz AS ends_at, NULL::boolean AS all_day, NULL::text AS location,
           p.search AS vector, r.name_rank
      FROM readable r JOIN myca_passages p ON p.document_id = r.id
     WHERE p.search @@ (SELECT query FROM any_form)
    UNION ALL
    SELECT 'passage-' || p.id, p.kind, NULL, NULL, NULL, p.title, p.anchor, NULL, p.body, NULL, NULL, NULL, NULL, p.search, 0
      FROM myca_passages p
     WHERE p.document_id IS NULL AND (p.association_id IS NULL OR p.association_id = $1) AND p.search @@ (SELECT query FROM any_form)
    UNION ALL
    SELECT 'event-' || e.id, 'calendar', NULL, NULL, NULL, e.title, NULL, e.id, coalesce(e.description, ''),
           e.starts_at, e.ends_at, e.all_day, e.location, e.vector, 0
      FROM events e
     WHERE e.vector @@ (SELECT query FROM any_form)),
  -- Each term a candidate holds, by its strongest form.
  hits AS (
    SELECT c.id, f.n, max(f.strength) AS strength FROM candidates c JOIN usable f ON c.vector @@ f.query GROUP BY c.id, f.n),
  held_by AS (
    SELECT n, count(*) AS passages FROM hits GROUP BY n),
  rarity AS (
    SELECT t.n, coalesce(h.passages, 0)::integer AS passages,
           ln(1 + (SELECT size FROM library)::float8 / greatest(coalesce(h.passages, 0), 0.5)) AS idf
      FROM generate_series(1, cardinality($6::float8[])) AS t (n) LEFT JOIN held_by h ON h.n = t.n),
  coverage AS (
    SELECT h.id, sum(h.strength * ($6::float8[])[h.n] * r.idf) AS score FROM hits h JOIN rarity r ON r.n = h.n GROUP BY h.id)
  SELECT c.id, c.kind, c.document_id, c.document_name, c.page, c.title, c.anchor, c.event_id, c.body, c.starts_at, c.ends_at, c.all_day, c.location,
         cov.score * (1 + ts_rank_cd(c.vector, (SELECT query FROM any_form), 32) + 0.5 * c.name_rank)
           * CASE WHEN c.kind = 'calendar' AND c.starts_at >= $8::timestamptz THEN $9::float8 ELSE 1 END AS rank,
         (SELECT array_agg(r.idf ORDER BY r.n) FROM rarity r) AS idfs
    FROM candidates c JOIN coverage cov ON cov.id = c.id
   ORDER BY rank DESC, c.starts_at, c.kind, c.id
   LIMIT $10`;

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

/** A query term with how rare it is among what the asker may read (an inverse document frequency). */
export interface RatedTerm extends QueryTerm {
  idf: number;
}

export interface Retrieval {
  passages: RetrievedPassage[];
  /** The question's terms (then the earlier questions'), each with its rarity: the extractive answer weighs sentences by them. */
  terms: RatedTerm[];
}

/** The best passages for the question (at most `limit`, 8 by default), and its terms; no passage when none holds any of its words. */
export async function retrieve(db: Queryable, request: RetrievalRequest): Promise<Retrieval> {
  const terms = queryTerms(request.question.slice(0, MAX_QUESTION_CHARS), (request.context ?? []).map((text) => text.slice(0, MAX_QUESTION_CHARS)));
  if (terms.length === 0) return { passages: [], terms: [] };
  const forms = terms.flatMap((term, i) => term.forms.map((form) => ({ n: i + 1, text: form.text, strength: form.strength })));
  const since = request.now ? new Date(request.now.getTime() - EVENT_LOOKBACK_DAYS * 86_400_000) : null;
  const boost = request.now ? upcomingEventFactor(request.question) : 1;
  const { rows } = await db.query<CandidateRow>(RETRIEVE_SQL, [
    request.associationId, request.permissions, forms.map((f) => f.n), forms.map((f) => f.text), forms.map((f) => f.strength),
    terms.map((term) => term.weight), since, request.now ?? null, boost, request.limit ?? 8,
  ]);
  const idfs = rows[0]?.idfs?.map(Number) ?? [];
  return { passages: rows.map(passageOf), terms: terms.map((term, i) => ({ ...term, idf: idfs[i] ?? 1 })) };
}

/** The best passages for the question (at most `limit`, 8 by default); [] when none holds any of its words. */
export async function retrievePassages(db: Queryable, request: RetrievalRequest): Promise<RetrievedPassage[]> {
  return (await retrieve(db, request)).passages;
}
