// MyCA's extractive answer (server/myca/extractive.ts, terms.ts): whole sentences of the passages it
// is given, each naming its passage, headings never quoted alone, owners' words matched to the
// material's through related words, and a refusal when the best passage holds less than half of
// the question's weight or no sentence can give the kind of answer asked.
import { describe, expect, it } from 'vitest';
import { coverageOf, extractiveAnswer, MIN_COVERAGE } from '../../server/myca/extractive.ts';
import { ASKING_WEIGHT, isFollowUp, QUALIFIER_WEIGHT, queryTerms, RELATED_STRENGTH, stem, termsOf } from '../../server/myca/terms.ts';
import { asksPast, asksUpcomingDate } from '../../server/myca/retrieve.ts';

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

  it('refuses when the best passage holds less than half of the question\'s weight, or there is none', () => {
    expect(extractiveAnswer('Can I paint my house purple near the pool?', [POOL])).toEqual({ refused: true, sentences: [] });
    expect(extractiveAnswer('Who won the football championship last season?', [POOL, FAQ]).refused).toBe(true);
    expect(extractiveAnswer('What are the pool hours?', [])).toEqual({ refused: true, sentences: [] });
    expect(extractiveAnswer('What is it?', [POOL])).toEqual({ refused: true, sentences: [] });
  });
});

const CHILDREN = {
  id: 'passage-3',
  title: null,
  body: 'Children. Children under 14 must be accompanied by a resident who is at least 18 years old. Guests. Each home may bring up to four guests at a time.',
};
const LIFEGUARD = {
  id: 'passage-4',
  title: null,
  body: 'Lifeguard. A lifeguard is on duty on Saturdays and Sundays from noon to 6 pm. At every other time no lifeguard is present.\nTennis court. The court is open from 7 am to 10 pm.',
};

describe('query terms', () => {
  const byKey = (question: string, context: string[] = []) => new Map(queryTerms(question, context).map((term) => [term.key, term]));

  it('brings in the related words of a word or phrase, weaker than the word as asked', () => {
    const friends = byKey('how many friends can I bring swimming?').get(stem('friends'))!;
    expect(friends.forms[0]).toEqual({ text: 'friends', stems: [stem('friends')], strength: 1 });
    expect(friends.forms).toContainEqual({ text: 'guest', stems: [stem('guest')], strength: RELATED_STRENGTH });
    // A phrase is one term; "sign up" is not searched as "sign", which would find "sign in".
    const sale = byKey('is there a garage sale?').get('garag sal')!;
    expect(sale.forms.map((form) => form.text)).toEqual(expect.arrayContaining(['garage sale', 'yard sale']));
    const signUp = byKey('how do I sign up?').get('sign up')!;
    expect(signUp.forms.map((form) => form.text)).not.toContain('sign up');
    expect(signUp.forms.map((form) => form.text)).toContain('register');
  });

  it('weighs asking words, numbers, qualifiers and earlier questions less than the topic', () => {
    const terms = byKey("how long can my son's friends stay on Tuesday with 2 dogs?");
    expect(terms.get(stem('long'))!.weight).toBe(ASKING_WEIGHT);
    expect(terms.get('2')!.weight).toBe(ASKING_WEIGHT);
    expect(terms.get(stem("son's"))!.weight).toBe(QUALIFIER_WEIGHT);
    expect(terms.get(stem('tuesday'))!.weight).toBe(QUALIFIER_WEIGHT);
    expect(terms.get(stem('dogs'))!.weight).toBe(1);
    // A follow-up that cannot stand alone leans on the earlier question more than one that can.
    const lean = (question: string) => byKey(question, ['is there a lifeguard at the pool?']).get(stem('lifeguard'))!;
    expect(lean('and on Sundays?').context).toBe(true);
    expect(lean('and on Sundays?').weight).toBeGreaterThan(lean('Are dogs welcome on Sundays?').weight);
    expect(byKey('is there a lifeguard?', ['is there a lifeguard at the pool?']).get(stem('lifeguard'))!.context).toBe(false);
  });

  it('tells a follow-up, and a question about a date to come from one about the past', () => {
    expect(isFollowUp('and when does it shut down?')).toBe(true);
    expect(isFollowUp('what about on a Tuesday morning?')).toBe(true);
    expect(isFollowUp('can they go without me?')).toBe(true);
    expect(isFollowUp('how tall can my fence be?')).toBe(false);
    expect(asksUpcomingDate('when does the board meet next?')).toBe(true);
    expect(asksUpcomingDate('is there a yard sale coming up?')).toBe(true);
    expect(asksUpcomingDate('when did the board last meet?')).toBe(false);
    expect(asksPast('did the owners vote on the budget?')).toBe(true);
    expect(asksUpcomingDate('how tall can my fence be?')).toBe(false);
  });
});

