// Personal details never leave the portal for a language model: e-mail addresses, phone numbers,
// account numbers and street addresses in what is sent become placeholders ([EMAIL_1], [PHONE_2],
// [ACCOUNT_1], [ADDRESS_1]) that mean nothing outside the request, and the model's answer gets the
// originals back. One Placeholders map serves every passage, the history and the question of a
// request, so one detail is one placeholder wherever it appears (the model can still tell two
// owners' addresses apart and repeat the right one) and restore() can undo them all.

export type DetailKind = 'EMAIL' | 'PHONE' | 'ACCOUNT' | 'ADDRESS';

export interface Placeholders {
  /** The placeholder standing for `original`: the same one for the same detail, however it is written. */
  placeholderFor(kind: DetailKind, original: string): string;
  /** The original a placeholder stands for; undefined for one this request never handed out. */
  originalOf(placeholder: string): string | undefined;
  readonly size: number;
}

export function createPlaceholders(): Placeholders {
  const originals = new Map<string, string>();
  const byDetail = new Map<string, string>();
  const counts = new Map<DetailKind, number>();
  return {
    placeholderFor(kind, original) {
      const detail = `${kind}\u0000${normalize(kind, original)}`;
      const known = byDetail.get(detail);
      if (known) return known;
      const n = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, n);
      const placeholder = `[${kind}_${n}]`;
      byDetail.set(detail, placeholder);
      originals.set(placeholder, original);
      return placeholder;
    },
    originalOf: (placeholder) => originals.get(placeholder),
    get size() {
      return originals.size;
    },
  };
}

