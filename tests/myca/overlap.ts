// The golden set's four-word rule: a question may not share four consecutive words with the passage
// it cites, or a retriever could find the passage by copying words instead of understanding them.

/** Lower-case words, punctuation ignored: apostrophes join ("arm's" is "arms"), anything else separates. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** The first run of `length` consecutive words `a` and `b` share, or null. */
export function sharedRun(a: string, b: string, length = 4): string | null {
  const runs = (words: string[]) => words.slice(0, Math.max(0, words.length - length + 1)).map((_, i) => words.slice(i, i + length).join(' '));
  const inB = new Set(runs(wordsOf(b)));
  return runs(wordsOf(a)).find((run) => inB.has(run)) ?? null;
}
