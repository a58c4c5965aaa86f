// Blocks and sentences of extracted text. A PDF's text comes as wrapped lines with its paragraphs
// and headings no longer marked, so a block ends at a blank line, and at a short line without
// final punctuation before a capitalized one (a heading: "Pool hours" above "Memorial Day to...").
// Passages are cut on sentence ends, and the extractive answer quotes whole sentences.

/** Words before a period that do not end a sentence ("Dr. Lee", "e.g. a fence", "No. 4"). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'no', 'nos', 'vs', 'etc', 'e.g', 'i.e', 'inc', 'ltd', 'jr', 'sr', 'ave', 'blvd', 'rd', 'approx', 'dept', 'sec', 'art', 'fig', 'pp', 'vol']);

const STARTS_CAPITAL = /^["'([]?[\p{Lu}\p{N}]/u;
const BULLET = /^(?:[•\u2022\u25aa\u25cf*-]|\(?[0-9a-z]{1,3}[.)])\s/;

/** A line this much shorter than the page's longest one was not wrapped: it ended there. */
const SHORT_LINE = 0.6;

/** The page's blocks (paragraphs, headings, list items), each as one line of text. */
export function pageBlocks(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trim());
  const longest = Math.max(0, ...lines.map((line) => line.length));
  const blocks: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') blocks.push(current);
    current = '';
  };
  for (const [i, line] of lines.entries()) {
    if (line === '') {
      flush();
      continue;
    }
    if (BULLET.test(line)) flush();
    // A word hyphenated at the end of a line goes on without a space.
    current = current === '' ? line : /[a-z]-$/i.test(current) && /^[a-z]/.test(line) ? current + line : `${current} ${line}`;
    const next = lines[i + 1] ?? '';
    const short = line.length < longest * SHORT_LINE;
    if (next !== '' && short && STARTS_CAPITAL.test(next) && !/[,\-–]$/.test(line)) flush();
  }
  flush();
  return blocks;
}

/** Whether the period that ends `before` is an abbreviation's or an initial's. */
function abbreviated(before: string): boolean {
  const word = /([\p{L}.]+)\.$/u.exec(before)?.[1]?.toLowerCase() ?? '';
  return ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word);
}

/** The sentences of one block (a line of text). */
export function sentencesOf(block: string): string[] {
  const sentences: string[] = [];
  const boundary = /[.!?]+["')\]]*\s+/g;
  let start = 0;
  for (let match = boundary.exec(block); match; match = boundary.exec(block)) {
    const end = match.index + match[0].length;
    const before = block.slice(start, end).trimEnd();
    if (!STARTS_CAPITAL.test(block.slice(end)) || (before.endsWith('.') && abbreviated(before))) continue;
    sentences.push(before);
    start = end;
  }
  const rest = block.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences;
}

/** The sentences of a passage's body, whose blocks are its lines. */
export const bodySentences = (body: string): string[] => body.split('\n').flatMap((line) => sentencesOf(line.trim()));

export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;
