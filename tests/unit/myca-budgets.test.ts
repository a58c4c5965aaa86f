// The MyCA figures' scoring and budgets (tests/bench/lib/myca-budgets.ts).
import { describe, expect, it } from 'vitest';
import type { GoldenQuestion } from '../myca/golden.ts';
import type { ShownCitation } from '../../server/myca/conversations.ts';
import {
  MYCA_BUDGETS, citationMatches, describeCitation, isAnswerable, missLine, mycaBudgetProblems, mycaFigures, scoreAnswers,
  type AskedEntry, type MycaFigures, type ScoredAnswer,
} from '../bench/lib/myca-budgets.ts';

const entry = (id: string, extra: Partial<GoldenQuestion> = {}): GoldenQuestion => ({
  id, question: `${id}?`, asker: 'homeowner', followUp: [], cite: [], facts: [], unanswerable: false, boardOnly: false, ...extra,
});
const doc = (ref: number, title: string, page?: number, documentId = 7): ShownCitation =>
  ({ ref, kind: 'document', title, ...(page === undefined ? {} : { page }), href: `/document/1/${documentId}/preview${page === undefined ? '' : `?page=${page}`}` });
const faq = (ref: number, title: string): ShownCitation => ({ ref, kind: 'faq', title, href: '/community/faq#x' });
const answer = (citations: ShownCitation[], text = 'At Maple Grove HOA: something [1]'): ScoredAnswer => ({ text, refused: false, citations });
const refused: ScoredAnswer = { text: 'I could not find anything about that.', refused: true, citations: [] };
const asked = (e: GoldenQuestion, got: ScoredAnswer, extra: Partial<AskedEntry> = {}): AskedEntry => ({ entry: e, asker: e.asker, answer: got, earlier: [], ...extra });
/** Document 99 is in a board-only folder. */
const boardOnly = (citation: ShownCitation) => citation.href.startsWith('/document/1/99/');

const fence = entry('fence-height', { cite: [{ kind: 'document', name: 'Architectural Guidelines.pdf', page: 2 }], facts: ['6 feet'] });
const pool = entry('pool-closing-time', { cite: [{ kind: 'document', name: 'Pool and Amenities Rules.pdf', page: 1 }, { kind: 'document', name: 'Pool Hours.txt', page: 1 }] });
const airbnb = entry('airbnb', { unanswerable: true });
const settlement = entry('board-settlement', { boardOnly: true, cite: [{ kind: 'document', name: 'Confidential Board Briefing 2026.pdf', page: 1 }], facts: ['$42,500'] });

describe('citationMatches', () => {
  it('matches a document by file name and page, a text file without a page as page 1', () => {
    expect(citationMatches(fence.cite[0], doc(1, 'Architectural Guidelines.pdf', 2))).toBe(true);
    expect(citationMatches(fence.cite[0], doc(1, 'Architectural Guidelines.pdf', 3))).toBe(false);
    expect(citationMatches(fence.cite[0], doc(1, 'Parking and Vehicle Policy.pdf', 2))).toBe(false);
    expect(citationMatches(pool.cite[1], doc(1, 'Pool Hours.txt'))).toBe(true);
    expect(citationMatches({ kind: 'document', name: 'Pool Hours.txt', page: 2 }, doc(1, 'Pool Hours.txt'))).toBe(false);
  });

  it('matches FAQ and help entries by heading and kind, events by title', () => {
    const heading = 'How do I report a problem in a common area?';
    expect(citationMatches({ kind: 'faq', entry: heading }, faq(1, heading))).toBe(true);
    expect(citationMatches({ kind: 'help', entry: heading }, faq(1, heading))).toBe(false);
    expect(citationMatches({ kind: 'faq', entry: heading }, faq(1, 'Can I pay by phone?'))).toBe(false);
    const event: ShownCitation = { ref: 1, kind: 'calendar', title: 'Board meeting', href: '/community/calendar' };
    expect(citationMatches({ kind: 'calendar', title: 'Board meeting' }, event)).toBe(true);
    expect(citationMatches({ kind: 'calendar', title: 'Community picnic' }, event)).toBe(false);
    expect(citationMatches({ kind: 'faq', entry: 'Board meeting' }, event)).toBe(false);
  });

  it('shows a citation as a miss line does', () => {
    expect(describeCitation(doc(2, 'Architectural Guidelines.pdf', 3))).toBe('[2] Architectural Guidelines.pdf p.3');
    expect(describeCitation(doc(1, 'Pool Hours.txt'))).toBe('[1] Pool Hours.txt');
    expect(describeCitation(faq(1, 'Can I pay by phone?'))).toBe('[1] faq "Can I pay by phone?"');
  });
});

