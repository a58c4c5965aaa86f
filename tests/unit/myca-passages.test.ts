// Cutting material into MyCA's passages (server/myca/passages.ts, sentences.ts, content.ts): passages
// of about 120–250 words ending on sentence ends, never across pages, headings kept apart from the
// text they head, and the FAQ/help split per heading.
import { describe, expect, it } from 'vitest';
import { PASSAGE_MAX_WORDS, PASSAGE_MIN_WORDS, documentPassages, splitPassages } from '../../server/myca/passages.ts';
import { bodySentences, pageBlocks, sentencesOf, wordCount } from '../../server/myca/sentences.ts';
import { anchorOf, contentEntries } from '../../server/myca/content.ts';

/** `n` distinct sentences of 13 words each, numbered so each can be found again. */
const sentences = (n: number, from = 0): string[] =>
  Array.from({ length: n }, (_, i) => `Sentence number ${from + i} says that the pool gate opens with a key fob.`);

/** Text wrapped at about 90 characters, the way a PDF's text comes out. */
const wrapped = (text: string): string => text.replace(/(.{70,90}?) /g, '$1\n');

describe('splitPassages', () => {
  it('cuts a long page into passages of 120 to 250 words on sentence ends, keeping every sentence in order', () => {
    const all = sentences(90);
    const passages = splitPassages(wrapped(all.join(' ')));
    expect(passages.length).toBeGreaterThan(3);
    for (const passage of passages) {
      expect(wordCount(passage)).toBeGreaterThanOrEqual(PASSAGE_MIN_WORDS);
      expect(wordCount(passage)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
      expect(passage).toMatch(/^Sentence number \d+ .*fob\.$/s);
    }
    expect(passages.flatMap(bodySentences)).toEqual(all);
  });

  it('keeps a short page whole and makes nothing of an empty one', () => {
    expect(splitPassages('Quiet hours are from 10 pm to 7 am.')).toEqual(['Quiet hours are from 10 pm to 7 am.']);
    expect(splitPassages('  \n\n ')).toEqual([]);
  });

  it('evens passages out instead of leaving a short tail', () => {
    // 22 sentences of 13 words: two passages of 143 words, not one of 247 and one of 39.
    const passages = splitPassages(sentences(22).join(' '));
    expect(passages.map(wordCount)).toEqual([143, 143]);
    expect(splitPassages(sentences(18).join(' ')).map(wordCount)).toEqual([234]);
  });

  it('cuts a run of words without any sentence end into windows of whole words', () => {
    const table = Array.from({ length: 600 }, (_, i) => `cell${i}`).join(' ');
    const passages = splitPassages(table);
    expect(passages.map(wordCount)).toEqual([250, 250, 100]);
    expect(passages.join(' ')).toBe(table);
  });

  it('never puts two pages in one passage, and numbers pages from 1', () => {
    const pages = [sentences(3).join(' '), sentences(30, 100).join(' '), ''];
    const passages = documentPassages(pages);
    expect(passages[0]).toEqual({ page: 1, ordinal: 0, body: sentences(3).join(' ') });
    expect(passages.slice(1).every((p) => p.page === 2)).toBe(true);
    expect(passages.map((p) => p.ordinal)).toEqual(passages.map((_, i) => i));
    expect(documentPassages(pages, false).every((p) => p.page === null)).toBe(true);
  });
});

describe('blocks and sentences', () => {
  it('tells a heading and a paragraph end from a wrapped line', () => {
    const page = [
      'Community Rules and Regulations',
      'These rules apply to every resident and guest of Maple Grove HOA, whatever the season or',
      'the hour. Quiet hours are from 10 pm to 7 am.',
      'Trash bins go out after 6 pm the evening before collection and come back in by the next',
      'evening.',
    ].join('\n');
    expect(pageBlocks(page)).toEqual([
      'Community Rules and Regulations',
      'These rules apply to every resident and guest of Maple Grove HOA, whatever the season or the hour. Quiet hours are from 10 pm to 7 am.',
      'Trash bins go out after 6 pm the evening before collection and come back in by the next evening.',
    ]);
    // The heading stays on a line of its own in the passage, so it is never quoted as part of a sentence.
    expect(bodySentences(splitPassages(page)[0])[0]).toBe('Community Rules and Regulations');
  });

  it('does not end a sentence at an abbreviation or an initial', () => {
    expect(sentencesOf('Ask Dr. Lee at No. 4 Elm St. before noon. J. Smith agreed. Fees rose 2.5% in 2026! Why? Because.')).toEqual([
      'Ask Dr. Lee at No. 4 Elm St. before noon.',
      'J. Smith agreed.',
      'Fees rose 2.5% in 2026!',
      'Why?',
      'Because.',
    ]);
  });
});

describe('FAQ and help entries', () => {
  it('makes an entry per ## and ### heading with plain text, the page title heading none', () => {
    const markdown = [
      '# Frequently asked questions',
      'Answers to common questions.',
      '',
      '## Can I change or cancel a scheduled payment?',
      'Yes, until 8:00pm Eastern Time the day before it is due. Go to **Manage payments** and see',
      'the [payments page](/payments).',
      '',
      'It takes a minute.',
      '### Fees',
      'There is no fee.',
      '#### Small print',
      'None at all.',
    ].join('\n');
    expect(contentEntries('faq', markdown)).toEqual([
      {
        kind: 'faq',
        title: 'Can I change or cancel a scheduled payment?',
        anchor: 'can-i-change-or-cancel-a-scheduled-payment',
        ordinal: 0,
        body: 'Yes, until 8:00pm Eastern Time the day before it is due. Go to Manage payments and see the payments page.\nIt takes a minute.',
      },
      { kind: 'faq', title: 'Fees', anchor: 'fees', ordinal: 0, body: 'There is no fee.\nSmall print\nNone at all.' },
    ]);
    expect(anchorOf('I manage more than one property. Can I use one login?')).toBe('i-manage-more-than-one-property-can-i-use-one-login');
  });
});
