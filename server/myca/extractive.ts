// An answer made only of the material's own sentences, for when no language model answers: the
// best one to three sentences of the best passages, each with the passage it quotes.
//
// Terms are weighed, not counted: each question term (terms.ts: stop words dropped, stemmed, with
// its related words) counts its weight (less for an asking word like "how long", less for an
// earlier question's) times its rarity in the library (retrieval measures it; a word found nowhere
// counts most). Refusal rule: the passage holding most of that weight, its heading included, must
// hold at least MIN_COVERAGE of it. A passage sharing only a common word or two with the question
// is more often about something else than an answer, and a question whose rarest words appear
// nowhere is about something the material does not cover. Retrieval's OR query ranks loosely;
// this looks again, so that its loose matches are never quoted as answers.
import { sentencesOf, wordCount } from './sentences.ts';
import { heldStrength, queryTerms, termsOf, type QueryTerm } from './terms.ts';

export interface AnswerSource {
  id: string;
  body: string;
  /** A FAQ or help heading, an event's title: it says what the body is about. */
  title?: string | null;
}

/** A question term as the answer weighs it: `idf`, its rarity in the library, absent when unknown (all count alike). */
export type AnswerTerm = QueryTerm & { idf?: number };

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
/** Sentences of a later passage count this share less for each place it stands below the first. */
const PASSAGE_STEP = 0.1;
/** The share of the question's weight the best passage must hold to be quoted. */
export const MIN_COVERAGE = 0.5;
/** A sentence that gives the kind of answer asked for ("how much" → an amount) counts this much more. */
const ANSWER_KIND_BONUS = 1.5;
/** A question term a passage's heading holds counts this much more towards its coverage. */
const TITLE_BONUS = 1.25;
/** A sentence longer than this is a run of text without punctuation (a table), not a quotable sentence. */
const MAX_SENTENCE_CHARS = 600;

const refusal = (): ExtractiveAnswer => ({ refused: true, sentences: [] });

const weightOf = (term: AnswerTerm): number => term.weight * (term.idf ?? 1);

/** The weight of the terms a set of words holds, each by its best form. */
const heldWeight = (terms: readonly AnswerTerm[], words: ReadonlySet<string>): number =>
  terms.reduce((sum, term) => sum + weightOf(term) * heldStrength(term, words), 0);

/**
 * The share of the terms' weight a passage holds, its heading included; a term its heading holds
 * counts TITLE_BONUS more, as a FAQ entry is all about the question its heading asks.
 */
export function coverageOf(terms: readonly AnswerTerm[], passage: AnswerSource): number {
  const total = terms.reduce((sum, term) => sum + weightOf(term), 0);
  if (total === 0) return 0;
  const title = termsOf(passage.title ?? '');
  const held = heldWeight(terms, new Set([...title, ...termsOf(passage.body)])) + (TITLE_BONUS - 1) * heldWeight(terms, title);
  return held / total;
}

// The kind of answer a question asks for, and how a sentence that gives it reads.
const WEEKDAY = '(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)days?';
// Capitalized: "may" and "march" are verbs too.
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const NUMBER_WORD = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred)';
const CLOCK = /\b\d{1,2}(:\d\d)?\s?(am|pm)\b|\b(noon|midnight|dawn|dusk|sunrise|sunset)\b/i;
const ANSWER_KINDS: Array<{ asked: RegExp; given: RegExp; required: boolean }> = [
  // A day or a date: a sentence naming none cannot say which day, however close its words ("Memorial Day" names one).
  { asked: /\b(what|which) (day|date)s?\b/i, given: new RegExp(`\\b${WEEKDAY}\\b|\\b${MONTH}\\s+\\d|\\bevery day\\b|\\bdaily\\b|\\bweek(?:end|day)s?\\b|\\b\\d{1,2}/\\d{1,2}\\b|\\b[A-Z][a-z]+ Day\\b`), required: true },
  { asked: /\bwhat time\b|\bhow (late|early)\b|\bhours\b/i, given: CLOCK, required: false },
  { asked: /\bwhen\b/i, given: new RegExp(`${CLOCK.source}|\\b${WEEKDAY}\\b|\\b${MONTH}\\s+\\d`, 'i'), required: false },
  { asked: /\bhow much\b|\b(cost|price|fee|charge)s?\b/i, given: /\$\s?\d/, required: false },
  { asked: /\bhow many\b/i, given: new RegExp(`\\d|\\b${NUMBER_WORD}\\b`, 'i'), required: false },
  { asked: /\bhow long\b/i, given: new RegExp(`(\\d+|\\b${NUMBER_WORD})[ -](minute|hour|day|week|month|year)s?\\b`, 'i'), required: false },
];

/**
 * Whether a sentence gives the kind of answer asked: 1 as usual, ANSWER_KIND_BONUS when it gives it,
 * 0 when it cannot answer. The kinds are listed most specific first, and the first one asked decides:
 * "when are the pool hours" asks for a clock time, which a sentence naming only a day does not give.
 */
function answerKindFactor(question: string, sentence: string): number {
  const kind = ANSWER_KINDS.find((candidate) => candidate.asked.test(question));
  if (!kind) return 1;
  if (kind.given.test(sentence)) return ANSWER_KIND_BONUS;
  return kind.required ? 0 : 1;
}

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

/**
 * The answer to `question` from `passages` (best first). `terms`: the question's terms as retrieval
 * weighed them (retrieve.ts), the earlier questions' included; by default the question's own, all
 * equally rare.
 */
export function extractiveAnswer(question: string, passages: AnswerSource[], terms: readonly AnswerTerm[] = queryTerms(question)): ExtractiveAnswer {
  if (terms.every((term) => term.context)) return refusal();
  const read = passages.slice(0, PASSAGES_READ).map((passage) => ({ passage, titleTerms: termsOf(passage.title ?? ''), coverage: coverageOf(terms, passage) }));
  const strongest = Math.max(0, ...read.map((r) => r.coverage));
  if (strongest < MIN_COVERAGE) return refusal();

  const candidates: Candidate[] = [];
  for (const [index, { passage, titleTerms, coverage }] of read.entries()) {
    // A passage far weaker than the best one is about something else: none of its sentences are quoted.
    if (coverage * 2 < strongest) continue;
    for (const sentence of quotableSentences(passage, titleTerms)) {
      const own = heldWeight(terms, sentence.terms);
      // What its heading says counts for a sentence too, the first under it most ("Key fobs." → "A third fob costs $25").
      const headingOnly = new Set([...sentence.heading].filter((term) => !sentence.terms.has(term)));
      const heading = heldWeight(terms, headingOnly) * (sentence.first ? HEADING_FIRST : HEADING_LATER);
      // A sentence of a passage about more of the question is likelier to answer it.
      const score = (own + heading) * answerKindFactor(question, sentence.text) * coverage * (1 - index * PASSAGE_STEP);
      if (score <= 0) continue;
      candidates.push({ ...sentence, passageId: passage.id, passage: index, score });
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
  // The passage of the best sentence first, then the others as good as their best; each passage's
  // sentences in its own order, so that they read as the material has them.
  const passageScore = (c: Candidate) => Math.max(...chosen.filter((o) => o.passage === c.passage).map((o) => o.score));
  chosen.sort((a, b) => passageScore(b) - passageScore(a) || a.passage - b.passage || a.position - b.position);
  return { refused: false, sentences: chosen.map(({ text, passageId }) => ({ text, passageId })) };
}