describe('scoreAnswers', () => {
  it('counts the first citation and any citation among answerable entries, listing each miss', () => {
    const score = scoreAnswers([
      asked(fence, answer([doc(1, 'Architectural Guidelines.pdf', 2)])),
      asked(pool, answer([faq(1, 'Can I pay by phone?'), doc(2, 'Pool Hours.txt')])),
      asked(entry('mowing', { cite: [{ kind: 'document', name: 'Annual Meeting Minutes 2025.pdf', page: 2 }] }), refused),
    ], boardOnly);
    expect(score).toMatchObject({ top1: 1, any: 2, answerable: 3, refusedRight: 0, unanswerable: 0, leaks: [] });
    expect(score.misses).toEqual([
      { id: 'pool-closing-time', says: 'cited [1] faq "Can I pay by phone?", [2] Pool Hours.txt; expected Pool and Amenities Rules.pdf p.1 or Pool Hours.txt p.1 (at [2])' },
      { id: 'mowing', says: 'cited nothing (refused); expected Annual Meeting Minutes 2025.pdf p.2 (not cited)' },
    ]);
  });

  it('says where retrieval ranked the expected source, when it was asked', () => {
    const mowing = entry('mowing', { cite: [{ kind: 'document', name: 'Annual Meeting Minutes 2025.pdf', page: 2 }] });
    const score = scoreAnswers([
      asked(fence, refused, { retrieved: [faq(1, 'Can I pay by phone?'), doc(2, 'Architectural Guidelines.pdf', 2)] }),
      asked(mowing, refused, { retrieved: [doc(1, 'Annual Meeting Minutes 2025.pdf', 1)] }),
      // Right first: retrieval is not looked at.
      asked(pool, answer([doc(1, 'Pool Hours.txt')]), { retrieved: [] }),
    ], boardOnly);
    expect(score.misses.map(missLine)).toEqual([
      'fence-height: cited nothing (refused); expected Architectural Guidelines.pdf p.2 (not cited); retrieval: ranked 2 of 2',
      'mowing: cited nothing (refused); expected Annual Meeting Minutes 2025.pdf p.2 (not cited); retrieval: not among its 1 passages',
    ]);
  });

  it('takes an unanswerable entry as right only when refused citing nothing', () => {
    const wrong = answer([doc(1, 'Pool and Amenities Rules.pdf', 1)], 'At Maple Grove HOA: a fob costs $25 [1]');
    const score = scoreAnswers([asked(airbnb, refused), asked(entry('chickens', { unanswerable: true }), wrong)], boardOnly);
    expect(score).toMatchObject({ answerable: 0, refusedRight: 1, unanswerable: 2 });
    expect(score.misses).toEqual([{ id: 'chickens', says: 'cited [1] Pool and Amenities Rules.pdf p.1; expected a refusal citing nothing (answered: "At Maple Grove HOA: a fob costs $25 [1]")' }]);
  });

  it('scores a board-only entry as answerable only when the board asks it', () => {
    expect(isAnswerable({ entry: settlement, asker: 'homeowner' })).toBe(false);
    expect(isAnswerable({ entry: settlement, asker: 'board' })).toBe(true);
    expect(isAnswerable({ entry: airbnb, asker: 'board' })).toBe(false);
    const briefing = doc(1, 'Confidential Board Briefing 2026.pdf', 1, 99);
    const score = scoreAnswers([asked(settlement, refused), asked(settlement, answer([briefing], 'At Maple Grove HOA: $42,500 [1]'), { asker: 'board' })], boardOnly);
    expect(score).toMatchObject({ top1: 1, any: 1, answerable: 1, leaks: [], misses: [] });
    const missed = scoreAnswers([asked(settlement, refused, { asker: 'board' })], boardOnly);
    expect(missed.misses.map((m) => m.id)).toEqual(['board-settlement (board)']);
  });

  it('counts as leaks every board-only document cited to a homeowner and every homeowner answer telling a board-only fact', () => {
    const briefing = doc(1, 'Confidential Board Briefing 2026.pdf', 1, 99);
    const score = scoreAnswers([
      asked(settlement, answer([briefing, doc(2, 'Other.pdf', 1, 98)], 'At Maple Grove HOA: we settle for $42,500 [1]')),
      // A followUp's answer counts too; the board's own answers never do.
      asked(fence, answer([doc(1, 'Architectural Guidelines.pdf', 2)]), { earlier: [answer([doc(1, 'Confidential Board Briefing 2026.pdf', 2, 99)], 'At Maple Grove HOA: THE $42,500 [1]')] }),
      asked(fence, answer([briefing], 'At Maple Grove HOA: $42,500 [1]'), { asker: 'board' }),
    ], boardOnly);
    expect(score.leaks).toEqual([
      'board-settlement: cites the board-only [1] Confidential Board Briefing 2026.pdf p.1',
      'board-settlement: tells the board-only "$42,500"',
      'fence-height followUp 1: cites the board-only [1] Confidential Board Briefing 2026.pdf p.2',
      'fence-height followUp 1: tells the board-only "$42,500"',
    ]);
  });
});

