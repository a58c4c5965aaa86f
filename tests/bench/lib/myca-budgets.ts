// The MyCA figures' arithmetic and budgets (docs/bench.md, "MyCA figures"), kept pure so they are
// unit-tested (tests/unit/myca-budgets.test.ts): whether a citation is the one a golden entry
// (tests/myca/golden.yaml) expects, the shares and counts scored from the answers, and the budgets
// they must meet. lib/myca.ts asks the questions; nothing here touches a database.
import type { Cite, GoldenQuestion } from '../../myca/golden.ts';
import type { ShownCitation } from '../../../server/myca/conversations.ts';
import { percentile } from './keystroke-budget.ts';

export { percentile };

export interface MycaBudgets {
  /** myca.cite.top1 at least this share. */
  citeTop1Min: number;
  /** myca.refusal.correct at least this share (1: every unanswerable question refused). */
  refusalCorrectMin: number;
  /** myca.board.leaks at most this many. */
  boardLeaksMax: number;
  /** myca.answer.p95 at most this many ms. */
  answerP95MaxMs: number;
}

export const MYCA_BUDGETS: Readonly<MycaBudgets> = {
  citeTop1Min: 0.8,
  refusalCorrectMin: 1,
  boardLeaksMax: 0,
  answerP95MaxMs: 300,
};

/** What scoring reads of one answer of makeAnswer (server/myca/answer.ts). */
export interface ScoredAnswer {
  text: string;
  refused: boolean;
  citations: ShownCitation[];
}

export type Asker = 'homeowner' | 'board';

/** One golden entry asked by one asker: its answer and those of its followUp questions, asked first. */
export interface AskedEntry {
  entry: GoldenQuestion;
  asker: Asker;
  answer: ScoredAnswer;
  /** The answers to entry.followUp, in order (the same asker, the same conversation). */
  earlier: ScoredAnswer[];
  /** What retrieval (server/myca/retrieve.ts) gave the question, best first, each passage as a citation of it: said with a miss. */
  retrieved?: ShownCitation[];
}

/**
 * Whether a shown citation is the source a cite names: a document by its file name (the citation's
 * title) and page (a text file's passages have no page and count as page 1, as the golden set
 * says); a FAQ or help entry by its heading; a calendar event by its title.
 */
export function citationMatches(cite: Cite, citation: ShownCitation): boolean {
  switch (cite.kind) {
    case 'document':
      return citation.kind === 'document' && citation.title === cite.name && (citation.page ?? 1) === cite.page;
    case 'faq':
    case 'help':
      return citation.kind === cite.kind && citation.title === cite.entry;
    case 'calendar':
      return citation.kind === 'calendar' && citation.title === cite.title;
  }
}

/** A citation as a miss line shows it: `[1] Architectural Guidelines.pdf p.2`, `[2] faq "How do I …?"`. */
export function describeCitation(citation: ShownCitation): string {
  if (citation.kind === 'document') return `[${citation.ref}] ${citation.title}${citation.page === undefined ? '' : ` p.${citation.page}`}`;
  return `[${citation.ref}] ${citation.kind} "${citation.title}"`;
}

export function describeCite(cite: Cite): string {
  switch (cite.kind) {
    case 'document':
      return `${cite.name} p.${cite.page}`;
    case 'faq':
    case 'help':
      return `${cite.kind} "${cite.entry}"`;
    case 'calendar':
      return `calendar "${cite.title}"`;
  }
}

/** An entry scored as answerable: it has a cite its asker may read (not unanswerable, not board-only asked by a homeowner). */
export const isAnswerable = (asked: Pick<AskedEntry, 'entry' | 'asker'>): boolean =>
  !asked.entry.unanswerable && !(asked.entry.boardOnly && asked.asker === 'homeowner');

export interface MycaMiss {
  /** The entry's id, with ` (board)` when a board member asked it and the set's own asker is a homeowner. */
  id: string;
  /** What the answer cited and what it should have: the `cited …` part of the miss line. */
  says: string;
  /** Where retrieval ranked the expected source, when it was asked (`retrieval: ranked 2 of 8`). */
  retrieval?: string;
}

/** A miss as its line says it after `bench: myca miss `. */
export const missLine = (miss: MycaMiss): string => `${miss.id}: ${miss.says}${miss.retrieval ? `; ${miss.retrieval}` : ''}`;

export interface MycaScore {
  /** Answerable entries whose first citation is one the entry names; of how many. */
  top1: number;
  any: number;
  answerable: number;
  /** Unanswerable entries refused with no citation; of how many. */
  refusedRight: number;
  unanswerable: number;
  /** One line per leak: a board-only document cited to a homeowner, or a board-only fact in a homeowner's answer. */
  leaks: string[];
  misses: MycaMiss[];
}

const idOf = (asked: AskedEntry) => (asked.asker === asked.entry.asker ? asked.entry.id : `${asked.entry.id} (${asked.asker})`);

const citedList = (answer: ScoredAnswer) =>
  answer.citations.length === 0 ? (answer.refused ? 'nothing (refused)' : 'nothing') : answer.citations.map(describeCitation).join(', ');

