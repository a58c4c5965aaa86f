// Names in English alphabetical order, as Intl.Collator('en') orders them, without loading ICU's
// collation data for the common case. A page's first collation or Intl object costs 25 to 30 ms of
// main thread on a desktop's Chromium, several times that on a phone (docs/bench.md, "Where the time
// of a first load goes"); the session sorts its associations by name while every signed-in page
// starts. Names of letters, digits and spaces are compared here by the collator's own rules
// (tests/unit/name-order.test.ts checks them against Intl over thousands of names); any other name
// goes to Intl.Collator, made on first use.
import { onFirstUse } from './first-use.ts';

// The collator puts a space before digits and digits before letters, as their character codes do;
// it tells letters apart by case only where nothing else differs, lower case first.
const PLAIN = /^[A-Za-z0-9 ]*$/;

/** The order of two names of letters, digits and spaces (negative, 0, positive); null when either has another character. */
export function plainNameOrder(a: string, b: string): number | null {
  if (!PLAIN.test(a) || !PLAIN.test(b)) return null;
  const [foldedA, foldedB] = [a.toLowerCase(), b.toLowerCase()];
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  // At the first difference of case the lower-case letter comes first: its code is the greater.
  return a === b ? 0 : a > b ? -1 : 1;
}

const englishCollator = onFirstUse(() => new Intl.Collator('en'));

/** Compares two names in English alphabetical order, for `Array.prototype.sort`. */
export function compareNames(a: string, b: string): number {
  return plainNameOrder(a, b) ?? englishCollator().compare(a, b);
}
