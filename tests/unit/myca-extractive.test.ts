// MyCA's extractive answer (server/myca/extractive.ts, terms.ts): whole sentences of the passages it
// is given, each naming its passage, headings never quoted alone, and a refusal when the best
// passage holds fewer than half of the question's terms.
import { describe, expect, it } from 'vitest';
import { extractiveAnswer } from '../../server/myca/extractive.ts';
import { stem, termsOf } from '../../server/myca/terms.ts';

const POOL = {
  id: 'passage-1',
  title: null,
  body: 'Pool and Amenities Rules\nSeason and hours. The pool opens on the Saturday of Memorial Day weekend. Key fobs. The pool gate opens with a key fob. A replacement fob costs $25 at the Clubhouse office.',
};
const FAQ = { id: 'passage-2', title: 'Is my password stored safely?', body: 'Yes. Passwords are stored only as salted, slow hashes; nobody, including staff, can read them.' };

describe('terms', () => {
  it('drops stop words and brings inflections together', () => {
    expect(termsOf('What are the hours of the pools?')).toEqual(new Set(['hour', 'pool']));
    expect(new Set(['fence', 'fences', 'fenced', 'fencing'].map(stem))).toEqual(new Set(['fenc']));
    expect(stem('policies')).toBe(stem('policy'));
    expect(stem('planned')).toBe(stem('plan'));
    expect(stem('payments')).toBe(stem('pay'));
  });
});

describe('extractiveAnswer', () => {
  it('quotes the best sentences with the passage each comes from', () => {
    expect(extractiveAnswer('How much does a replacement key fob cost?', [FAQ, POOL])).toEqual({
      refused: false,
      sentences: [{ text: 'A replacement fob costs $25 at the Clubhouse office.', passageId: 'passage-1' }],
    });
  });

  it('keeps a bare "Yes." with its sentence, and lets a heading speak for the sentence under it', () => {
    expect(extractiveAnswer('Is my password stored safely?', [FAQ]).sentences).toEqual([
      { text: 'Yes. Passwords are stored only as salted, slow hashes; nobody, including staff, can read them.', passageId: 'passage-2' },
    ]);
    const answer = extractiveAnswer('When does the pool season start?', [POOL]);
    expect(answer.sentences[0].text).toBe('The pool opens on the Saturday of Memorial Day weekend.');
    expect(answer.sentences.map((s) => s.text)).not.toContain('Season and hours.');
  });

  it('refuses when the best passage holds fewer than half of the question terms, or there is none', () => {
    expect(extractiveAnswer('Can I paint my house purple near the pool?', [POOL])).toEqual({ refused: true, sentences: [] });
    expect(extractiveAnswer('Who won the football championship last season?', [POOL, FAQ]).refused).toBe(true);
    expect(extractiveAnswer('What are the pool hours?', [])).toEqual({ refused: true, sentences: [] });
    expect(extractiveAnswer('What is it?', [POOL])).toEqual({ refused: true, sentences: [] });
  });
});
