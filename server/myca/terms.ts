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
    'please tell know would could may might must shall go goes going get gets got make makes put take takes need needs want wants like let ' +
    // Contractions and fillers, which say nothing of the topic ("what if I'm on a corner", "can they really").
    "i'm i've i'd i'll you're we're they're it's that's what's can't don't doesn't didn't won't isn't aren't wasn't " +
    'also still really ever even anyone someone something anything'
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

// Owners ask in their own words ("kids", "friends", "dues") what the material says in its own
// ("children", "guests", "assessment"). Each group holds words and phrases an association's owners
// and documents use for one thing; a question's word brings in the rest of its group as weaker
// alternatives. Generic community-association and portal vocabulary, nothing of one association.
const RELATED_GROUPS: string[][] = [
  // People
  ['child', 'children', 'kid', 'son', 'daughter', 'minor', 'toddler'],
  ['guest', 'visitor', 'friend', 'relative', 'in laws', 'houseguest'],
  ['owner', 'homeowner', 'member'],
  ['resident', 'homeowner', 'occupant', 'household'],
  ['neighbor', 'neighbour', 'next door', 'resident'],
  ['neighborhood', 'community', 'subdivision'],
  ['board', 'director', 'trustee'],
  ['manager', 'management', 'property manager', 'management company'],
  ['company', 'contractor', 'vendor', 'firm', 'provider', 'business'],
  ['lawyer', 'attorney', 'counsel', 'law firm', 'legal'],
  ['lawsuit', 'suit', 'litigation', 'sued', 'claim'],
  // Places and amenities
  ['pool', 'swimming', 'swim'],
  ['kiddie pool', 'wading pool', 'baby pool', 'kiddie', 'wading'],
  ['clubhouse', 'club house', 'community center'],
  ['key', 'fob', 'key fob', 'keycard', 'access card'],
  ['gym', 'fitness center', 'exercise room'],
  ['playground', 'play equipment', 'swing set', 'play area'],
  ['pavilion', 'gazebo', 'picnic shelter'],
  ['common area', 'amenity', 'shared area'],
  ['house', 'home', 'property', 'residence', 'lot', 'unit'],
  ['backyard', 'back yard', 'rear yard', 'yard'],
  ['front yard', 'out front', 'street'],
  ['street', 'road', 'roadway', 'lane', 'curb'],
  ['outside', 'exterior', 'outdoor'],
  ['deck', 'patio', 'porch'],
  ['streetlight', 'street light', 'lamp post', 'light', 'lighting'],
  ['mailbox', 'mail box', 'mail'],
  // Time
  ['time', 'hour', 'schedule'],
  ['close', 'shut', 'shut down', 'closing'],
  ['year', 'annual', 'yearly', 'season'],
  ['summer', 'season'],
  ['weekend', 'saturday', 'sunday'],
  ['weekday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  ['afternoon', 'noon'],
  ['morning', 'sunrise', 'dawn'],
  ['night', 'evening', 'late', 'overnight'],
  ['storm', 'thunder', 'lightning', 'weather'],
  ['holiday', 'christmas', 'hanukkah', 'halloween', 'thanksgiving', 'easter', 'new year'],
  ['holiday lights', 'christmas lights', 'decoration', 'ornament', 'inflatable'],
  ['upcoming', 'coming up', 'next', 'scheduled', 'planned'],
  ['set up', 'schedule', 'scheduled', 'arrange'],
  // Rules and requests
  ['allow', 'permit', 'ok', 'okay', 'prohibit', 'forbid', 'ban'],
  ['permission', 'approval', 'approve', 'consent', 'authorization', 'sign off'],
  ['apply', 'application', 'request', 'submit', 'ask'],
  ['build', 'construct', 'construction', 'erect', 'put up', 'install'],
  ['fix', 'repair', 'replace', 'maintenance', 'mend'],
  ['broken', 'damaged', 'damage', 'not working'],
  ['problem', 'issue', 'complaint', 'concern', 'is out', 'went out', 'burned out', 'not working'],
  ['report', 'notify', 'inform', 'let someone know', 'let management know', 'let the board know', 'let them know'],
  ['fine', 'penalty', 'violation', 'sanction'],
  ['drop', 'terminate', 'cancel', 'fire', 'end contract'],
  ['stop', 'cancel', 'halt'],
  ['change', 'modify', 'alter', 'edit'],
  ['book', 'reserve', 'reservation', 'booking'],
  ['party', 'birthday', 'celebration', 'gathering', 'event'],
  ['noise', 'noisy', 'loud', 'quiet', 'sound'],
  ['trash', 'garbage', 'rubbish', 'waste', 'refuse'],
  ['garage sale', 'yard sale', 'rummage sale', 'estate sale'],
  ['bin', 'can', 'cart', 'container'],
  ['collection', 'pickup', 'pick up', 'collected'],
  ['pet', 'dog', 'cat', 'animal', 'puppy'],
  ['chicken', 'poultry', 'livestock', 'farm animal', 'hen', 'rooster'],
  ['rent', 'lease', 'tenant', 'rental', 'sublet', 'short term rental'],
  ['car', 'vehicle', 'auto', 'automobile', 'truck'],
  ['boat', 'trailer', 'rv', 'camper', 'motor home', 'recreational vehicle'],
  ['tall', 'high', 'height'],
  ['big', 'large', 'size', 'square feet'],
  ['paint', 'repaint', 'painted'],
  ['color', 'colour', 'stain', 'shade'],
  ['roof', 'roofing', 'shingle'],
  // Money
  ['dues', 'assessment', 'hoa fee', 'levy', 'maintenance fee'],
  ['fee', 'assessment', 'charge'],
  ['cost', 'price', 'fee', 'charge', 'expense', 'spend'],
  ['free', 'no charge', 'no cost', 'included'],
  ['save', 'saved', 'savings', 'reserve', 'reserve fund'],
  ['money', 'fund', 'funds', 'cash'],
  ['payment', 'pay', 'autopay'],
  ['late fee', 'past due', 'overdue', 'delinquent'],
  ['foreclose', 'foreclosure', 'lien'],
  // Governance
  ['elect', 'elected', 'election', 'vote', 'ballot'],
  ['meet', 'meeting', 'gather', 'get together', 'assembly', 'session'],
  ['term', 'serve', 'tenure'],
  ['accept', 'ratify', 'adopt', 'pass'],
  ['minutes', 'meeting notes', 'record'],
  ['rule', 'regulation', 'policy', 'bylaw', 'covenant', 'guideline'],
  // Grounds
  ['mow', 'mowing', 'lawn', 'grass', 'lawn care'],
  ['cut', 'mow', 'trim', 'prune'],
  ['tree', 'shrub', 'bush'],
  ['landscaping', 'landscaper', 'yard work', 'gardening'],
  ['alone', 'unaccompanied', 'accompanied', 'by themselves', 'unsupervised', 'supervised', 'without an adult'],
  // The portal
  ['sign up', 'register', 'registration', 'create account', 'new account', 'enroll'],
  ['sign in', 'log in', 'login', 'signing in'],
  ['password', 'login', 'credentials'],
  ['forgot', 'forget', 'remember', 'reset', 'recover'],
];

/** How much a group's other word counts, against the word as asked. */
export const RELATED_STRENGTH = 0.8;
/**
 * Words that ask how much of something ("how long", "how many", "how tall") or say when relative
 * to now ("next", "coming up"): they say what kind of answer is wanted, seldom what it is about, so
 * they count this much of a topic word. A number in the question ("my son is 8") is a value, not a
 * topic, and counts the same.
 */
export const ASKING_WEIGHT = 0.3;
const MEASURE_WORDS = new Set(['much', 'many', 'long', 'often', 'big', 'tall', 'late', 'early', 'soon', 'far', 'old', 'large', 'high', 'wide', 'deep']);
const RELATIVE_TIME = new Set(['next', 'upcoming', 'coming up', 'soon', 'later', 'today', 'tomorrow', 'tonight', 'yet']);
/**
 * Words that qualify rather than name the topic count this much: when ("on a Tuesday morning",
 * "for a week"), whose ("my daughter's birthday": the birthday is asked about) and verbs too
 * common to say what a question is about ("can I keep…", "can they use…").
 */
export const QUALIFIER_WEIGHT = 0.5;
const QUALIFIERS = new Set([
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'morning', 'afternoon', 'evening', 'night',
  'week', 'weekend', 'month', 'day',
  'use', 'keep', 'leave', 'bring', 'give', 'happen', 'stay', 'hold', 'come', 'find', 'see', 'say', 'try', 'allow', 'allowed', 'set',
].map(stem));
/** Longest related phrase, in words. */
const MAX_PHRASE_WORDS = 4;

/** The words of a text in order, lower-cased, hyphens and slashes taken as spaces ("in-laws" → "in laws"). */
const wordsOf = (text: string): string[] =>
  [...text.toLowerCase().replace(/[-/]/g, ' ').matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)].map((m) => m[0].replace('’', "'"));