describe('extractiveAnswer with weighed terms', () => {
  it('answers in the material\'s words what an owner asks in theirs', () => {
    expect(extractiveAnswer('can my kids come alone?', [CHILDREN]).sentences).toEqual([
      { text: 'Children under 14 must be accompanied by a resident who is at least 18 years old.', passageId: 'passage-3' },
    ]);
  });

  it('refuses when the rarest word of the question is nowhere, though common ones are', () => {
    // "chickens" is found in no passage: by rarity it outweighs "keep" and "yard", which are.
    const passage = { id: 'passage-5', title: null, body: 'Fences are allowed in back yards only. Owners keep their fences in good repair.' };
    const terms = queryTerms('can I keep chickens in my backyard?').map((term) => ({ ...term, idf: term.key === stem('chickens') ? 4.2 : 2.2 }));
    expect(coverageOf(terms, passage)).toBeLessThan(MIN_COVERAGE);
    expect(extractiveAnswer('can I keep chickens in my backyard?', [passage], terms).refused).toBe(true);
  });

  it('quotes only a sentence that names a day when a day is asked for', () => {
    const closure = { id: 'passage-6', title: 'Pool maintenance: pool closed', body: 'The pool closes one day each season for maintenance.' };
    expect(extractiveAnswer('which day is the pool closed for maintenance?', [closure]).refused).toBe(true);
    const dated = { ...closure, body: 'Pool maintenance: pool closed: Friday, April 3, 2026 (all day).' };
    expect(extractiveAnswer('which day is the pool closed for maintenance?', [dated]).sentences[0].text).toMatch(/Friday/);
  });

  it('prefers the sentence that gives the kind of answer asked', () => {
    const hours = extractiveAnswer('what hours is the tennis court open?', [LIFEGUARD]);
    expect(hours.sentences[0].text).toBe('The court is open from 7 am to 10 pm.');
  });

  it('takes the most specific kind asked: "when are the hours" wants a clock time, not a day alone', () => {
    const season = {
      id: 'passage-7', title: 'Season and hours',
      body: 'The pool opens on the Saturday of Memorial Day weekend. While it is open, swimming is allowed from 9 am to 9 pm every day.',
    };
    const answer = extractiveAnswer('when are the pool hours in the summer?', [season]);
    expect(answer.sentences.map((s) => s.text)).toContain('While it is open, swimming is allowed from 9 am to 9 pm every day.');
  });

  it('reads a follow-up with the earlier question\'s words', () => {
    const question = 'what about on a Tuesday morning?';
    expect(extractiveAnswer(question, [LIFEGUARD]).refused).toBe(true);
    const answer = extractiveAnswer(question, [LIFEGUARD], queryTerms(question, ['is there a lifeguard on Saturday afternoons?']));
    expect(answer.refused).toBe(false);
    expect(answer.sentences.map((s) => s.text)).toContain('A lifeguard is on duty on Saturdays and Sundays from noon to 6 pm.');
  });
});
