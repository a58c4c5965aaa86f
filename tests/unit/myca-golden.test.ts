// The MyCA golden set (tests/myca/golden.yaml) against the demo material it is about: enough
// questions of each kind, every cite naming a real page, entry or event the asker may read and
// holding the expected facts, board-only facts found nowhere a homeowner reads, no question copying
// four consecutive words of what it cites; and the demo PDFs printing each page of the material on
// that very page, so a cited page number is the page a reader opens.
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { LIBRARY_MATERIAL, MYCA_DOCUMENTS, pageText, paragraphsOf } from '../../server/demo/myca-material.ts';
import { pagedPdf } from '../../server/demo/paged-pdf.ts';
import { loadGolden, type Cite } from '../myca/golden.ts';
import { sharedRun, wordsOf } from '../myca/overlap.ts';
import { homeownerMaterial, passagesOf } from '../myca/sources.ts';

const golden = loadGolden();
const answerable = golden.filter((q) => !q.unanswerable && !q.boardOnly);
const unanswerable = golden.filter((q) => q.unanswerable);
const boardOnly = golden.filter((q) => q.boardOnly);
const show = (cite: Cite) => JSON.stringify(cite);

describe('MyCA golden set', () => {
  it('has unique ids and enough questions of each kind', () => {
    expect(new Set(golden.map((q) => q.id)).size).toBe(golden.length);
    expect(golden.length).toBeGreaterThanOrEqual(36);
    expect(answerable.length).toBeGreaterThanOrEqual(26);
    expect(unanswerable.length).toBeGreaterThanOrEqual(5);
    expect(boardOnly.length).toBeGreaterThanOrEqual(5);
    expect(answerable.filter((q) => q.followUp.length > 0).length).toBeGreaterThan(0);
  });

  it('cites something for every answerable question and nothing for the others', () => {
    for (const q of golden) {
      if (q.unanswerable) {
        expect(q.boardOnly, q.id).toBe(false);
        expect([q.cite, q.facts], q.id).toEqual([[], []]);
      } else {
        expect(q.cite.length, q.id).toBeGreaterThan(0);
      }
      // Who asks a board-only question is the point of it: both ask it.
      if (q.boardOnly) expect(q.asker, q.id).toBe('homeowner');
    }
  });

  it('names real passages the asker may read, each holding the facts', () => {
    const problems: string[] = [];
    for (const q of golden.filter((g) => !g.unanswerable)) {
      for (const cite of q.cite) {
        const passages = passagesOf(cite);
        if (passages.length === 0) problems.push(`${q.id}: ${show(cite)} names nothing in the material`);
        for (const passage of passages) {
          if (q.boardOnly && passage.readableBy !== 'board') problems.push(`${q.id}: ${show(cite)} is not board-only`);
          if (!q.boardOnly && q.asker === 'homeowner' && passage.readableBy === 'board') problems.push(`${q.id}: a homeowner may not read ${show(cite)}`);
          for (const fact of q.facts) {
            if (!passage.text.toLowerCase().includes(fact.toLowerCase())) problems.push(`${q.id}: "${fact}" is not in ${show(cite)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the facts of board-only questions out of everything a homeowner may read', () => {
    const readable = homeownerMaterial().map((text) => text.toLowerCase());
    const leaks = boardOnly.flatMap((q) => q.facts.filter((fact) => readable.some((text) => text.includes(fact.toLowerCase()))).map((fact) => `${q.id}: ${fact}`));
    expect(boardOnly.every((q) => q.facts.length > 0)).toBe(true);
    expect(leaks).toEqual([]);
  });

  it('never shares four consecutive words between a question and what it cites', () => {
    const copies: string[] = [];
    for (const q of golden) {
      for (const passage of q.cite.flatMap(passagesOf)) {
        for (const asked of [...q.followUp, q.question]) {
          const run = sharedRun(asked, passage.text);
          if (run) copies.push(`${q.id}: "${run}" in "${asked}"`);
        }
      }
    }
    expect(copies).toEqual([]);
  });

  it('counts words the way the rule says', () => {
    expect(wordsOf("Can my kid's friends swim, alone?")).toEqual(['can', 'my', 'kids', 'friends', 'swim', 'alone']);
    expect(sharedRun('How TALL can my fence be?', 'how tall, can my fence')).toBe('how tall can my');
    expect(sharedRun('how tall can it be', 'how tall could it be')).toBeNull();
  });
});

describe('MyCA demo material', () => {
  it('gives each page of the new documents 50 to 200 words', () => {
    const off = MYCA_DOCUMENTS.flatMap((doc) => doc.pages.map((page, i) => [`${doc.name} p${i + 1}`, wordsOf(page).length] as const)).filter(([, n]) => n < 50 || n > 200);
    expect(off).toEqual([]);
  });

  it('prints each page of the material on that page of its PDF', { timeout: 60_000 }, async () => {
    for (const doc of LIBRARY_MATERIAL.filter((d) => d.name.endsWith('.pdf'))) {
      const bytes = await pagedPdf(doc.title ?? doc.name, doc.pages.map(paragraphsOf));
      const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
      expect(totalPages, doc.name).toBe(doc.pages.length);
      text.forEach((printed, i) => expect(wordsOf(printed), `${doc.name} page ${i + 1}`).toEqual(wordsOf(pageText(doc, i + 1) ?? '')));
    }
  });
});