describe('mycaBudgetProblems', () => {
  const good: MycaFigures = { citeTop1: 0.8, citeAny: 0.9, refusalCorrect: 1, boardLeaks: 0, answerP95: 300 };

  it('holds top1 to 0.8, every refusal, no leak and p95 to 300 ms', () => {
    expect(MYCA_BUDGETS).toEqual({ citeTop1Min: 0.8, refusalCorrectMin: 1, boardLeaksMax: 0, answerP95MaxMs: 300 });
  });

  it('passes figures within every budget, the limits included', () => {
    expect(mycaBudgetProblems(good)).toEqual([]);
    expect(mycaBudgetProblems({ ...good, citeTop1: 1, citeAny: null, answerP95: 12.5 })).toEqual([]);
  });

  it('names each budget missed', () => {
    expect(mycaBudgetProblems({ ...good, citeTop1: 0.433 })).toEqual(['myca.cite.top1: 0.433 is under its budget of 0.8']);
    expect(mycaBudgetProblems({ ...good, refusalCorrect: 6 / 7 })).toEqual(['myca.refusal.correct: 0.857 is under its budget of 1']);
    expect(mycaBudgetProblems({ ...good, boardLeaks: 1 })).toEqual(['myca.board.leaks: 1 is over its budget of 0']);
    expect(mycaBudgetProblems({ ...good, answerP95: 300.04 })).toEqual(['myca.answer.p95: 300.0 ms is over its budget of 300 ms']);
    expect(mycaBudgetProblems({ citeTop1: 0.5, citeAny: 0.6, refusalCorrect: 0.5, boardLeaks: 2, answerP95: 400 })).toHaveLength(4);
  });

  it('fails a figure nothing measured', () => {
    expect(mycaBudgetProblems({ ...good, citeTop1: null, refusalCorrect: null, answerP95: Number.NaN })).toEqual([
      'myca.cite.top1: no answerable entry was asked',
      'myca.refusal.correct: no unanswerable entry was asked',
      'myca.answer.p95: no answer was timed',
    ]);
  });

  it('takes other budgets, and the figures of a score', () => {
    expect(mycaBudgetProblems({ ...good, citeTop1: 0.85 }, { ...MYCA_BUDGETS, citeTop1Min: 0.9 })).toEqual(['myca.cite.top1: 0.850 is under its budget of 0.9']);
    const score = scoreAnswers([asked(fence, answer([doc(1, 'Architectural Guidelines.pdf', 2)])), asked(pool, refused), asked(airbnb, refused)], boardOnly);
    expect(mycaFigures(score, 42)).toEqual({ citeTop1: 0.5, citeAny: 0.5, refusalCorrect: 1, boardLeaks: 0, answerP95: 42 });
    expect(mycaFigures(score, 42, 3).boardLeaks).toBe(3);
  });
});
