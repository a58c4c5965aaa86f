// Stands in for @rjsf/utils' getDecimalSeparator (see rjsf-substitutes-plugin.ts), which rjsf's
// NumberField calls on every render of every number field: the same answer (the decimal separator
// of the given languages, else the browser's), worked out once for the same languages instead of
// with a new Intl formatter each time (a millisecond or two each on a phone).
//
// The languages most of the portal's visitors browse in answer without Intl at all: a page's first
// Intl formatter loads the locale's data from ICU, 30 ms on a desktop's main thread and four times
// that on a phone, which every page with a number field would otherwise pay as it first renders.
// Every language it matches is checked against Intl (tests/unit/decimal-separator.test.ts); a
// longer list costs every form page its bytes.
export const POINT_DECIMAL_LANGUAGE = /^(en(-(US|GB|CA|AU|NZ|IE|IN))?|es-(MX|US)|ja(-JP)?|ko(-KR)?|zh(-(CN|TW|HK))?|he(-IL)?|th(-TH)?)$/;

// rjsf asks for the browser's languages only: one answer kept is all it needs.
let last: [key: string, separator: string] | undefined;

export default function getDecimalSeparator(languages?: string | readonly string[]): string {
  const locales = languages || (typeof navigator !== 'undefined' ? navigator.languages : undefined);
  const key = String(locales);
  // Intl takes the first language it knows, and it knows each one the pattern matches.
  if (!locales || POINT_DECIMAL_LANGUAGE.test(key.split(',')[0])) return '.';
  if (last?.[0] !== key) {
    let separator;
    try {
      separator = new Intl.NumberFormat(locales as string[]).formatToParts(1.1).find((part) => part.type === 'decimal')?.value;
    } catch {
      // A language Intl refuses: rjsf's answer too.
    }
    last = [key, separator || '.'];
  }
  return last[1];
}
