// Stands in for @rjsf/utils' getDecimalSeparator (see rjsf-substitutes-plugin.ts), which rjsf's
// NumberField calls on every render of every number field: the same answer (the decimal separator
// of the given languages, else the browser's), worked out once per list of languages instead of
// with a new Intl formatter each time (a millisecond or two each on a phone).
//
// The languages most browsers put first answer from a table, without Intl at all: a page's first
// Intl formatter loads the locale's data from ICU, 30 ms on a desktop's main thread and four times
// that on a phone, which every page with a number field would otherwise pay as it first renders.
// Each entry is checked against Intl (tests/unit/decimal-separator.test.ts).
export const POINT_DECIMAL_LANGUAGES: ReadonlySet<string> = new Set([
  'en', 'en-US', 'en-GB', 'en-CA', 'en-AU', 'en-NZ', 'en-IE', 'en-IN',
  'es-MX', 'es-US', 'ja', 'ja-JP', 'ko', 'ko-KR', 'zh', 'zh-CN', 'zh-TW', 'zh-HK', 'he', 'he-IL', 'th', 'th-TH',
]);

const known = new Map<string, string>();

export default function getDecimalSeparator(languages?: string | readonly string[]): string {
  const locales = languages || (typeof navigator !== 'undefined' ? navigator.languages : undefined);
  if (!locales) return '.';
  // Intl takes the first language it knows, and it knows each of the table's.
  const first = typeof locales === 'string' ? locales : locales[0];
  if (first !== undefined && POINT_DECIMAL_LANGUAGES.has(first)) return '.';
  const key = typeof locales === 'string' ? locales : `[${locales.join(',')}]`;
  let separator = known.get(key);
  if (separator === undefined) {
    try {
      separator = new Intl.NumberFormat(locales as string | string[]).formatToParts(1.1).find((part) => part.type === 'decimal')?.value || '.';
    } catch {
      separator = '.';
    }
    known.set(key, separator);
  }
  return separator;
}
