// Words as comparable terms, for weighing sentences against a question without a database round
// trip: lower-cased, English stop words dropped (PostgreSQL's english list, the one the retrieval
// uses), and a light suffix stemming. It only has to agree with itself — both the question and the
// sentences go through it — so it favours being predictable over being linguistically complete.

const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
    'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having ' +
    'do does did doing a an the and but if or because as until while of at by for with about against between into through during ' +
    'before after above below to from up down in out on off over under again further then once here there when where why how all any ' +
    'both each few more most other some such no nor not only own same so than too very s t can will just don should now ' +
    // Words of asking, and verbs too common to say what a question is about ("can I go", "do I need").
    'please tell know would could may might must shall go goes going get gets got make makes put take takes need needs want wants like let'
  ).split(' '),
);

/** The word with its inflection taken off: "fences", "fenced", "fencing" → "fenc"; "policies" → "polici". */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}i`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ment', 'ing', 'ion', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // "planned" → "plann" → "plan"; "rule" and "ruled" meet at "rul"; "policy" and "policies" at "polici".
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}

/** The distinct terms of a text, stop words dropped. */
export function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)) {
    const word = match[0].replace('’', "'");
    if (!STOP_WORDS.has(word)) terms.add(stem(word));
  }
  return terms;
}
