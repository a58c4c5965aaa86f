// An answer made only of the material's own sentences, for when no language model answers: the
// best one to three sentences of the best passages, each with the passage it quotes.
//
// Refusal rule: the question's distinct terms (stop words dropped, stemmed: terms.ts) are counted
// in the passage that holds most of them, its heading included. Fewer than half of them (rounded
// up, at least one) is too weak: a passage sharing one word of a three-word question is more often
// about something else than an answer. Retrieval already ranks by those terms; this looks again
// with the question's own words, so that an OR query's loose matches are never quoted as answers.
import { sentencesOf, wordCount } from './sentences.ts';
import { termsOf } from './terms.ts';

export interface AnswerSource {
  id: string;
  body: string;
  /** A FAQ or help heading, an event's title: it says what the body is about. */
  title?: string | null;
}

export interface ExtractiveAnswer {
  refused: boolean;
  sentences: { text: string; passageId: string }[];
}

/** Passages read for sentences: the best few, in the order given (best first). */
const PASSAGES_READ = 4;
const MAX_SENTENCES = 3;
/** A sentence is quoted beside the best one when it scores at least this share of it. */
const NEARLY_AS_GOOD = 0.6;
/** How much a heading's question terms count for the first sentence under it, and for the later ones. */
const HEADING_FIRST = 0.9;
const HEADING_LATER = 0.4;
/** Sentences of a later passage count this much less for each place it stands below the first. */
const PASSAGE_STEP = 0.15;
/** A sentence longer than this is a run of text without punctuation (a table), not a quotable sentence. */
const MAX_SENTENCE_CHARS = 600;

const refusal = (): ExtractiveAnswer => ({ refused: true, sentences: [] });

const countIn = (terms: Set<string>, of: Set<string>): number => [...terms].filter((term) => of.has(term)).length;

interface Sentence {
  text: string;
  position: number;
  terms: Set<string>;
  /** The terms of the heading it stands under (the passage's title, a heading line, a run-in "Key fobs."). */
  heading: Set<string>;
  /** The first sentence under its heading. */
  first: boolean;
}

interface Candidate extends Sentence {
  passageId: string;
  passage: number;
  score: number;
}

/** A heading on a line of its own: a few words without a sentence's final punctuation. */
const HEADING_LINE = (line: string): boolean => !/[.!?:;]["')\]]*$/.test(line) && wordCount(line) <= 10;
/**
 * A sentence this short, followed by more in its line, with none of the verbs a short sentence
 * would have, is a run-in heading ("Key fobs.", "Boats, trailers and recreational vehicles."); a
 * bare "Yes." or "No." belongs with the sentence after it.
 */
const RUN_IN_WORDS = 5;
const VERB = /\b(?:is|are|was|were|be|been|has|have|had|do|does|did|may|must|can|will|should|need|needs|allowed)\b/i;

/** The sentences a passage could be quoted by, each knowing its heading; headings themselves are never quoted alone. */
function quotableSentences(passage: AnswerSource, titleTerms: Set<string>): Sentence[] {
  const quotable: Sentence[] = [];
  let heading = titleTerms;
  let first = true;
  let position = 0;
  for (const line of passage.body.split('\n').map((l) => l.trim()).filter(Boolean)) {
    if (HEADING_LINE(line)) {
      heading = new Set([...titleTerms, ...termsOf(line)]);
      first = true;
      continue;
    }
    let carried = '';
    const sentences = sentencesOf(line);
    for (const [i, text] of sentences.entries()) {
      if (i < sentences.length - 1 && wordCount(text) <= RUN_IN_WORDS) {
        if (/^(yes|no)\W*$/i.test(text)) {
          carried = `${carried}${text} `;
          continue;
        }
        if (!VERB.test(text)) {
          heading = new Set([...titleTerms, ...termsOf(text)]);
          first = true;
          continue;
        }
      }
      const quoted = carried + text;
      carried = '';
      if (quoted.length <= MAX_SENTENCE_CHARS) quotable.push({ text: quoted, position: position++, terms: termsOf(quoted), heading, first });
      first = false;
    }
  }
  return quotable;
}

export function extractiveAnswer(question: string, passages: AnswerSource[]): ExtractiveAnswer {
  const asked = termsOf(question);
  if (asked.size === 0) return refusal();
  const read = passages.slice(0, PASSAGES_READ).map((passage) => {
    const titleTerms = termsOf(passage.title ?? '');
    return { passage, titleTerms, matched: countIn(asked, new Set([...titleTerms, ...termsOf(passage.body)])) };
  });
  const strongest = Math.max(0, ...read.map((r) => r.matched));
  if (strongest < Math.max(1, Math.ceil(asked.size / 2))) return refusal();

  const candidates: Candidate[] = [];
  for (const [index, { passage, titleTerms, matched }] of read.entries()) {
    // A passage far weaker than the best one is about something else: none of its sentences are quoted.
    if (matched * 2 < strongest) continue;
    for (const sentence of quotableSentences(passage, titleTerms)) {
      const own = countIn(asked, sentence.terms);
      // What its heading says counts for a sentence too, the first under it most ("Key fobs." → "A third fob costs $25").
      const heading = countIn(asked, new Set([...sentence.heading].filter((term) => !sentence.terms.has(term)))) * (sentence.first ? HEADING_FIRST : HEADING_LATER);
      if (own + heading === 0) continue;
      candidates.push({ ...sentence, passageId: passage.id, passage: index, score: own + heading - index * PASSAGE_STEP });
    }
  }
  if (candidates.length === 0) return refusal();

  // The best sentences, those nearly as good as the best one only, each said once.
  const best = Math.max(...candidates.map((c) => c.score));
  const chosen: Candidate[] = [];
  for (const candidate of candidates.sort((a, b) => b.score - a.score || a.passage - b.passage || a.position - b.position)) {
    if (chosen.length === MAX_SENTENCES || candidate.score < best * NEARLY_AS_GOOD) break;
    if (!chosen.some((c) => c.text === candidate.text)) chosen.push(candidate);
  }
  // Read in the material's order: by passage, then as the passage has them.
  chosen.sort((a, b) => a.passage - b.passage || a.position - b.position);
  return { refused: false, sentences: chosen.map(({ text, passageId }) => ({ text, passageId })) };
}
