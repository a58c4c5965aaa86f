// A document's passages: each page's text cut into passages of a few hundred words on sentence
// ends, never across a page (a citation names one page), stored in myca_passages. Indexed with the
// upload, in its transaction, so that a new document is citable as soon as it is listed.
import type { Queryable } from '../db/index.ts';
import { pageBlocks, sentencesOf } from './sentences.ts';

/** A passage aims between these: long enough to hold an answer with its context, short enough to cite. */
export const PASSAGE_MIN_WORDS = 120;
export const PASSAGE_MAX_WORDS = 250;
/** The size a page's text is divided by: passages of about this many words, evened out across the page. */
const PASSAGE_AIM_WORDS = 200;

interface Unit {
  text: string;
  words: number;
  block: number;
}

/** A sentence longer than a passage (a table, a list without punctuation) in windows of whole words. */
function windows(sentence: string, block: number): Unit[] {
  const words = sentence.split(/\s+/).filter(Boolean);
  if (words.length <= PASSAGE_MAX_WORDS) return [{ text: words.join(' '), words: words.length, block }];
  const units: Unit[] = [];
  for (let at = 0; at < words.length; at += PASSAGE_MAX_WORDS) {
    const slice = words.slice(at, at + PASSAGE_MAX_WORDS);
    units.push({ text: slice.join(' '), words: slice.length, block });
  }
  return units;
}

/** A passage's body: its sentences, a line per block of the page (headings stay apart from what follows). */
const bodyOf = (units: Unit[]): string =>
  units.map((unit, i) => (i === 0 ? '' : unit.block === units[i - 1].block ? ' ' : '\n') + unit.text).join('');

/** One page's text as passage bodies, in order; none for a page without words. */
export function splitPassages(pageText: string): string[] {
  const units = pageBlocks(pageText).flatMap((block, i) => sentencesOf(block).flatMap((sentence) => windows(sentence, i)));
  const total = units.reduce((n, unit) => n + unit.words, 0);
  if (total === 0) return [];
  // As many passages as the aim gives, and enough for none to pass the maximum, all about as long.
  const target = total / Math.max(1, Math.round(total / PASSAGE_AIM_WORDS), Math.ceil(total / PASSAGE_MAX_WORDS));
  const passages: Unit[][] = [];
  let current: Unit[] = [];
  let words = 0;
  for (const unit of units) {
    // A sentence goes to the next passage when it would overflow, or when most of it lies past the aim.
    if (words > 0 && (words + unit.words > PASSAGE_MAX_WORDS || words + unit.words / 2 > target)) {
      passages.push(current);
      current = [];
      words = 0;
    }
    current.push(unit);
    words += unit.words;
  }
  passages.push(current);
  // A short last passage joins the one before when both fit in one.
  const last = passages.at(-1)!;
  const before = passages.at(-2);
  const size = (units: Unit[]) => units.reduce((n, unit) => n + unit.words, 0);
  if (before && size(last) < PASSAGE_MIN_WORDS && size(before) + size(last) <= PASSAGE_MAX_WORDS) {
    passages.splice(-2, 2, [...before, ...last]);
  }
  return passages.map(bodyOf);
}

export interface PagePassage {
  /** 1-based; null when the material has no pages. */
  page: number | null;
  ordinal: number;
  body: string;
}

/** Every page's passages, numbered through the document. */
export function documentPassages(pages: string[], paged = true): PagePassage[] {
  const passages: PagePassage[] = [];
  for (const [i, text] of pages.entries()) {
    for (const body of splitPassages(text)) passages.push({ page: paged ? i + 1 : null, ordinal: passages.length, body });
  }
  return passages;
}

/**
 * Replaces the document's passages with those of its pages; how many. The document's row is locked
 * first, so two indexings of one document (an upload and the start's backfill, two instances) never
 * both insert, and a document deleted meanwhile gets none.
 */
export async function indexDocumentPassages(db: Queryable, documentId: number, pages: string[], paged = true): Promise<number> {
  const passages = documentPassages(pages, paged);
  const { rows } = await db.query('SELECT id FROM documents WHERE id = $1 FOR UPDATE', [documentId]);
  if (!rows[0]) return 0;
  await db.query('DELETE FROM myca_passages WHERE document_id = $1', [documentId]);
  if (passages.length === 0) return 0;
  await db.query(
    `INSERT INTO myca_passages (kind, document_id, page, ordinal, body)
     SELECT 'document', $1, page, ordinal, body FROM unnest($2::integer[], $3::integer[], $4::text[]) AS p (page, ordinal, body)`,
    [documentId, passages.map((p) => p.page), passages.map((p) => p.ordinal), passages.map((p) => p.body)],
  );
  return passages.length;
}

/** A duplicate's passages are the original's, copied inside the database like its bytes. */
export async function copyDocumentPassages(db: Queryable, fromDocumentId: number, toDocumentId: number): Promise<void> {
  await db.query(
    `INSERT INTO myca_passages (kind, document_id, page, ordinal, body)
     SELECT kind, $2, page, ordinal, body FROM myca_passages WHERE document_id = $1 ORDER BY ordinal`,
    [fromDocumentId, toDocumentId],
  );
}