/** A word or phrase as the key it is looked up by: its words' stems, stop words kept so "sign up" and "sign in" differ. */
const keyOf = (words: string[]): string => words.map((w) => (STOP_WORDS.has(w) ? w : stem(w))).join(' ');

const RELATED = new Map<string, Set<string>>();
for (const group of RELATED_GROUPS) {
  for (const entry of group) {
    const key = keyOf(wordsOf(entry));
    const others = RELATED.get(key) ?? new Set<string>();
    for (const other of group) if (other !== entry) others.add(other);
    RELATED.set(key, others);
  }
}
const PHRASE_KEYS = new Set([...RELATED.keys()].filter((key) => key.includes(' ')));

/** One form a question term may take in the material: its text (for the full-text query), its stems, all of which must be present. */
export interface TermForm {
  text: string;
  stems: string[];
  /** 1 for the word as asked, RELATED_STRENGTH for a related one. */
  strength: number;
}

/** One thing the question asks about: a word or phrase of it with the forms it may take. */
export interface QueryTerm {
  key: string;
  forms: TermForm[];
  /** How much it counts: 1 for a topic word of the question, less for an asking word or one of the earlier questions. */
  weight: number;
  /** It comes from an earlier question of the conversation. */
  context: boolean;
}

const formOf = (text: string, strength: number): TermForm | null => {
  const stems = [...termsOf(text)];
  return stems.length === 0 ? null : { text, stems, strength };
};