/**
 * Scores the answers. `boardOnlyCitation` says whether a citation names a document in a folder only
 * the board may read; the board-only facts are those of the board-only entries among `asked`. Every
 * answer a homeowner got counts for the leaks, those of the followUp questions included.
 */
export function scoreAnswers(asked: readonly AskedEntry[], boardOnlyCitation: (citation: ShownCitation) => boolean): MycaScore {
  const score: MycaScore = { top1: 0, any: 0, answerable: 0, refusedRight: 0, unanswerable: 0, leaks: [], misses: [] };
  const boardFacts = [...new Set(asked.filter((a) => a.entry.boardOnly).flatMap((a) => a.entry.facts))];
  for (const one of asked) {
    const { entry, answer } = one;
    const id = idOf(one);
    if (entry.unanswerable) {
      score.unanswerable++;
      if (answer.refused && answer.citations.length === 0) score.refusedRight++;
      else score.misses.push({ id, says: `cited ${citedList(answer)}; expected a refusal citing nothing${answer.refused ? '' : ` (answered: ${JSON.stringify(answer.text.slice(0, 160))})`}` });
    } else if (isAnswerable(one)) {
      score.answerable++;
      const matches = (citation: ShownCitation) => entry.cite.some((cite) => citationMatches(cite, citation));
      const first = answer.citations.find((citation) => citation.ref === 1);
      const hit = answer.citations.find(matches);
      if (first && matches(first)) score.top1++;
      if (hit) score.any++;
      if (!first || !matches(first)) {
        const rank = one.retrieved?.findIndex(matches) ?? -1;
        const retrieval = one.retrieved === undefined ? {}
          : { retrieval: rank < 0 ? `retrieval: not among its ${one.retrieved.length} passages` : `retrieval: ranked ${rank + 1} of ${one.retrieved.length}` };
        score.misses.push({ id, says: `cited ${citedList(answer)}; expected ${entry.cite.map(describeCite).join(' or ')}${hit ? ` (at [${hit.ref}])` : ' (not cited)'}`, ...retrieval });
      }
    }
    if (one.asker !== 'homeowner') continue;
    for (const [n, got] of [...one.earlier, answer].entries()) {
      const which = n < one.earlier.length ? `${id} followUp ${n + 1}` : id;
      for (const citation of got.citations.filter(boardOnlyCitation)) score.leaks.push(`${which}: cites the board-only ${describeCitation(citation)}`);
      const text = got.text.toLowerCase();
      const told = boardFacts.filter((fact) => text.includes(fact.toLowerCase()));
      if (told.length > 0) score.leaks.push(`${which}: tells the board-only ${told.map((fact) => JSON.stringify(fact)).join(', ')}`);
    }
  }
  return score;
}

export interface MycaFigures {
  /** myca.cite.top1, a share 0–1; null when no entry was answerable. */
  citeTop1: number | null;
  /** myca.cite.any (reported, no budget). */
  citeAny: number | null;
  /** myca.refusal.correct, a share 0–1; null when no entry was unanswerable. */
  refusalCorrect: number | null;
  /** myca.board.leaks. */
  boardLeaks: number;
  /** myca.answer.p95, ms. */
  answerP95: number;
}

const share = (n: number, of: number) => (of === 0 ? null : n / of);

/** The figures of a score, the timed answers' p95 and the leaks counted (the score's own unless told). */
export function mycaFigures(score: MycaScore, answerP95: number, boardLeaks = score.leaks.length): MycaFigures {
  return {
    citeTop1: share(score.top1, score.answerable), citeAny: share(score.any, score.answerable),
    refusalCorrect: share(score.refusedRight, score.unanswerable), boardLeaks, answerP95,
  };
}

/** Each budget the figures miss, as a `FAIL` line's text (empty when all are met). */
export function mycaBudgetProblems(figures: MycaFigures, budgets: Readonly<MycaBudgets> = MYCA_BUDGETS): string[] {
  const problems: string[] = [];
  if (figures.citeTop1 === null) problems.push('myca.cite.top1: no answerable entry was asked');
  else if (figures.citeTop1 < budgets.citeTop1Min) problems.push(`myca.cite.top1: ${figures.citeTop1.toFixed(3)} is under its budget of ${budgets.citeTop1Min}`);
  if (figures.refusalCorrect === null) problems.push('myca.refusal.correct: no unanswerable entry was asked');
  else if (figures.refusalCorrect < budgets.refusalCorrectMin) problems.push(`myca.refusal.correct: ${figures.refusalCorrect.toFixed(3)} is under its budget of ${budgets.refusalCorrectMin}`);
  if (figures.boardLeaks > budgets.boardLeaksMax) problems.push(`myca.board.leaks: ${figures.boardLeaks} is over its budget of ${budgets.boardLeaksMax}`);
  if (!Number.isFinite(figures.answerP95)) problems.push('myca.answer.p95: no answer was timed');
  else if (figures.answerP95 > budgets.answerP95MaxMs) problems.push(`myca.answer.p95: ${figures.answerP95.toFixed(1)} ms is over its budget of ${budgets.answerP95MaxMs} ms`);
  return problems;
}
