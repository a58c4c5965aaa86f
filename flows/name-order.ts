// Names in English alphabetical order, as Intl.Collator('en') orders them, without loading ICU's
// collation data for the common case. A page's first collation or Intl object costs 25 to 30 ms of
// main thread on a desktop's Chromium, several times that on a phone (docs/bench.md, "Where the time
// of a first load goes"); the session sorts its associations by name while every signed-in page
// starts. Names of printable ASCII characters are compared here by the collator's own rules
// (tests/unit/name-order.test.ts checks them against Intl over thousands of names); any other name
// goes to Intl.Collator, made on first use.
import { onFirstUse } from './first-use.ts';

// Printable ASCII in the collator's primary order: space, punctuation and symbols, digits, then
// letters, upper and lower case alike at this level. None is ignored.
const PRIMARY_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz';

const PRIMARY_RANK: Int8Array = (() => {
  const ranks = new Int8Array(128).fill(-1);
  for (let rank = 0; rank < PRIMARY_ORDER.length; rank += 1) {
    const code = PRIMARY_ORDER.charCodeAt(rank);
    ranks[code] = rank;
    if (code >= 97 && code <= 122) ranks[code - 32] = rank;
  }
  return ranks;
})();

const isPlain = (text: string): boolean => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128 || PRIMARY_RANK[code] < 0) return false;
  }
  return true;
};

const isUpper = (code: number) => code >= 65 && code <= 90;

/** The order of two names of printable ASCII (negative, 0, positive); null when either has another character. */
export function plainNameOrder(a: string, b: string): number | null {
  if (!isPlain(a) || !isPlain(b)) return null;
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const difference = PRIMARY_RANK[a.charCodeAt(i)] - PRIMARY_RANK[b.charCodeAt(i)];
    if (difference !== 0) return Math.sign(difference);
  }
  if (a.length !== b.length) return Math.sign(a.length - b.length);
  // The same letters: at the first difference of case, lower case comes first.
  for (let i = 0; i < a.length; i += 1) {
    const upperA = isUpper(a.charCodeAt(i));
    if (upperA !== isUpper(b.charCodeAt(i))) return upperA ? 1 : -1;
  }
  return 0;
}

const englishCollator = onFirstUse(() => new Intl.Collator('en'));

/** Compares two names in English alphabetical order, for `Array.prototype.sort`. */
export function compareNames(a: string, b: string): number {
  return plainNameOrder(a, b) ?? englishCollator().compare(a, b);
}