/** The terms of one question, each with its related forms. */
function termsOfQuestion(question: string, weight: number, context: boolean): QueryTerm[] {
  const words = wordsOf(question);
  const found = new Map<string, QueryTerm>();
  const add = (key: string, forms: Array<TermForm | null>, termWeight: number) => {
    const usable = forms.filter((form): form is TermForm => form !== null);
    if (usable.length === 0 || found.has(key)) return;
    found.set(key, { key, forms: usable, weight: termWeight, context });
  };
  for (let i = 0; i < words.length; ) {
    const phrase = [MAX_PHRASE_WORDS, 3, 2].map((n) => words.slice(i, i + n)).find((slice) => slice.length > 1 && PHRASE_KEYS.has(keyOf(slice)));
    if (phrase) {
      const key = keyOf(phrase);
      const text = phrase.join(' ');
      // A phrase whose stop words carry its sense ("sign up") is searched by its related forms only.
      const own = termsOf(text).size === phrase.length ? [formOf(text, 1)] : [];
      add(key, [...own, ...[...RELATED.get(key)!].map((other) => formOf(other, RELATED_STRENGTH))], RELATIVE_TIME.has(text) ? weight * ASKING_WEIGHT : weight);
      i += phrase.length;
      continue;
    }
    const word = words[i];
    const asking = (MEASURE_WORDS.has(word) && words[i - 1] === 'how') || RELATIVE_TIME.has(word) || /^\p{N}+$/u.test(word);
    i += 1;
    if (STOP_WORDS.has(word)) continue;
    const key = stem(word);
    const related = [...(RELATED.get(key) ?? [])].map((other) => formOf(other, RELATED_STRENGTH));
    const qualifier = QUALIFIERS.has(key) || word.endsWith("'s");
    add(key, [formOf(word, 1), ...related], weight * (asking ? ASKING_WEIGHT : qualifier ? QUALIFIER_WEIGHT : 1));
  }
  return [...found.values()];
}

/**
 * A question that leans on the one before: it opens as a continuation ("and on weekends?", "what
 * about…") or speaks of its subject only by a pronoun ("can they go without me?").
 */
export function isFollowUp(question: string): boolean {
  const words = wordsOf(question);
  if (/^(and|but|or|so|also)$/.test(words[0] ?? '') || /^(what|how) (about|if)$/.test(words.slice(0, 2).join(' '))) return true;
  return words.some((word) => ['it', 'they', 'them', 'their', 'he', 'she', 'him', 'her'].includes(word));
}

/** How much an earlier question's term counts: more when the question cannot stand alone. */
export const CONTEXT_WEIGHT = 0.35;
export const FOLLOW_UP_CONTEXT_WEIGHT = 0.85;
/** The earlier questions read: the last few carry the topic. */
const CONTEXT_QUESTIONS = 3;

/** The question's terms, then those only the earlier questions hold (oldest first), weighed as the question needs them. */
export function queryTerms(question: string, context: readonly string[] = []): QueryTerm[] {
  const asked = termsOfQuestion(question, 1, false);
  const keys = new Set(asked.map((term) => term.key));
  const contextWeight = isFollowUp(question) ? FOLLOW_UP_CONTEXT_WEIGHT : CONTEXT_WEIGHT;
  const earlier = context.slice(-CONTEXT_QUESTIONS).flatMap((text) => termsOfQuestion(text, contextWeight, true));
  const added: QueryTerm[] = [];
  for (const term of earlier) {
    if (keys.has(term.key)) continue;
    keys.add(term.key);
    added.push(term);
  }
  return [...asked, ...added];
}

/** How strongly a set of terms holds a query term: its best form all of whose stems are there; 0 when none is. */
export function heldStrength(term: QueryTerm, terms: ReadonlySet<string>): number {
  let best = 0;
  for (const form of term.forms) if (form.strength > best && form.stems.every((s) => terms.has(s))) best = form.strength;
  return best;
}