/** Two spellings of one detail ("(305) 555-0142", "+1 305.555.0142") share a placeholder. */
function normalize(kind: DetailKind, original: string): string {
  switch (kind) {
    case 'EMAIL':
      return original.toLowerCase();
    case 'PHONE': {
      const digits = original.replace(/\D/g, '');
      return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    }
    case 'ACCOUNT':
      return original.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    case 'ADDRESS':
      return original.toLowerCase().replace(/[.,#]/g, '').replace(/\s+/g, ' ').trim();
  }
}

interface Rule {
  kind: DetailKind;
  pattern: RegExp;
  /** The capture group holding the detail when the match carries context that stays ("account 123456"). */
  group?: number;
  /** Refuses a match the pattern alone cannot tell apart from something harmless (a date, a list of years). */
  accept?: (detail: string, around: { before: string; after: string }) => boolean;
}

const STREET_SUFFIX = [
  'Street', 'St', 'Avenue', 'Ave', 'Road', 'Rd', 'Drive', 'Dr', 'Court', 'Ct', 'Lane', 'Ln', 'Boulevard', 'Blvd',
  'Way', 'Place', 'Pl', 'Terrace', 'Ter', 'Circle', 'Cir', 'Parkway', 'Pkwy', 'Highway', 'Hwy', 'Trail', 'Trl',
  'Square', 'Sq', 'Loop', 'Grove', 'Crescent', 'Cres', 'Cove', 'Cv', 'Path', 'Pike', 'Plaza', 'Point', 'Pt',
  'Ridge', 'Run', 'Row', 'Alley', 'Causeway', 'Landing', 'Walk', 'Bend', 'Glen', 'Isle',
].join('|');
/** A word of a street's name: capitalized ("Maple", "St."), or an ordinal ("5th"). */
const STREET_WORD = "(?:[A-Z][A-Za-z'-]*\\.?|\\d{1,3}(?:st|nd|rd|th))";
const UNIT = '(?:,?\\s*(?:Apt|Apartment|Unit|Suite|Ste)\\.?\\s*#?\\s?[A-Za-z0-9-]+|\\s*#\\s?[A-Za-z0-9-]+)';

const YEAR = /^(19|20)\d\d$/;
/** "2026-27", "2025-2026": a fiscal year after "account" ("the operating account 2026-27 budget"). */
const YEAR_RANGE = /^(19|20)\d\d-(\d\d|(19|20)\d\d)$/;

/** An eight-digit run that is a real calendar date (20260315) is a date, not an account. */
function isCompactDate(digits: string): boolean {
  if (!/^(19|20)\d{6}$/.test(digits)) return false;
  const month = Number(digits.slice(4, 6));
  const day = Number(digits.slice(6, 8));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// In this order: an e-mail holds digits a phone rule would take, a phone digits the account rules
// would, and an address's house number must be read with its street before a digit run is.
const RULES: Rule[] = [
  { kind: 'EMAIL', pattern: /(?<![\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])/g },
  // North American: separators required, so a bare ten-digit run is left to the account rules.
  {
    kind: 'PHONE',
    pattern: /(?<![\w+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)[\s.-]?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?:\s*(?:x|ext\.?|extension)\s*\d{1,6})?(?!\w)/gi,
  },
  // A local number without its area code ("call 555-0142") looks like a range of pages: only
  // where the words before it speak of a phone.
  {
    kind: 'PHONE',
    pattern: /(?<![\w$€£.,/:-])\d{3}[-.]\d{4}(?![\w-]|[.,]\d)/g,
    accept: (_detail, { before }) => /\b(?:call|calls|calling|phone|telephone|tel|cell|mobile|fax|text|dial|number|line|ext)\b[^.\d]{0,20}$/i.test(before),
  },
  // International, written with its country code: 8 to 15 digits in all.
  {
    kind: 'PHONE',
    pattern: /(?<![\w+])\+\d{1,3}(?:[\s.-]?(?:\(\d{1,4}\)|\d{1,5})){1,6}(?!\w)/g,
    accept: (detail) => {
      const digits = detail.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15;
    },
  },
  { kind: 'ADDRESS', pattern: /\bP\.?\s?O\.?\s*Box\s+\d{1,8}\b/gi },
  {
    kind: 'ADDRESS',
    pattern: new RegExp(`(?<![\\w$€£.,:/-])\\d{1,6}(?:-?[A-Za-z](?![\\w]))?(?:-\\d{1,4})?\\s+(?:${STREET_WORD}\\s+){1,4}(?:${STREET_SUFFIX})\\b(?:\\s+(?:N|S|E|W|NE|NW|SE|SW)\\b)?${UNIT}?`, 'g'),
  },
  // "account 1002", "Acct. No. A-10023", "account #12-3456": the word stays, the number goes.
  {
    kind: 'ACCOUNT',
    pattern: /\b(?:account|acct)(\.?\s*(?:number|num|no)?\.?\s*[#:]{0,2}\s*)([A-Za-z]{0,3}-?\d[\d-]*[A-Za-z0-9]*)/gi,
    group: 2,
    accept: (detail) => (detail.match(/\d/g) ?? []).length >= 4 && !YEAR.test(detail) && !YEAR_RANGE.test(detail),
  },
  // Card-like groups (4111 1111 1111 1111, 0012-345678-901): at least 12 digits, not a list of years.
  {
    kind: 'ACCOUNT',
    pattern: /(?<![\w$€£.,-])\d{3,6}(?:[ -]\d{3,6}){2,4}(?![\w-]|[.,]\d)/g,
    accept: (detail) => {
      const groups = detail.split(/[ -]/);
      return groups.join('').length >= 12 && !groups.every((g) => YEAR.test(g));
    },
  },
  // Six digits and more; never money ($125000, 125000.00, 1,250,000) nor a compact date.
  {
    kind: 'ACCOUNT',
    pattern: /(?<![\w$€£.,])\d{6,}(?!\w|[.,]\d)/g,
    accept: (detail, { after }) => !isCompactDate(detail) && !/^\s*(?:dollars|USD|cents)\b/i.test(after),
  },
];

/** `text` with every personal detail replaced by its placeholder, remembered in `placeholders`. */
export function redact(text: string, placeholders: Placeholders): string {
  let result = text;
  for (const rule of RULES) {
    result = result.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const offset = args[args.length - 2] as number;
      const whole = args[args.length - 1] as string;
      const detail = rule.group === undefined ? match : (args[rule.group] as string);
      const around = { before: whole.slice(Math.max(0, offset - 30), offset), after: whole.slice(offset + match.length, offset + match.length + 12) };
      if (rule.accept && !rule.accept(detail, around)) return match;
      const placeholder = placeholders.placeholderFor(rule.kind, detail);
      return rule.group === undefined ? placeholder : match.slice(0, match.length - detail.length) + placeholder;
    });
  }
  return result;
}

const PLACEHOLDER = /\[(?:EMAIL|PHONE|ACCOUNT|ADDRESS)_\d+\]/g;

/** `text` with the placeholders `placeholders` handed out replaced by their originals; any other left as written. */
export function restore(text: string, placeholders: Placeholders): string {
  return text.replace(PLACEHOLDER, (placeholder) => placeholders.originalOf(placeholder) ?? placeholder);
}

/** The longest placeholder a stream may hold back while it is split across chunks ("[ADDRESS_12345]"). */
const LONGEST_PLACEHOLDER = 24;
const PARTIAL_PLACEHOLDER = /^\[[A-Z]*_?\d*$/;

/**
 * restore() for text arriving in pieces: a placeholder cut between two pieces ("...at [ADDR" +
 * "ESS_1]") is held back until it is whole, so no piece shows half of one. `push` answers what
 * can be shown now, `flush` the rest at the end.
 */
export function createStreamRestorer(placeholders: Placeholders): { push(piece: string): string; flush(): string } {
  let pending = '';
  return {
    push(piece) {
      const text = pending + piece;
      const open = text.lastIndexOf('[');
      const tail = open === -1 ? '' : text.slice(open);
      const cut = tail.length > 0 && tail.length < LONGEST_PLACEHOLDER && !tail.includes(']') && PARTIAL_PLACEHOLDER.test(tail);
      pending = cut ? tail : '';
      return restore(cut ? text.slice(0, open) : text, placeholders);
    },
    flush() {
      const rest = restore(pending, placeholders);
      pending = '';
      return rest;
    },
  };
}
